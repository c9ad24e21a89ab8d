import type { NextRequest } from "next/server";
import { CABECERA_PERSONA } from "../app-instalable/sin-conexion";
import { idDeSesion } from "../app-instalable/persona";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../cookies";
import { peticionDeDocumento } from "../paginas-publicas/cache";

/**
 * Whose session a page was answered for (CABECERA_PERSONA): the worker empties the offline
 * page's saved plans when it changes (lib/app-instalable/sin-conexion.ts).
 */
export async function conPersona(request: NextRequest, respuesta: Response): Promise<Response> {
  if (!peticionDeDocumento(request)) return respuesta;
  const cookie = request.cookies.get(SECURE_SESSION_COOKIE)?.value ?? request.cookies.get(SESSION_COOKIE)?.value;
  respuesta.headers.set(CABECERA_PERSONA, await idDeSesion(cookie));
  return respuesta;
}
