import "server-only";
import { Prisma } from "../generated/prisma/client";
import { prisma } from "../db";
import { ApiError } from "../http";
import { deliverSoon } from "../mail/send";
import { conDatos, mensajes } from "../messages";
import type { Gestor } from "./acceso";
import { cambioRegistrado, registrar } from "./auditoria";
import { POR_PAGINA_GESTION, paginaKeyset } from "./cursor";

/**
 * The outbox's failures: e-mails not sent after at least one attempt. The team sees to whom,
 * the subject and the provider's last error, never the body (password and confirmation mails
 * carry tokens), and can send one or all again now.
 */

export interface CorreoFallido {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
}

/** Failed e-mails, newest first (keyset over the partial index email_outbox_fallidos_idx). */
export async function correosFallidos(despues: { creadoEn: Date; id: string } | null) {
  const filas = await prisma.$queryRaw<CorreoFallido[]>`
    SELECT id, "to", subject, attempts, last_error, next_attempt_at, created_at
    FROM email_outbox
    WHERE sent_at IS NULL AND attempts > 0
      ${despues ? Prisma.sql`AND (created_at, id) < (${despues.creadoEn}, ${despues.id}::uuid)` : Prisma.empty}
    ORDER BY created_at DESC, id DESC
    LIMIT ${POR_PAGINA_GESTION + 1}`;
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ creadoEn: ultima.created_at, id: ultima.id }));
  return { correos: pagina, siguiente };
}

/** Makes one failed e-mail due now and starts delivering; an e-mail already sent is left alone. */
export async function reintentarCorreo(gestor: Gestor, id: string): Promise<{ mensaje: string; cambio: boolean }> {
  const entrada = { accion: "reintentar_correo", objetoTipo: "correo", objetoId: id } as const;
  const cambio = await cambioRegistrado(gestor, entrada, async (tx) => {
    const n =
      await tx.$executeRaw`UPDATE email_outbox SET next_attempt_at = now() WHERE id = ${id}::uuid AND sent_at IS NULL`;
    if (n === 0 && !(await tx.emailOutbox.findUnique({ where: { id }, select: { id: true } })))
      throw new ApiError(404, mensajes.correoNoEncontrado);
    return n > 0;
  });
  if (cambio) deliverSoon();
  return { mensaje: cambio ? mensajes.correoReintentado : mensajes.correoYaEnviado, cambio };
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
        ? mensajes.sinCorreosFallidos
        : n === 1
          ? mensajes.correoReintentado
          : conDatos(mensajes.correosReintentados, { n: String(n) }),
    cambio: n > 0,
    correos: n,
  };
}
