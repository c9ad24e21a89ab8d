import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "../env";
import { ApiError } from "../http";
import { mensajes } from "../messages";

const huella = (s: string) => createHash("sha256").update(s).digest();

/**
 * The one check of the scheduled jobs' calls (/api/tareas/*): `Authorization: Bearer
 * $CRON_SECRET`, compared in constant time. Without CRON_SECRET these calls do not exist (404);
 * without the secret or with a wrong one, 401.
 */
export function exigirSecretoCron(request: Request): void {
  const secreto = env().CRON_SECRET;
  if (!secreto) throw new ApiError(404, mensajes.recursoNoEncontrado);
  // Only the Bearer scheme: a bare secret in the header is refused too.
  const dado = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(huella(dado), huella(secreto))) throw new ApiError(401, mensajes.noAutorizado);
}
