import { conDatos } from "../con-datos";
import { RADIO_DEFAULT_KM, RADIO_MAX_KM, type Categoria } from "../plans/constants";
import {
  escribirEstadoFiltros,
  normalizarCategorias,
  salidasFiltros,
  type EstadoFiltros,
  type OpcionFecha,
  type Orden,
} from "./filtros-url";

export { normalizarCategorias, OPCIONES_FECHA, todasLasCategorias, type OpcionFecha } from "./filtros-url";

/**
 * The home search's URL state without its parser: the types, the labels and the rules the
 * search controls need in the browser. No zod and no date library here, so the home page's
 * script stays small; lib/busqueda/estado.ts parses a URL into this state on the server.
 */

/**
 * The date chips of the home search, each one of the spec's states: 'Mañana' is today's
 * option one day on, and the other chips start at offset 0, moved by the arrows. `clave` is the
 * chip's id and its label's key in the catalogue's "buscador".
 */
export const CHIPS_FECHA = [
  { clave: "fechaHoy", fecha: "hoy", desplazamiento: 0 },
  { clave: "fechaManana", fecha: "hoy", desplazamiento: 1 },
  { clave: "fechaFinde", fecha: "finDeSemana", desplazamiento: 0 },
  { clave: "fechaSemana", fecha: "semana", desplazamiento: 0 },
  { clave: "fechaMes", fecha: "mes", desplazamiento: 0 },
] as const satisfies readonly { clave: string; fecha: OpcionFecha; desplazamiento: number }[];

/** Whether a chip is the current date option (the arrows keep it on while they move the window). */
export function chipActivo(
  e: Pick<EstadoBusqueda, "fecha" | "desplazamiento">,
  chip: (typeof CHIPS_FECHA)[number],
): boolean {
  if (e.fecha !== chip.fecha) return false;
  return chip.fecha !== "hoy" || e.desplazamiento === chip.desplazamiento;
}

/** How the results are shown: the list of cards (the default) or the map of the same search. */
export const VISTAS = ["lista", "mapa"] as const;
export type Vista = (typeof VISTAS)[number];

/** The home search's URL state: the place, radius, page and view, and each filter's and the order's field (registro.ts). */
export type EstadoBusqueda = {
  municipio: string | null;
  lat: number | null;
  lng: number | null;
  radio: number;
  page: number;
  vista: Vista;
  orden: Orden;
} & EstadoFiltros;

/** A place is chosen: there is a search to run (the home then shows results, not the hero). */
export function hayLugar(e: Pick<EstadoBusqueda, "lat" | "municipio">): boolean {
  return e.lat !== null || e.municipio !== null;
}

/** The URL of a search; defaults are left out so links stay short. */
export function urlBusqueda(e: EstadoBusqueda): string {
  const q = new URLSearchParams();
  if (e.municipio) q.set("municipio", e.municipio);
  if (e.lat !== null && e.lng !== null) {
    q.set("lat", String(e.lat));
    q.set("lng", String(e.lng));
  }
  if (e.radio !== RADIO_DEFAULT_KM) q.set("radio", String(e.radio));
  escribirEstadoFiltros(e, q);
  if (e.page > 1) q.set("page", String(e.page));
  if (e.vista === "mapa") q.set("vista", "mapa");
  const s = q.toString();
  return s ? `/?${s}` : "/";
}

/**
 * Spec §4: 'Otros' clears the others; another one is added and removes 'Otros'; a selected one
 * is removed; nothing selected reverts to ['Otros'].
 */
export function alternarCategoria(actuales: Categoria[], c: Categoria): Categoria[] {
  if (c === "Otros") return ["Otros"];
  const sin = actuales.filter((x) => x !== "Otros");
  return normalizarCategorias(sin.includes(c) ? sin.filter((x) => x !== c) : [...sin, c]);
}

/** Whether the date option has previous/next arrows. */
export const conFlechas = (f: OpcionFecha | null): f is "finDeSemana" | "semana" | "mes" =>
  f === "finDeSemana" || f === "semana" || f === "mes";

/**
 * One-tap ways out of a search that found nothing, each keeping everything else: the widest
 * distance (if narrower), then each filter's own (registro.ts: any date, all categories…). The
 * Spanish `etiqueta` is also each one's id (the server counts their plans by it): a page shows
 * textoArreglo's.
 */
export function arreglosSinResultados(e: EstadoBusqueda): { etiqueta: string; cambios: Partial<EstadoBusqueda> }[] {
  const arreglos: { etiqueta: string; cambios: Partial<EstadoBusqueda> }[] = [];
  if (e.radio < RADIO_MAX_KM)
    arreglos.push({ etiqueta: `Ampliar a ${RADIO_MAX_KM} km`, cambios: { radio: RADIO_MAX_KM } });
  arreglos.push(...salidasFiltros(e));
  return arreglos;
}

/** The words of the ways out: the catalogue's buscador keys, and busqueda.quitarPalabras. */
export interface PalabrasArreglos {
  ampliarA: string;
  todasLasCategorias: string;
  cualquierFecha: string;
  tambienNoAccesibles: string;
  tambienDePago: string;
  quitarPalabras: string;
}

/** Each way out's words, by the field it changes. */
const PALABRAS_ARREGLO: Partial<Record<keyof EstadoBusqueda, keyof PalabrasArreglos>> = {
  radio: "ampliarA",
  categorias: "todasLasCategorias",
  fecha: "cualquierFecha",
  accesible: "tambienNoAccesibles",
  gratis: "tambienDePago",
  q: "quitarPalabras",
};

/** A way out's label in the page's language; one with no words of its own keeps its Spanish label. */
export function textoArreglo(
  a: { etiqueta: string; cambios: Partial<EstadoBusqueda> },
  e: Pick<EstadoBusqueda, "q">,
  p: PalabrasArreglos,
): string {
  const clave = PALABRAS_ARREGLO[Object.keys(a.cambios)[0] as keyof EstadoBusqueda];
  return clave ? conDatos(p[clave], { km: String(RADIO_MAX_KM), q: e.q }) : a.etiqueta;
}
