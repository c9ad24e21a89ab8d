import "server-only";
import { prisma } from "../db";
import { fechaHora } from "../dates";
import { documentoCsv } from "../csv";
import { ApiError } from "../http";

import type { Gestor } from "./acceso";
import { cambioRegistrado } from "./auditoria";
import { POR_PAGINA_GESTION, paginaKeyset } from "./cursor";
import { mensajesGestion } from "../mensajes-gestion";

/**
 * The satellite leads (/eurona's form, POST /api/emailEurona): new until someone of the team
 * marks them contacted. Kept one year (lib/tareas/retencion.ts).
 */

export type EstadoContacto = "nuevos" | "contactados";

export const esEstadoContacto = (s: string | undefined): s is EstadoContacto => s === "nuevos" || s === "contactados";

const filtro = (estado: EstadoContacto | undefined) =>
  estado === "nuevos" ? { contactadoEn: null } : estado === "contactados" ? { contactadoEn: { not: null } } : {};

const ORDEN = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** A page of leads, newest first, with the cursor of the next page (keyset, never OFFSET). */
export async function listarContactos(
  estado: EstadoContacto | undefined,
  despues: { creadoEn: Date; id: string } | null,
) {
  const filas = await prisma.solicitudInformacion.findMany({
    where: {
      ...filtro(estado),
      ...(despues
        ? { OR: [{ createdAt: { lt: despues.creadoEn } }, { createdAt: despues.creadoEn, id: { lt: despues.id } }] }
        : {}),
    },
    orderBy: ORDEN,
    take: POR_PAGINA_GESTION + 1,
  });
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ creadoEn: ultima.createdAt, id: ultima.id }));
  return { contactos: pagina, siguiente };
}

/**
 * Marks a lead contacted, once: a second click (or a second moderator) changes nothing and
 * says so, and each is logged.
 */
export async function marcarContactado(gestor: Gestor, id: string): Promise<{ mensaje: string; cambio: boolean }> {
  const entrada = { accion: "marcar_contactado", objetoTipo: "solicitud", objetoId: id } as const;
  const cambio = await cambioRegistrado(gestor, entrada, async (tx) => {
    const n = await tx.$executeRaw`
      UPDATE solicitud_informacion SET contactado_en = now(), contactado_por = ${gestor.email}
      WHERE id = ${id}::uuid AND contactado_en IS NULL`;
    if (n === 0 && !(await tx.solicitudInformacion.findUnique({ where: { id }, select: { id: true } })))
      throw new ApiError(404, mensajesGestion.contactoNoEncontrado);
    return n > 0;
  });
  return { mensaje: cambio ? mensajesGestion.contactoMarcado : mensajesGestion.contactoYaMarcado, cambio };
}

export const CABECERA_CSV = ["Nombre", "Teléfono", "Fecha", "Contactado"] as const;

/**
 * Every lead (of the filter) as CSV, newest first: name, phone, when it arrived (Madrid time)
 * and, once contacted, when and by whom.
 */
export async function contactosCsv(estado: EstadoContacto | undefined): Promise<string> {
  const filas = await prisma.solicitudInformacion.findMany({ where: filtro(estado), orderBy: ORDEN });
  return documentoCsv(
    CABECERA_CSV,
    filas.map((c) => [
      c.nombre,
      c.telefono,
      fechaHora(c.createdAt),
      c.contactadoEn ? `Sí, ${fechaHora(c.contactadoEn)} (${c.contactadoPor})` : "No",
    ]),
  );
}
