import path from "node:path";
import { env } from "../../lib/env";
import type { Destino } from "./copia";
import { resolveDatabaseUrl } from "./prepare-database";

/** The database and storage the app uses, from the same variables (the local cluster, started, without DATABASE_URL). */
export async function destinoDeLaApp(): Promise<Destino> {
  const { STORAGE_DIR, UPLOADTHING_TOKEN } = env();
  return {
    databaseUrl: await resolveDatabaseUrl(undefined, () => {}),
    storageDir: path.resolve(STORAGE_DIR),
    uploadthing: Boolean(UPLOADTHING_TOKEN),
  };
}

/** The backup's folder, the script's one argument. */
export function carpetaDeArgumentos(script: string): string {
  const dir = process.argv[2];
  if (!dir || process.argv.length > 3) {
    console.error(`usage: npm run ${script} -- FOLDER`);
    process.exit(2);
  }
  return path.resolve(dir);
}
