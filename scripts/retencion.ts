/**
 * Deletes the contact requests the privacy text promises to keep only one year: satellite leads
 * and featuring requests older than 365 days; the expired rows of "follow my town"; and the
 * posters of the publishing wizard never published, after 7 days; sessions past their expiry, with
 * their devices for notifications. Idempotent; run it once a day from cron:
 *   30 3 * * *  cd /srv/planazo && npm run --silent retencion
 * Hosted schedulers can POST /api/tareas/retencion with `Authorization: Bearer $CRON_SECRET`.
 */
import "./lib/load-env";
import { createPrismaClient } from "../lib/db/client";
import { DIAS_CARTEL_TEMPORAL } from "../lib/plans/cartel-temporal-caducado";
import { aplicarRetencion } from "../lib/tareas/retencion";

const prisma = createPrismaClient(undefined, 1);
try {
  const {
    contactos,
    solicitudes,
    seguimientosSinConfirmar,
    enlacesCaducados,
    resumenes,
    bajasIndice,
    cartelesTemporales,
    sesionesCaducadas,
  } = await aplicarRetencion(prisma);
  console.log(
    `retención: ${contactos} contactos de Eurona y ${solicitudes} solicitudes para destacar borrados (más de un año)`,
  );
  console.log(
    `retención: ${seguimientosSinConfirmar} seguimientos sin confirmar, ${enlacesCaducados} enlaces de correos y ${resumenes} envíos semanales caducados borrados`,
  );
  console.log(`retención: ${bajasIndice} bajas de planes del índice de búsqueda borradas (más de una semana)`);
  console.log(
    `retención: ${cartelesTemporales} carteles de borradores sin publicar borrados (más de ${DIAS_CARTEL_TEMPORAL} días)`,
  );
  console.log(`retención: ${sesionesCaducadas} sesiones caducadas borradas, con sus dispositivos de avisos`);
} finally {
  await prisma.$disconnect();
}
