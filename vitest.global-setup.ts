import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startJwksServer, TEST_GOOGLE_CLIENT_IDS } from "./test-support/google-jwks";
import { startAppServer } from "./test-support/app-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    storageDir: string;
    googlePrivateJwk: string;
    cronSecret: string;
    /** The environment the app server was started with, for tests that start a second instance. */
    appEnv: Record<string, string>;
  }
}

/**
 * Starts the built app once for every test file, against the test database that
 * scripts/test prepared (DATABASE_URL), with its own storage folder.
 */
export default async function setup(project: TestProject) {
  if (!process.env.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: run the tests with `npm test`, which prepares the test database.");
  }
  const storageDir = mkdtempSync(path.join(tmpdir(), "planazo-storage-"));
  const jwks = await startJwksServer();
  const cronSecret = randomBytes(24).toString("hex");
  const appEnv = {
    DATABASE_URL: process.env.DATABASE_URL,
    // Every read from the test database, whatever .env says (e2e/replica.test.ts starts its own replica).
    DATABASE_READ_URL: "",
    CRON_SECRET: cronSecret,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    STORAGE_DIR: storageDir,
    GOOGLE_CLIENT_IDS: Object.values(TEST_GOOGLE_CLIENT_IDS).join(","),
    GOOGLE_JWKS_URL: jwks.url,
    PROMOTION_PHONE: "+34 600 000 999",
  };
  const server = await startAppServer(appEnv);
  project.provide("baseUrl", server.url);
  project.provide("storageDir", storageDir);
  project.provide("cronSecret", cronSecret);
  project.provide("appEnv", appEnv);
  project.provide("googlePrivateJwk", JSON.stringify(jwks.privateJwk));
  return async () => {
    await server.stop();
    await jwks.close();
    rmSync(storageDir, { recursive: true, force: true });
  };
}
