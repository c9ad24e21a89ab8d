import { z } from "zod";
import { diaEnMadrid, instanteEnMadrid, lunesDe, mesDe, sumarDias, type Dia } from "../dates";
import { POR_PAGINA, RADIO_DEFAULT_KM, RADIO_MAX_KM } from "../plans/constants";
import { busquedaSchema } from "./schemas";
import { VISTAS, type EstadoBusqueda, type OpcionFecha } from "./estado-url";
import { leerEstadoFiltros, parametrosApiDeFiltros, parametrosDeFiltrosNoValidos } from "./filtros-url";

export * from "./estado-url";

/**
 * The home search as it lives in the URL (`/?municipio&lat&lng&radio&categorias&fecha&desplazamiento&page&vista`),
 * so a search can be shared, bookmarked and rendered on the server. Bad values fall back to the
 * defaults: a page never refuses a hand-edited link. Client-safe (no server imports), but the
 * browser's search controls import ./estado-url, which has no zod or date library.
 */
const uno = (v: unknown) => (Array.isArray(v) ? v[0] : v);
/** A parameter as given: absent or '' is undefined; anything else must pass `schema`. */
const estricto = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (uno(v) === "" ? undefined : uno(v)), schema.optional());
const tolerante = <T extends z.ZodType, D>(schema: T, defecto: D) =>
  z
    .preprocess(uno, schema.optional())
    .catch(undefined)
    .transform((v): z.output<T> | D => (v === undefined ? defecto : v));

/** Each parameter's own rule; a value that breaks it falls back to the default (estadoSchema). */
const CAMPOS = {
  municipio: z.string().trim().min(1).max(100),
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  radio: z.coerce.number().int().min(0).max(RADIO_MAX_KM),
  page: z.coerce.number().int().min(1).max(100_000),
  vista: z.enum(VISTAS),
};

/** The place, radius, page and view; the filters' and the order's fields are read by their entries (registro.ts). */
const estadoSchema = z.object({
  municipio: tolerante(CAMPOS.municipio, null),
  lat: tolerante(CAMPOS.lat, null),
  lng: tolerante(CAMPOS.lng, null),
  radio: tolerante(CAMPOS.radio, RADIO_DEFAULT_KM),
  page: tolerante(CAMPOS.page, 1),
  vista: tolerante(CAMPOS.vista, "lista"),
});

/**
 * The search parameters given with a value leerEstado would drop (a radius of 'abc', an
 * unknown date option, a category that does not exist): for the views that answer a bad link
 * with an error instead of the defaults (the widget, /embed/planes).
 */
export function parametrosNoValidos(params: Record<string, string | string[] | undefined>): string[] {
  const lugar = (Object.keys(CAMPOS) as (keyof typeof CAMPOS)[]).filter(
    (k) => !estricto(CAMPOS[k]).safeParse(params[k]).success,
  );
  return [...lugar, ...parametrosDeFiltrosNoValidos(params)];
}

export function leerEstado(params: Record<string, string | string[] | undefined>): EstadoBusqueda {
  const e = { ...estadoSchema.parse(params), ...leerEstadoFiltros(params) } as EstadoBusqueda;
  // Coordinates only count in pairs.
  if (e.lat === null || e.lng === null) e.lat = e.lng = null;
  return e;
}

const diaDeTexto = (t: string): Dia => {
  const [year, month, day] = t.split("-").map(Number);
  return { year, month, day };
};
const comparar = (a: Dia, b: Dia) => a.year - b.year || a.month - b.month || a.day - b.day;
/** The longest window 'Elegir fechas' searches, in days. */
const RANGO_MAX_DIAS = 366;

/**
 * The window of a date option in Madrid (spec §4): today 00:00–23:59:59.999 (tomorrow with
 * offset 1); the weekend (Friday–Sunday) and the week (Monday–Sunday) of the current week,
 * shifted by 7 days per step; the month, shifted by one month per step; and the chosen days of
 * 'rango', from today at the earliest (the past cannot be browsed) and at most a year long.
 */
export function ventanaFechas(
  fecha: OpcionFecha | null,
  desplazamiento: number,
  ahora = new Date(),
  elegidas: { desde: string | null; hasta: string | null } = { desde: null, hasta: null },
): { desde: Date; hasta: Date } | null {
  if (!fecha) return null;
  const hoy = diaEnMadrid(ahora);
  const rango = (a: Dia, b: Dia) => ({
    desde: instanteEnMadrid(a, "00:00"),
    hasta: new Date(instanteEnMadrid(sumarDias(b, 1), "00:00").getTime() - 1),
  });
  if (fecha === "hoy") return rango(sumarDias(hoy, desplazamiento), sumarDias(hoy, desplazamiento));
  if (fecha === "rango") {
    if (!elegidas.desde || !elegidas.hasta) return null;
    let a = diaDeTexto(elegidas.desde);
    let b = diaDeTexto(elegidas.hasta);
    if (comparar(b, a) < 0) [a, b] = [b, a];
    if (comparar(a, hoy) < 0) a = hoy;
    if (comparar(b, a) < 0) b = a;
    const tope = sumarDias(a, RANGO_MAX_DIAS - 1);
    return rango(a, comparar(b, tope) > 0 ? tope : b);
  }
  if (fecha === "mes") {
    const { primero, ultimo } = mesDe(hoy, desplazamiento);
    return rango(primero, ultimo);
  }
  const lunes = sumarDias(lunesDe(hoy), 7 * desplazamiento);
  return fecha === "semana" ? rango(lunes, sumarDias(lunes, 6)) : rango(sumarDias(lunes, 4), sumarDias(lunes, 6));
}

/** The date window of a search's state (null: any date). */
export function ventanaDeEstado(
  e: Pick<EstadoBusqueda, "fecha" | "desplazamiento" | "desde" | "hasta">,
  ahora = new Date(),
) {
  return ventanaFechas(e.fecha, e.desplazamiento, ahora, e);
}

/**
 * The search function's query (lib/busqueda/buscar.ts) for a search's state: the point (or the
 * town's name), radius, page, the date option's window and every other filter as the URL
 * writes it (the API reads the same parameters). The home page and the widget run
 * their searches through it; a failure carries the Spanish message of the first problem.
 */
export function consultaDeEstado(e: EstadoBusqueda, { limit = POR_PAGINA, ahora = new Date() } = {}) {
  const ventana = ventanaDeEstado(e, ahora);
  return busquedaSchema.safeParse({
    ...parametrosApiDeFiltros(e),
    ...(e.lat !== null && e.lng !== null ? { lat: String(e.lat), lng: String(e.lng) } : { municipio: e.municipio }),
    radio: String(e.radio),
    page: String(e.page),
    limit: String(limit),
    ...(ventana && { fechaInicioFiltro: ventana.desde.toISOString(), fechaFinFiltro: ventana.hasta.toISOString() }),
  });
}
