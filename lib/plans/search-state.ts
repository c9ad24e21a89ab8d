import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { diaEnMadrid, instanteEnMadrid, sumarDias, ZONA, type Dia } from "../dates";
import { CATEGORIAS, PAGE_SIZE, RADIO_DEFAULT_KM, RADIO_MAX_KM, type Categoria } from "./constants";

/**
 * The home search as it lives in the URL (`/?municipio&lat&lng&radio&categorias&fecha&desplazamiento&page`),
 * so a search can be shared, bookmarked and rendered on the server. Bad values fall back to the
 * defaults: a page never refuses a hand-edited link. Client-safe (no server imports).
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

const uno = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const tolerante = <T extends z.ZodType, D>(schema: T, defecto: D) =>
  z.preprocess(uno, schema.optional()).catch(undefined).transform((v): z.output<T> | D => (v === undefined ? defecto : v));

const estadoSchema = z.object({
  municipio: tolerante(z.string().trim().min(1).max(100), null),
  lat: tolerante(z.coerce.number().min(-90).max(90), null),
  lng: tolerante(z.coerce.number().min(-180).max(180), null),
  radio: tolerante(z.coerce.number().int().min(0).max(RADIO_MAX_KM), RADIO_DEFAULT_KM),
  categorias: tolerante(
    z.string().transform((s) => normalizarCategorias(s.split(",").map((c) => c.trim()).filter((c): c is Categoria => (CATEGORIAS as readonly string[]).includes(c)))),
    ["Otros"],
  ),
  fecha: tolerante(z.enum(OPCIONES_FECHA), null),
  desplazamiento: tolerante(z.coerce.number().int().min(0).max(120), 0),
  page: tolerante(z.coerce.number().int().min(1).max(100_000), 1),
});

export function leerEstado(params: Record<string, string | string[] | undefined>): EstadoBusqueda {
  const e = estadoSchema.parse(params) as EstadoBusqueda;
  // Coordinates only count in pairs; an offset only with a date option that has arrows.
  if (e.lat === null || e.lng === null) e.lat = e.lng = null;
  if (!e.fecha || e.fecha === "hoy") e.desplazamiento = 0;
  return e;
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

/**
 * The window of a date option in Madrid (spec §4): today 00:00–23:59:59.999; the weekend
 * (Friday–Sunday) and the week (Monday–Sunday) of the current week, shifted by 7 days per step;
 * the month, shifted by one month per step.
 */
export function ventanaFechas(fecha: OpcionFecha | null, desplazamiento: number, ahora = new Date()): { desde: Date; hasta: Date } | null {
  if (!fecha) return null;
  const hoy = diaEnMadrid(ahora);
  const rango = (a: Dia, b: Dia) => ({ desde: instanteEnMadrid(a, "00:00"), hasta: new Date(instanteEnMadrid(sumarDias(b, 1), "00:00").getTime() - 1) });
  if (fecha === "hoy") return rango(hoy, hoy);
  if (fecha === "mes") {
    const primero = new TZDate(hoy.year, hoy.month - 1 + desplazamiento, 1, 12, 0, ZONA);
    const ultimo = new TZDate(hoy.year, hoy.month + desplazamiento, 0, 12, 0, ZONA);
    return rango(diaEnMadrid(primero), diaEnMadrid(ultimo));
  }
  // Monday of this week (getDay: 0 Sunday … 6 Saturday), then the offset in weeks.
  const diaSemana = new TZDate(instanteEnMadrid(hoy, "12:00").getTime(), ZONA).getDay();
  const lunes = sumarDias(hoy, -((diaSemana + 6) % 7) + 7 * desplazamiento);
  return fecha === "semana" ? rango(lunes, sumarDias(lunes, 6)) : rango(sumarDias(lunes, 4), sumarDias(lunes, 6));
}

export const POR_PAGINA = PAGE_SIZE;
