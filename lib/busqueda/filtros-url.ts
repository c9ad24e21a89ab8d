import { CATEGORIAS, type Categoria } from "../plans/constants";
import { diaIsoValido, siNo, sinValor } from "../valores";

/**
 * Each filter's and the order's field in the home page's URL: the registry's `estado` parts
 * (lib/busqueda/registro.ts, whose entries take them from here). Read tolerantly (a hand-edited
 * link falls back to the default) and written with the default left out. The browser's search
 * controls write URLs with this module alone: the registry's SQL, index predicates and the
 * words' stemmer stay on the server.
 */

/** Query parameters as Next.js and URLSearchParams give them. */
export type Parametros = Record<string, string | string[] | undefined>;

export const uno = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
/** A parameter's value, trimmed; absent, '' and the 'undefined' or 'null' a FormData or a template writes: undefined. */
export function valor(p: Parametros, nombre: string): string | undefined {
  const v = uno(p[nombre]);
  return v === undefined || sinValor(v) ? undefined : v.trim();
}

/** A comma-joined list's items, trimmed, empty ones left out. */
export const partes = (v: string) =>
  v
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);

/** A filter's field in the URL. */
export interface EstadoUrl<E> {
  leer(p: Parametros): E;
  escribir(e: E, u: URLSearchParams): void;
  /** A one-tap way out of a search that found nothing, when this filter is on: its label and the state that drops it. */
  salida(e: E): { etiqueta: string; cambios: Partial<E> } | null;
  /** Its parameters given with a value `leer` would drop: for the views that refuse a bad link (the widget). */
  invalidos(p: Parametros): string[];
}

/** A yes/no filter's field: "1" when on, absent when off; a link written by hand may say it as the API reads it (lib/valores.ts). */
export function estadoInterruptor<K extends string>(nombre: K, salida: string): EstadoUrl<Record<K, boolean>> {
  const de = (si: boolean) => ({ [nombre]: si }) as Record<K, boolean>;
  return {
    leer: (p) => de(siNo(valor(p, nombre) ?? "") === true),
    escribir: (e, u) => {
      if (e[nombre]) u.set(nombre, "1");
    },
    salida: (e) => (e[nombre] ? { etiqueta: salida, cambios: de(false) } : null),
    invalidos: (p) => {
      const v = valor(p, nombre);
      return v !== undefined && siNo(v) === null ? [nombre] : [];
    },
  };
}

/** An empty or 'Otros'-containing selection means all: ['Otros'] (spec §4). */
export function normalizarCategorias(lista: Categoria[]): Categoria[] {
  const unicas = [...new Set(lista)];
  return unicas.length === 0 || unicas.includes("Otros") ? ["Otros"] : unicas;
}

/** No category filter: ['Otros'] (the URL leaves it out). */
export const todasLasCategorias = (c: Categoria[]): boolean => c.length === 1 && c[0] === "Otros";

const esCategoria = (c: string): c is Categoria => (CATEGORIAS as readonly string[]).includes(c);

export const URL_CATEGORIAS: EstadoUrl<{ categorias: Categoria[] }> = {
  leer: (p) => ({ categorias: normalizarCategorias(partes(uno(p.categorias) ?? "").filter(esCategoria)) }),
  escribir: (e, u) => {
    if (!todasLasCategorias(e.categorias)) u.set("categorias", e.categorias.join(","));
  },
  salida: (e) =>
    todasLasCategorias(e.categorias) ? null : { etiqueta: "Todas las categorías", cambios: { categorias: ["Otros"] } },
  // A list only counts as valid when every name in it is one.
  invalidos: (p) => (partes(uno(p.categorias) ?? "").some((c) => !esCategoria(c)) ? ["categorias"] : []),
};

/** The spec's date options (§4), and 'rango': two days the person chose ('Elegir fechas'). */
export const OPCIONES_FECHA = ["hoy", "finDeSemana", "semana", "mes", "rango"] as const;
export type OpcionFecha = (typeof OPCIONES_FECHA)[number];

/** The URL's date fields: an option, its offset (the arrows), and the chosen days of 'rango' (yyyy-MM-dd, Madrid). */
export interface EstadoFechas {
  fecha: OpcionFecha | null;
  desplazamiento: number;
  desde: string | null;
  hasta: string | null;
}

/** The date option, not the API's window: lib/busqueda/estado.ts turns it into one on the server. */
export const URL_FECHAS: EstadoUrl<EstadoFechas> = {
  leer(p) {
    const f = valor(p, "fecha");
    const fecha = (OPCIONES_FECHA as readonly string[]).includes(f ?? "") ? (f as OpcionFecha) : null;
    const n = Number(valor(p, "desplazamiento") ?? "0");
    let desplazamiento = Number.isInteger(n) && n >= 0 && n <= 120 ? n : 0;
    let desde = diaIsoValido(valor(p, "desde"));
    let hasta = diaIsoValido(valor(p, "hasta"));
    // An offset only with a date option that moves ('hoy' moves one day, for 'Mañana'); chosen
    // days only with 'rango', and 'rango' only with both.
    if (fecha === "rango" && (!desde || !hasta)) return { fecha: null, desplazamiento: 0, desde: null, hasta: null };
    if (!fecha || fecha === "rango") desplazamiento = 0;
    if (fecha === "hoy") desplazamiento = Math.min(desplazamiento, 1);
    if (fecha !== "rango") desde = hasta = null;
    return { fecha, desplazamiento, desde, hasta };
  },
  escribir(e, u) {
    if (e.fecha) u.set("fecha", e.fecha);
    if (e.fecha && e.fecha !== "rango" && e.desplazamiento > 0) u.set("desplazamiento", String(e.desplazamiento));
    if (e.fecha === "rango" && e.desde && e.hasta) {
      u.set("desde", e.desde);
      u.set("hasta", e.hasta);
    }
  },
  salida: (e) =>
    e.fecha
      ? { etiqueta: "Cualquier fecha", cambios: { fecha: null, desplazamiento: 0, desde: null, hasta: null } }
      : null,
  invalidos(p) {
    const malos: string[] = [];
    const fecha = valor(p, "fecha");
    if (fecha !== undefined && !(OPCIONES_FECHA as readonly string[]).includes(fecha)) malos.push("fecha");
    const d = valor(p, "desplazamiento");
    if (d !== undefined && !(/^\d+$/.test(d) && Number(d) <= 120)) malos.push("desplazamiento");
    for (const k of ["desde", "hasta"]) if (valor(p, k) !== undefined && !diaIsoValido(valor(p, k))) malos.push(k);
    return malos;
  },
};

