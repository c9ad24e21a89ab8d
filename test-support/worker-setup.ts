/**
 * Runs in each integration or browser test file before it is imported: what the file's code
 * reads from the environment (lib/db, lib/media, the test helpers' queries) is its worker's own.
 */
import { worker } from "./worker";

const { databaseUrl, storageDir, appEnv } = worker();
process.env.DATABASE_URL = databaseUrl;
process.env.STORAGE_DIR = storageDir;
// What the tests run in-process (the notifications' sender) follows the app's rules.
process.env.PUSH_ALLOW_LOOPBACK = appEnv.PUSH_ALLOW_LOOPBACK;
process.env.PUSH_HORAS_SILENCIO = appEnv.PUSH_HORAS_SILENCIO;
