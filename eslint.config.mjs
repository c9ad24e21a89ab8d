import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // lib/schemas.ts configures zod (Spanish default message) before any request schema exists.
    files: ["lib/*/schemas.ts", "app/api/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Import z from lib/schemas.ts, which gives zod the catalogue's default message." },
          ],
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    ".data/**",
    "storage/**",
    "lib/generated/**",
    "next-env.d.ts",
    "scripts/gazetteer/**",
  ]),
]);
