import { cambiarPreferencias, preferenciasDe, preferenciasSchema } from "@/lib/avisos/preferencias";
import { readJson, route, otrosMetodos } from "@/lib/http";
import { requireUser } from "@/lib/users/session";
import { mensajesAvisos } from "@/lib/avisos/mensajes";

/**
 * GET /api/usuario/avisos → { publicaciones, cambios, recordatorios, resumen }, each
 * { correo, push }: how the person wants each kind of notice.
 */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  return Response.json(await preferenciasDe(user.id));
});

/** PATCH /api/usuario/avisos { cambios: { push: false }, … } → { mensaje, avisos }: what is sent changes. */
export const PATCH = route(async (request) => {
  const user = await requireUser(request);
  const cambio = preferenciasSchema.parse(await readJson(request));
  return Response.json({ mensaje: mensajesAvisos.avisosGuardados, avisos: await cambiarPreferencias(user.id, cambio) });
});

export const { POST, PUT, DELETE, OPTIONS } = otrosMetodos("GET", "PATCH");
