import { readJson, route, otrosMetodos } from "@/lib/http";
import { clientIp } from "@/lib/rate-limit";
import { reportarPlan } from "@/lib/reportes/reportar-plan";
import { reporteSchema } from "@/lib/reportes/schemas";
import { sessionUser } from "@/lib/users/session";

/** POST /api/plan/reportar-plan { titulo, urlArchivo, urlPlan, motivo?, detalle? } → { mensaje }; no login needed. */
export const POST = route(async (request) => {
  const datos = reporteSchema.parse(await readJson(request));
  const user = await sessionUser(request.headers);
  return Response.json({ mensaje: await reportarPlan(datos, clientIp(request), user?.id ?? null) });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("POST");
