import { createHash, timingSafeEqual } from "node:crypto";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, route } from "@/lib/http";
import { deliverSoon } from "@/lib/mail/send";
import { mensajes } from "@/lib/messages";
import { enviarRecordatorios } from "@/lib/reminders/reminders";

const huella = (s: string) => createHash("sha256").update(s).digest();

/**
 * POST /api/tareas/recordatorios with `Authorization: Bearer $CRON_SECRET`: the daily reminder
 * job for hosted schedulers (the same as `npm run reminders:send`). Without CRON_SECRET the
 * endpoint does not exist.
 */
export const POST = route(async (request) => {
  const secreto = env().CRON_SECRET;
  if (!secreto) throw new ApiError(404, mensajes.recursoNoEncontrado);
  const dado = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
  if (!timingSafeEqual(huella(dado), huella(secreto))) throw new ApiError(401, mensajes.noAutorizado);
  const resultado = await enviarRecordatorios(prisma);
  deliverSoon();
  return Response.json(resultado);
});