/** Only events or only experiences is the town pages' and the API's: the home's URL has no field for it. */
export const URL_TIPO: EstadoUrl<object> = {
  leer: () => ({}),
  escribir: () => {},
  salida: () => null,
  invalidos: () => [],
};

export const URL_ACCESIBLE = estadoInterruptor("accesible", "También los no accesibles");
export const URL_GRATIS = estadoInterruptor("gratis", "También los de pago");

/** How many characters of a word search are read (the rest is cut). */
export const Q_MAX_CARACTERES = 100;

/** The text of a word search as it is kept and shown (its words and stems: lib/busqueda/palabras-consulta.ts, on the server). */
export function textoDeBusqueda(texto: string): string {
  return texto.replace(/\s+/g, " ").trim().slice(0, Q_MAX_CARACTERES).trim();
}

/** The words as the search shows them. */
export const URL_PALABRAS: EstadoUrl<{ q: string }> = {
  leer: (p) => ({ q: textoDeBusqueda(uno(p.q) ?? "") }),
  escribir: (e, u) => {
    if (e.q) u.set("q", e.q);
  },
  // Spanish, as every way out's label: its id, shown through textoArreglo (estado-url.ts) in the page's words.
  salida: (e) => (e.q ? { etiqueta: `Quitar «${e.q}»`, cambios: { q: "" } } : null),
  invalidos: () => [],
};

/** Every filter's field, in the order the URL writes them and the ways out are offered (the registry's FILTROS order). */
export const ESTADOS_FILTROS = [URL_CATEGORIAS, URL_FECHAS, URL_TIPO, URL_ACCESIBLE, URL_GRATIS, URL_PALABRAS] as const;

type Interseccion<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type EstadoDe<T> = T extends EstadoUrl<infer E> ? E : never;

/** The filters' part of the home's URL state. */
export type EstadoFiltros = Interseccion<EstadoDe<(typeof ESTADOS_FILTROS)[number]>>;

/** The order of the results: nearest first (the API's default, as the apps have always had it), or soonest first. */
export const ORDENES = ["distancia", "fecha"] as const;
export type Orden = (typeof ORDENES)[number];
/**
 * The web's default order: the home's, the town pages' and the embed's lists run by date (in day
 * groups, lib/busqueda/grupos.ts); "Cerca primero" is one tap away (`orden=distancia` in the URL).
 * The apps' API and the feeds keep distance as their default.
 */
export const ORDEN_WEB: Orden = "fecha";

/**
 * `orden=distancia` or `orden=fecha` (absent, empty, unknown, 'undefined' or 'null': `defecto`, the
 * API's distancia, or the web's ORDEN_WEB for the URL state): by the
 * next moment the plan can be attended, never earlier than now (rounded down to the quarter
 * hour) or the start of the date window.
 */
export function leerOrden(p: Parametros, defecto: Orden = "distancia"): Orden {
  const v = valor(p, "orden")?.toLowerCase();
  return v === "fecha" || v === "distancia" ? v : defecto;
}

type Cada = EstadoUrl<EstadoFiltros>;
const cada = <R>(uso: (e: Cada) => R): R[] => ESTADOS_FILTROS.map((e) => uso(e as unknown as Cada));

/** The filters' and the order's part of the home's URL state (a bad value: its default). */
export function leerEstadoFiltros(p: Parametros): EstadoFiltros & { orden: Orden } {
  return Object.assign({ orden: leerOrden(p, ORDEN_WEB) }, ...cada((e) => e.leer(p)));
}

/** The filters' and the order's URL parameters given with a value the home would drop (the widget refuses them). */
export function parametrosDeFiltrosNoValidos(p: Parametros): string[] {
  const orden = valor(p, "orden");
  return [
    ...cada((e) => e.invalidos(p)).flat(),
    ...(orden !== undefined && !(ORDENES as readonly string[]).includes(orden) ? ["orden"] : []),
  ];
}

/** Writes the filters' and the order's URL state (defaults left out). */
export function escribirEstadoFiltros(e: EstadoFiltros & { orden: Orden }, u: URLSearchParams): void {
  for (const f of cada((x) => x)) f.escribir(e, u);
  if (e.orden !== ORDEN_WEB) u.set("orden", e.orden);
}

/** The API parameters of a URL state's filters and order (the order always: the API's default is not the web's). */
export function parametrosApiDeFiltros(e: EstadoFiltros & { orden: Orden }): Record<string, string> {
  const u = new URLSearchParams();
  escribirEstadoFiltros(e, u);
  u.set("orden", e.orden);
  return Object.fromEntries(u);
}

/** The filters' ways out of a search that found nothing, in the registry's order. */
export function salidasFiltros(e: EstadoFiltros): { etiqueta: string; cambios: Partial<EstadoFiltros> }[] {
  return cada((f) => f.salida(e) ?? []).flat();
}
