import path from "node:path";
import nextEnv from "@next/env";

// Scripts read .env / .env.local exactly as the Next.js app does.
nextEnv.loadEnvConfig(path.resolve(import.meta.dirname, "..", ".."), process.env.NODE_ENV !== "production");
