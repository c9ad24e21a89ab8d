/**
 * Syncs every source that is due (lib/fuentes): not paused, its interval passed since its last
 * sync. A source another run is syncing is skipped, so overlapping runs are harmless. Run it
 * every few minutes from cron:
 *   *\/10 * * * *  cd /srv/planazo && npm run --silent fuentes:sincronizar
 * Hosted schedulers can POST /api/tareas/fuentes with `Authorization: Bearer $CRON_SECRET`.
 */
import "./lib/load-env";
import { prisma } from "../lib/db";
import { dibujarCartelesPendientes } from "../lib/fuentes/carteles";
import { sincronizarPendientes } from "../lib/fuentes/sincronizar";

try {
  const hechas = await sincronizarPendientes();
  for (const { id, resultado: r } of hechas) {
    if (!r) console.log(`fuente ${id}: otra ejecución la está sincronizando`);
    else
      console.log(
        `fuente ${id}: ${r.creados} creados, ${r.actualizados} actualizados, ${r.retirados} retirados, ` +
          `${r.sinCambios} sin cambios, ${r.descartados.length} descartados${r.error ? ` — error: ${r.error}` : ""}`,
      );
  }
  if (hechas.length === 0) console.log("fuentes: ninguna pendiente");
  // Then the posters of imported plans without an image, a batch at a time, until none is left.
  let carteles = 0;
  for (let n = await dibujarCartelesPendientes(); n > 0; n = await dibujarCartelesPendientes()) carteles += n;
  if (carteles > 0) console.log(`fuentes: ${carteles} carteles dibujados`);
} finally {
  await prisma.$disconnect();
}
