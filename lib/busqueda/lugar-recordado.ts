import { RADIO_DEFAULT_KM } from "../plans/constants";
import { urlBusqueda } from "./estado-url";
import { leerEstadoFiltros } from "./filtros-url";

/**
 * The place a person last chose, remembered in a first-party cookie beside the spec's local
 * storage, so the server can send a returning visitor from the generic home straight to that
 * place's search (a private redirect), while the home itself stays the same for everyone.
 * Client-safe: the browser writes it, proxy.ts reads it.
 */
export const COOKIE_LUGAR = "planazo_lugar";
/** A year, like the spec's local storage, which never expires. */
const UN_ANIO_S = 365 * 24 * 60 * 60;

export interface LugarRecordado {
  municipio: string;
  lat: number;
  lng: number;
}

/** The cookie's value for a place. */
export function valorCookieLugar(l: LugarRecordado): string {
  return encodeURIComponent(JSON.stringify({ municipio: l.municipio, lat: l.lat, lng: l.lng }));
}

/** Sets the cookie (in the browser). */
export function recordarLugar(l: LugarRecordado): void {
  document.cookie = `${COOKIE_LUGAR}=${valorCookieLugar(l)}; Path=/; Max-Age=${UN_ANIO_S}; SameSite=Lax`;
}

/** Where the chosen place is remembered in the browser (spec §3 'Local storage'). */
export const CLAVE_LUGAR = "ubicacionBusqueda";

/** Remembers a place in this browser: the spec's local storage and the cookie the server reads. */
export function recordarLugarElegido(l: LugarRecordado): void {
  localStorage.setItem(CLAVE_LUGAR, JSON.stringify({ municipio: l.municipio, lat: l.lat, lng: l.lng }));
  recordarLugar(l);
}

/** A cookie's value read back: the place, or null when it is not one (tampered, truncated, old). */
export function leerLugarRecordado(valor: string | undefined): LugarRecordado | null {
  if (!valor) return null;
  try {
    const l = JSON.parse(decodeURIComponent(valor)) as Partial<LugarRecordado>;
    const { municipio, lat, lng } = l;
    if (typeof municipio !== "string" || municipio.trim() === "" || municipio.length > 100) return null;
    if (typeof lat !== "number" || typeof lng !== "number" || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
    return { municipio: municipio.trim(), lat, lng };
  } catch {
    return null;
  }
}

/** The home search of a place (within `radio` km), every other field at its default. */
export function urlDeLugar(l: LugarRecordado, radio = RADIO_DEFAULT_KM): string {
  return urlBusqueda({ ...l, radio, page: 1, vista: "lista", ...leerEstadoFiltros({}) });
}
