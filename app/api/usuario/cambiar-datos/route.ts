import { readJson, route, otrosMetodos } from "@/lib/http";
import { cambiarDatos } from "@/lib/users/account";
import { parseCambioDatos } from "@/lib/users/schemas";
import { requireUser } from "@/lib/users/session";

/** PATCH /api/usuario/cambiar-datos { nombre } | { correo } | { passwordPerfilActual, passwordPerfilNueva } → { mensaje }. */
export const PATCH = route(async (request) => {
  const user = await requireUser(request);
  const cambio = parseCambioDatos(await readJson(request));
  return Response.json({ mensaje: await cambiarDatos(user, cambio) });
});

export const { GET, POST, PUT, DELETE, OPTIONS } = otrosMetodos("PATCH");
