import { NextResponse } from "next/server";
import { rutaEnIdioma } from "../idiomas";
import { COOKIE_LUGAR, destinoDeLaPortada } from "../portada/destino";
import type { Paso } from "./paso";

/**
 * The generic home, for a visitor it can place (a remembered place, or a CDN's geolocation):
 * their place's search (lib/portada/destino.ts), by a redirect no shared cache may keep. The home
 * and the search it leads to stay public.
 */
export const portadaConLugar: Paso = async ({ request, pathname, search, idioma }) => {
  if (pathname !== "/" || search !== "" || request.method !== "GET") return undefined;
  const destino = await destinoDeLaPortada(request.cookies.get(COOKIE_LUGAR)?.value, request.headers).catch(() => null);
  if (!destino) return undefined;
  const respuesta = NextResponse.redirect(new URL(rutaEnIdioma(idioma, destino), request.url), 307);
  respuesta.headers.set("Cache-Control", "private, no-store");
  return respuesta;
};
