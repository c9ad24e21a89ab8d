import { TAREA } from "../admin/asignar-rol";
import { registrar } from "../admin/auditoria-registro";
import type { PrismaClient } from "../db/client";

/** The privacy text promises that contact requests are kept one year. */
export const DIAS_RETENCION = 365;

/**
 * Deletes the satellite leads and the featuring requests older than DIAS_RETENCION days, in one
 * transaction with its audit row (written only when something was deleted, so a daily run that
 * finds nothing leaves no trace). Running it again deletes nothing more: it is idempotent.
 */
export async function aplicarRetencion(prisma: PrismaClient): Promise<{ contactos: number; solicitudes: number }> {
  return prisma.$transaction(async (tx) => {
    const [{ limite }] = await tx.$queryRaw<
      { limite: Date }[]
    >`SELECT now() - make_interval(days => ${DIAS_RETENCION}) AS limite`;
    const contactos = await tx.solicitudInformacion.deleteMany({ where: { createdAt: { lt: limite } } });
    const solicitudes = await tx.solicitudDestacado.deleteMany({ where: { createdAt: { lt: limite } } });
    if (contactos.count + solicitudes.count > 0) {
      await registrar(tx, TAREA, {
        accion: "retencion",
        objetoTipo: "solicitud",
        objetoId: `antes de ${limite.toISOString()}`,
        motivo: `Se guardan ${DIAS_RETENCION} días (política de privacidad).`,
        datos: { contactos: contactos.count, solicitudes: solicitudes.count },
      });
    }
    return { contactos: contactos.count, solicitudes: solicitudes.count };
  });
}
