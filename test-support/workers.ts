/**
 * What every Vitest worker of the integration and browser tests gets for itself, started once in
 * the main process before any file runs: a database cloned from the migrated template (schema
 * and gazetteer, `CREATE DATABASE … TEMPLATE`), a storage folder, the built app on a free port
 * against them (a worker's browser files share one Chromium of their own: launchBrowser). Files on
 * different workers therefore never see each other's rows, files or rate-limit counters, and can
 * run at the same time.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startAppServer, type AppServer } from "./app-server";
import { createDatabase, databaseName, dropDatabase } from "./database";
import { startJwksServer, TEST_GOOGLE_CLIENT_IDS } from "./google-jwks";

export interface WorkerResources {
  /** The built app this worker's files call. */
  baseUrl: string;
  /** The worker's own database (also set as DATABASE_URL in the worker's process). */
  databaseUrl: string;
  /** The app's STORAGE_DIR (also set as STORAGE_DIR in the worker's process). */
  storageDir: string;
  /** The environment the app was started with, for tests that start a second instance. */
  appEnv: Record<string, string>;
}

export interface SharedResources {
  workers: WorkerResources[];
  /** The migrated template every worker's database was cloned from. */
  templateDatabaseUrl: string;
  cronSecret: string;
  googlePrivateJwk: string;
}

/** Starts `count` workers' databases, storage folders and apps (all at once). */
export async function startWorkers(count: number): Promise<{ shared: SharedResources; stop: () => Promise<void> }> {
  const templateDatabaseUrl = process.env.DATABASE_URL;
  if (!templateDatabaseUrl) {
    throw new Error("DATABASE_URL is not set: run the tests with `npm test`, which prepares the test database.");
  }
  const template = databaseName(templateDatabaseUrl);
  const jwks = await startJwksServer();
  const cronSecret = randomBytes(24).toString("hex");
  const apps: AppServer[] = [];
  const workers: WorkerResources[] = [];
  const stop = async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await jwks.close();
    for (const w of workers) {
      rmSync(w.storageDir, { recursive: true, force: true });
      await dropDatabase(w.databaseUrl).catch(() => undefined);
    }
  };
  try {
    // Copies one after another: CREATE DATABASE … TEMPLATE needs the template without sessions.
    for (let id = 1; id <= count; id++) {
      const databaseUrl = await createDatabase(templateDatabaseUrl, `${template}_w${id}`, {
        template: templateDatabaseUrl,
      });
      const storageDir = mkdtempSync(path.join(tmpdir(), "planazo-storage-"));
      const appEnv = {
        DATABASE_URL: databaseUrl,
        // Every read from the worker's database, whatever .env says (the replica tests start their own).
        DATABASE_READ_URL: "",
        CRON_SECRET: cronSecret,
        BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
        STORAGE_DIR: storageDir,
        GOOGLE_CLIENT_IDS: Object.values(TEST_GOOGLE_CLIENT_IDS).join(","),
        GOOGLE_JWKS_URL: jwks.url,
        PROMOTION_PHONE: "+34 600 000 999",
        // Sources in the tests are served by local servers (127.0.0.1) only.
        SOURCES_ALLOW_LOOPBACK: "1",
        // Push endpoints in the tests are local stand-ins (http://127.0.0.1).
        PUSH_ALLOW_LOOPBACK: "1",
        // The fediverse's other servers in the tests are local stand-ins (127.0.0.1).
        FEDERATION_ALLOW_LOOPBACK: "1",
        // Notifications go out at any hour in the tests (the quiet hours have tests of their own).
        PUSH_HORAS_SILENCIO: "no",
      };
      workers.push({ baseUrl: "", databaseUrl, storageDir, appEnv });
    }
    // The apps start together, each into its worker's slot.
    await Promise.all(
      workers.map(async (worker) => {
        const app = await startAppServer(worker.appEnv);
        apps.push(app);
        worker.baseUrl = app.url;
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    shared: { workers, templateDatabaseUrl, cronSecret, googlePrivateJwk: JSON.stringify(jwks.privateJwk) },
    stop,
  };
}
