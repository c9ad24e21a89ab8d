/**
 * Runs in each integration or browser test file before it is imported: what the file's code
 * reads from the environment (lib/db, lib/media, the test helpers' queries) is its worker's own.
 */
import { worker } from "./worker";

const { databaseUrl, storageDir } = worker();
process.env.DATABASE_URL = databaseUrl;
process.env.STORAGE_DIR = storageDir;
