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

/** The backup's folder, the script's one argument besides the `opciones` it accepts. */
export function carpetaDeArgumentos(script: string, opciones: readonly string[] = []): string {
  const args = process.argv.slice(2).filter((a) => !opciones.includes(a));
  if (args.length !== 1 || args[0].startsWith("--")) {
    console.error(`usage: npm run ${script} -- FOLDER${opciones.map((o) => ` [${o}]`).join("")}`);
    process.exit(2);
  }
  return path.resolve(args[0]);
}
