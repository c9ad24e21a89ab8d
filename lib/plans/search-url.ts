import { RADIO_DEFAULT_KM, type Categoria } from "./constants";

/**
 * The home search's URL state without its parser: the types, the labels and the rules the
 * search controls need in the browser. No zod and no date library here, so the home page's
 * script stays small; lib/plans/search-state.ts parses a URL into this state on the server.
 */
export const OPCIONES_FECHA = ["hoy", "finDeSemana", "semana", "mes"] as const;
export type OpcionFecha = (typeof OPCIONES_FECHA)[number];

export const ETIQUETAS_FECHA: Record<OpcionFecha | "", string> = {
  "": "Cualquier fecha",
  hoy: "Hoy",
  finDeSemana: "Fin de semana",
  semana: "Semana",
  mes: "Mes",
};

export interface EstadoBusqueda {
  municipio: string | null;
  lat: number | null;
  lng: number | null;
  radio: number;
  categorias: Categoria[];
  fecha: OpcionFecha | null;
  desplazamiento: number;
  page: number;
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
  if (!(e.categorias.length === 1 && e.categorias[0] === "Otros")) q.set("categorias", e.categorias.join(","));
  if (e.fecha) q.set("fecha", e.fecha);
  if (e.fecha && e.desplazamiento > 0) q.set("desplazamiento", String(e.desplazamiento));
  if (e.page > 1) q.set("page", String(e.page));
  const s = q.toString();
  return s ? `/?${s}` : "/";
}

/** An empty or 'Otros'-containing selection means all: ['Otros'] (spec §4). */
export function normalizarCategorias(lista: Categoria[]): Categoria[] {
  const unicas = [...new Set(lista)];
  return unicas.length === 0 || unicas.includes("Otros") ? ["Otros"] : unicas;
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
export const conFlechas = (f: OpcionFecha | null): f is "finDeSemana" | "semana" | "mes" => f === "finDeSemana" || f === "semana" || f === "mes";
