import { TAREA } from "../admin/asignar-rol";
import { registrar } from "../admin/auditoria-registro";
import type { PrismaClient } from "../db/client";
import { borrarCartelesTemporales, CADUCADOS } from "../plans/cartel-temporal-caducado";

/** The privacy text promises that contact requests are kept one year. */
export const DIAS_RETENCION = 365;

/** The weekly e-mail's claims are only needed for their own week; a few weeks' margin. */
export const SEMANAS_RESUMENES = 8;

/**
 * The search index's record of deleted plans (plan_baja) is read by instances bringing their
 * copy up to date; an instance a day behind reads every plan again (lib/busqueda/indice-db.ts).
 */
export const DIAS_BAJAS_INDICE = 7;

/**
 * Notifications and plan changes already handled are kept a while (a device's key is sent once;
 * nothing is sent after a day's TTL anyway), then go.
 */
export const DIAS_AVISOS = 14;

/** What a run deleted. */
export interface Retencion {
  contactos: number;
  solicitudes: number;
  /** Follows never confirmed whose link expired (their address is all they hold). */
  seguimientosSinConfirmar: number;
  /** Manage / unsubscribe links of old e-mails past their time. */
  enlacesCaducados: number;
  /** Claims of the weekly e-mail older than SEMANAS_RESUMENES weeks. */
  resumenes: number;
  /** Deleted plans' rows of the search index older than DIAS_BAJAS_INDICE days. */
  bajasIndice: number;
  /** Notifications and fanned-out plan changes older than DIAS_AVISOS days. */
  avisos: number;
  /** Posters of the publishing wizard never published, past their week (rows and files). */
  cartelesTemporales: number;
  /** Sessions past their expiry, and with them their devices for notifications. */
  sesionesCaducadas: number;
}

/**
 * Deletes the satellite leads and the featuring requests older than DIAS_RETENCION days, in one
 * transaction with its audit row (written only when something was deleted, so a daily run that
 * finds nothing leaves no trace). Running it again deletes nothing more: it is idempotent.
 * In the same run, the expiring rows of "follow my town" go: unconfirmed follows whose link has
 * expired (an address that never said yes is not kept), expired manage links, and old weekly
 * claims. These are routine expiry, like sessions, and leave no audit row. So are the wizard's
 * posters never published, deleted afterwards in their own transaction (their files after it).
 */
export async function aplicarRetencion(prisma: PrismaClient): Promise<Retencion> {
  const filas = await prisma.$transaction(async (tx) => {
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
    const seguimientos = await tx.seguimiento.deleteMany({
      where: { confirmadoEn: null, tokenCaducaEn: { lt: new Date() } },
    });
    const enlaces = await tx.seguimientoEnlace.deleteMany({ where: { caducaEn: { lt: new Date() } } });
    const resumenes = await tx.resumenSemanal.deleteMany({
      where: { creadoEn: { lt: new Date(Date.now() - SEMANAS_RESUMENES * 7 * 86_400_000) } },
    });
    const bajas = await tx.planBaja.deleteMany({
      where: { fecha: { lt: new Date(Date.now() - DIAS_BAJAS_INDICE * 86_400_000) } },
    });
    const avisos =
      (await tx.$executeRaw`DELETE FROM push_envio WHERE creado_en < now() - make_interval(days => ${DIAS_AVISOS})`) +
      // A publication is kept while its plan exists: shown again later, it is not news.
      (await tx.$executeRaw`
        DELETE FROM aviso_plan a WHERE a.repartido_en < now() - make_interval(days => ${DIAS_AVISOS})
          AND NOT (a.tipo = 'publicado' AND EXISTS (SELECT 1 FROM plan p WHERE p.id = a.plan_id))`);
    // An expired session signs no one in; its devices (ON DELETE CASCADE) are sent nothing already.
    const sesiones = await tx.session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    return {
      avisos,
      sesionesCaducadas: sesiones.count,
      bajasIndice: bajas.count,
      contactos: contactos.count,
      solicitudes: solicitudes.count,
      seguimientosSinConfirmar: seguimientos.count,
      enlacesCaducados: enlaces.count,
      resumenes: resumenes.count,
    };
  });
  const cartelesTemporales = await borrarCartelesTemporales(prisma, CADUCADOS);
  return { ...filas, cartelesTemporales };
}
