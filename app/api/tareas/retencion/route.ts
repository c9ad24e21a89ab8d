import { prisma } from "@/lib/db";
import { route, otrosMetodos } from "@/lib/http";
import { aplicarRetencion } from "@/lib/tareas/retencion";
import { exigirSecretoCron } from "@/lib/tareas/secreto";

/**
 * POST /api/tareas/retencion with `Authorization: Bearer $CRON_SECRET` → { contactos,
 * solicitudes }: the yearly retention of contact requests for hosted schedulers (the same as
 * `npm run retencion`). Without CRON_SECRET the endpoint does not exist.
 */
export const POST = route(async (request) => {
  exigirSecretoCron(request);
  return Response.json(await aplicarRetencion(prisma));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
