import "server-only";
import { env } from "../env";
import { nomenclatorMunicipios } from "../geo/municipios";
import { MAX_METROS_AL_MAS_CERCANO } from "../geo/local-geocoder";
import { distanciaKm, municipioMasCercano } from "../geo/slug";
import { COOKIE_LUGAR, leerLugarRecordado, urlDeLugar } from "../busqueda/lugar-recordado";
import { seguimientosDe } from "../seguimientos/seguimientos";

/**
 * Where the generic home sends a visitor it can place, so the first screen is plans near them
 * rather than a form: the place they last chose (COOKIE_LUGAR), else the municipality nearest to
 * the point a CDN's geolocation headers name. The home itself never reads either (its bytes are
 * the same for every anonymous visitor, so a CDN may keep it); proxy.ts answers with a private
 * redirect to the place's search URL, which is as cacheable as any search.
 */

/**
 * The header pairs (latitude, longitude) a CDN adds: Vercel's and Cloudflare's, or the pair in
 * CABECERAS_GEO ("x-geo-lat,x-geo-lng") for another CDN or proxy.
 */
function paresGeo(): [string, string][] {
  const propia = env().CABECERAS_GEO;
  if (propia) return [propia];
  return [
    ["x-vercel-ip-latitude", "x-vercel-ip-longitude"],
    ["cf-iplatitude", "cf-iplongitude"],
  ];
}

/** The point of the geolocation headers, when a pair holds two valid coordinates. */
export function puntoDeCabeceras(h: Headers): { lat: number; lng: number } | null {
  for (const [cLat, cLng] of paresGeo()) {
    const lat = Number(h.get(cLat) ?? NaN);
    const lng = Number(h.get(cLng) ?? NaN);
    if (h.get(cLat)?.trim() && h.get(cLng)?.trim() && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { lat, lng };
  }
  return null;
}

/**
 * The search URL the generic home redirects to for this request, or null (no remembered place,
 * no geolocation, or a point farther than 30 km from every Spanish municipality: a visitor
 * abroad gets the generic home). The gazetteer is in memory: no query per request.
 */
export async function destinoDeLaPortada(cookie: string | undefined, cabeceras: Headers): Promise<string | null> {
  const recordado = leerLugarRecordado(cookie);
  if (recordado) return urlDeLugar(recordado);
  const punto = puntoDeCabeceras(cabeceras);
  if (!punto) return null;
  const m = municipioMasCercano(await nomenclatorMunicipios(), punto);
  if (!m || m.lat === null || m.lng === null) return null;
  if (distanciaKm(punto, { lat: m.lat, lng: m.lng }) * 1000 > MAX_METROS_AL_MAS_CERCANO) return null;
  return urlDeLugar({ municipio: m.nombre, lat: m.lat, lng: m.lng });
}

/**
 * Where the generic home sends a signed-in person with no remembered place: the search of the
 * first town they follow, as their list of follows orders them, within the radius they follow it
 * at. Null when they follow no town. The home calls it (a signed-in page is never shared).
 */
export async function destinoDeSeguidos(usuarioId: string): Promise<string | null> {
  const [seguidos, nomenclator] = await Promise.all([seguimientosDe({ usuarioId }), nomenclatorMunicipios()]);
  for (const s of seguidos) {
    if (!("municipio" in s)) continue;
    const m = nomenclator.porIne.get(s.municipio.ine);
    if (!m || m.lat === null || m.lng === null) continue;
    return urlDeLugar({ municipio: m.nombre, lat: m.lat, lng: m.lng }, s.radio);
  }
  return null;
}

export { COOKIE_LUGAR };
