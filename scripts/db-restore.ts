/**
 * Restores a backup of `npm run db:backup` into an empty database (created when it does not
 * exist) and an empty storage folder, after checking it:
 *
 *   DATABASE_URL=postgresql://…/planazo_nueva STORAGE_DIR=/srv/planazo/storage-nuevo npm run db:restore -- /copias/planazo-2026-11-29
 *
 * It refuses, changing nothing, a backup that is not sound, a database that has plans or tables
 * and a folder with files. With `--verificar` it only checks the backup (verificarCopia): it
 * connects to no database and writes nothing, and exits 0 when the backup is sound.
 */
import { performance } from "node:perf_hooks";
import { CopiaRechazada, restaurarCopia, verificarCopia } from "./lib/copia";
import { destinoDeLaApp, carpetaDeArgumentos } from "./lib/copia-destino";
import { runScript } from "./lib/prepare-database";

runScript(async () => {
  const dir = carpetaDeArgumentos("db:restore", ["--verificar"]);
  const t0 = performance.now();
  const segundos = () => ((performance.now() - t0) / 1000).toFixed(1);
  try {
    if (process.argv.includes("--verificar")) {
      const m = await verificarCopia(dir, (l) => console.log(l));
      console.log(`copia del ${m.momento} en ${dir}: sana, comprobada en ${segundos()} s; no se ha cambiado nada`);
      return;
    }
    const destino = await destinoDeLaApp();
    await restaurarCopia(destino, dir, (l) => console.log(l));
    console.log(`restaurada en ${new URL(destino.databaseUrl).pathname.slice(1)} en ${segundos()} s`);
  } catch (error) {
    if (!(error instanceof CopiaRechazada)) throw error;
    console.error(`${process.argv.includes("--verificar") ? "copia" : "restauración"} rechazada: ${error.message}`);
    process.exit(1);
  }
});
