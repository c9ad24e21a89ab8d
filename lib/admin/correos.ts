import "server-only";
import { Prisma } from "../generated/prisma/client";
import { prisma } from "../db";
import { ApiError } from "../http";
import { deliverSoon } from "../mail/send";
import { ocultarEnlacesPersonales } from "../mail/ocultar";
import { conDatos } from "../con-datos";
import type { Gestor } from "./acceso";
import { cambioRegistrado, registrar } from "./auditoria";
import { POR_PAGINA_GESTION, paginaKeyset } from "./cursor";
import { mensajesGestion } from "../mensajes-gestion";

/**
 * The outbox as the team reads it: every e-mail (sent, waiting, failed) newest first, or only
 * the failed ones, and one e-mail opened as it was sent. Links that carry a key to someone's
 * account (confirmation, password, follows) are hidden (lib/mail/ocultar.ts); the headers,
 * which carry the unsubscribe key, are never shown.
 */

export interface CorreoFila {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
  sent_at: Date | null;
}

/** The lists of /gestion/correos: every e-mail, or those not sent after at least one attempt. */
export type FiltroCorreos = "todos" | "fallidos";

export function leerFiltroCorreos(estado: string | undefined): FiltroCorreos {
  return estado === "fallidos" ? "fallidos" : "todos";
}

/** A page of e-mails, newest first (keyset over email_outbox_creado_idx or the failed ones' partial index). */
export async function listarCorreos(filtro: FiltroCorreos, despues: { creadoEn: Date; id: string } | null) {
  const filas = await prisma.$queryRaw<CorreoFila[]>`
    SELECT id, "to", subject, attempts, last_error, next_attempt_at, created_at, sent_at
    FROM email_outbox
    WHERE true
      ${filtro === "fallidos" ? Prisma.sql`AND sent_at IS NULL AND attempts > 0` : Prisma.empty}
      ${despues ? Prisma.sql`AND (created_at, id) < (${despues.creadoEn}, ${despues.id}::uuid)` : Prisma.empty}
    ORDER BY created_at DESC, id DESC
    LIMIT ${POR_PAGINA_GESTION + 1}`;
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ creadoEn: ultima.created_at, id: ultima.id }));
  return { correos: pagina, siguiente };
}

/** One e-mail as sent, its personal links hidden; null when there is none with that id. */
export async function leerCorreo(id: string): Promise<(CorreoFila & { text: string; html: string }) | null> {
  const fila = await prisma.emailOutbox.findUnique({ where: { id } });
  if (!fila) return null;
  return {
    id: fila.id,
    to: fila.to,
    subject: fila.subject,
    attempts: fila.attempts,
    last_error: fila.lastError,
    next_attempt_at: fila.nextAttemptAt,
    created_at: fila.createdAt,
    sent_at: fila.sentAt,
    text: ocultarEnlacesPersonales(fila.text),
    html: ocultarEnlacesPersonales(fila.html),
  };
}

/** Makes one failed e-mail due now and starts delivering; an e-mail already sent is left alone. */
export async function reintentarCorreo(gestor: Gestor, id: string): Promise<{ mensaje: string; cambio: boolean }> {
  const entrada = { accion: "reintentar_correo", objetoTipo: "correo", objetoId: id } as const;
  const cambio = await cambioRegistrado(gestor, entrada, async (tx) => {
    const n =
      await tx.$executeRaw`UPDATE email_outbox SET next_attempt_at = now() WHERE id = ${id}::uuid AND sent_at IS NULL`;
    if (n === 0 && !(await tx.emailOutbox.findUnique({ where: { id }, select: { id: true } })))
      throw new ApiError(404, mensajesGestion.correoNoEncontrado);
    return n > 0;
  });
  if (cambio) deliverSoon();
  return { mensaje: cambio ? mensajesGestion.correoReintentado : mensajesGestion.correoYaEnviado, cambio };
}

/** Makes every failed e-mail due now and starts delivering them; one log row for the lot. */
export async function reintentarTodos(gestor: Gestor): Promise<{ mensaje: string; cambio: boolean; correos: number }> {
  const n = await prisma.$transaction(async (tx) => {
    const n =
      await tx.$executeRaw`UPDATE email_outbox SET next_attempt_at = now() WHERE sent_at IS NULL AND attempts > 0`;
    await registrar(tx, gestor, {
      accion: "reintentar_correos",
      objetoTipo: "correo",
      objetoId: "todos",
      datos: { correos: n },
    });
    return n;
  });
  if (n > 0) deliverSoon();
  return {
    mensaje:
      n === 0
        ? mensajesGestion.sinCorreosFallidos
        : n === 1
          ? mensajesGestion.correoReintentado
          : conDatos(mensajesGestion.correosReintentados, { n: String(n) }),
    cambio: n > 0,
    correos: n,
  };
}
