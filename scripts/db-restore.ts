/**
 * Restores a backup of `npm run db:backup` into an empty database (created when it does not
 * exist) and an empty storage folder, after checking every checksum:
 *
 *   DATABASE_URL=postgresql://…/planazo_nueva STORAGE_DIR=/srv/planazo/storage npm run db:restore -- /copias/planazo-2026-11-29
 *
 * It refuses, changing nothing, a database that has plans or tables and a folder with files.
 */
import { performance } from "node:perf_hooks";
import { CopiaRechazada, restaurarCopia } from "./lib/copia";
import { destinoDeLaApp, carpetaDeArgumentos } from "./lib/copia-destino";
import { runScript } from "./lib/prepare-database";

runScript(async () => {
  const dir = carpetaDeArgumentos("db:restore");
  const t0 = performance.now();
  try {
    const destino = await destinoDeLaApp();
    await restaurarCopia(destino, dir, (l) => console.log(l));
    console.log(
      `restored into ${new URL(destino.databaseUrl).pathname.slice(1)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    if (!(error instanceof CopiaRechazada)) throw error;
    console.error(`restore refused: ${error.message}`);
    process.exit(1);
  }
});
