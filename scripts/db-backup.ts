/**
 * Backs up the database and the stored files as of one moment into a new folder:
 *
 *   npm run db:backup -- /copias/planazo-$(date +%F)
 *
 * Reads DATABASE_URL, STORAGE_DIR and UPLOADTHING_TOKEN as the app does (scripts/lib/copia.ts says
 * what the folder holds; docs/operations.md, how often and where to keep it).
 */
import { performance } from "node:perf_hooks";
import { CopiaRechazada, hacerCopia } from "./lib/copia";
import { destinoDeLaApp, carpetaDeArgumentos } from "./lib/copia-destino";
import { runScript } from "./lib/prepare-database";

runScript(async () => {
  const dir = carpetaDeArgumentos("db:backup");
  const t0 = performance.now();
  try {
    const m = await hacerCopia(await destinoDeLaApp(), dir, (l) => console.log(l));
    const segundos = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      `backup in ${dir}: ${m.baseDeDatos.planes} plans, dump ${(m.baseDeDatos.bytes / 1e6).toFixed(1)} MB, ${m.archivos.length} files (${m.almacenamiento}) in ${segundos} s`,
    );
  } catch (error) {
    if (!(error instanceof CopiaRechazada)) throw error;
    console.error(`backup refused: ${error.message}`);
    process.exit(1);
  }
});
