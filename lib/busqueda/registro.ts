import { mensajes } from "../messages";
import { CATEGORIAS, type Categoria } from "../plans/constants";
import { fechaIso, siNo } from "../valores";
import {
  partes,
  uno,
  URL_ACCESIBLE,
  URL_CATEGORIAS,
  URL_FECHAS,
  URL_GRATIS,
  URL_PALABRAS,
  URL_TIPO,
  valor,
  type EstadoFechas,
  type EstadoUrl,
  type Orden,
  type Parametros,
} from "./filtros-url";
import { claveConsulta, leerConsultaPalabras, type ConsultaPalabras } from "./palabras-consulta";

/**
 * Every filter and the order of the search, each declared once. An entry says:
 * - `leer`: how GET /api/plan (and the town pages, feeds and widget behind it) reads its query
 *   parameters, liberally, as the apps' contract promises; a value it cannot read at all throws
 *   ParametroNoValido with the Spanish message the API answers;
 * - `estado`: its field in the home page's URL, read tolerantly (a hand-edited link falls back
 *   to the default) and written with the default left out, declared in ./filtros-url.ts, the
 *   registry's part the browser loads. Where the URL and the API name the same parameter (all
 *   but the dates), the page's search is its URL's parameters read by `leer`;
 * - `sql`: its condition on the plan `p`, for PostgreSQL's answer;
 * - `indice`: the same condition over the search index's columns (lib/busqueda/indice.ts),
 *   or null when it filters nothing;
 * - `incluye`: whether every plan that matches a stricter value matches a looser one (the
 *   dense discs of lib/busqueda/total-denso.ts reuse a count made with fewer conditions);
 * - `clave`: its part of the memo keys;
 * - `aleatorio`: random parameters for the index's oracle test, which walks this list.
 * Everything else derives from the list: the API schema, the URL state, the memo key, the dense
 * discs' rule, the SQL conditions and the index's predicate. For the server: the browser writes
 * URLs with ./filtros-url.ts alone, without the SQL, the predicates or the words' stemmer.
 */

/** A parameter the API cannot read: the Spanish message of its 400. */
export class ParametroNoValido extends Error {}

/** Whatever PostgreSQL's fragments are to the caller (Prisma.Sql on the server). */
export interface Sql<T> {
  /** The tagged template that writes a fragment with bound values. */
  s: (partes: TemplateStringsArray, ...valores: unknown[]) => T;
  /** The Madrid calendar day of an instant (lib/db/sql-fechas.ts). */
  diaMadrid: (instante: T) => T;
}

/** The index's columns a filter reads (one value per slot; NaN for none). */
export interface ColumnasIndice {
  categorias: Uint16Array;
  banderas: Uint8Array;
  precio: Float64Array;
  inicio: Float64Array;
  fin: Float64Array;
  /** Madrid day numbers of inicio and fin. */
  diaInicio: Int32Array;
  diaFin: Int32Array;
  /** The slots' weekdays, as bits (1 << weekday, 0 Sunday). */
  dias: Uint8Array;
  /** An event's dates when it has several: `nFechas[s]` (start, end) pairs from `fechas[fecha[s]]`. */
  fecha: Int32Array;
  nFechas: Uint8Array;
  fechas: Float64Array;
}
/** The index's flag bits (ColumnasIndice.banderas). */
export const F_EXPERIENCIA = 1;
export const F_ACCESIBLE = 2;

/** Helpers the index gives the predicates (lib/busqueda/indice.ts). */
export interface AyudaIndice {
  mascaraCategorias(categorias: readonly string[]): number;
  mascaraDias(desde: number, hasta: number): number;
  numeroDiaMadrid(ms: number): number;
  /** The plans whose words match a word search (its words' stems read against the index's vocabulary). */
  palabras(q: ConsultaPalabras): Predicado;
}

export type Predicado = (s: number) => boolean;

export interface Entrada<F, E> {
  leer(p: Parametros): F;
  /** Its field in the home's URL (filtros-url.ts). */
  estado: EstadoUrl<E>;
  sql<T>(f: F, sql: Sql<T>): T | null;
  indice(f: F, c: ColumnasIndice, ayuda: AyudaIndice): Predicado | null;
  incluye(estricto: F, amplio: F): boolean;
  clave(f: F): unknown;
  aleatorio(
    r: () => number,
    contexto: {
      ahora: number;
      diaInstante: (desdeHoy: number, hora: string) => Date;
      /** Words of the plans searched, to search for. */
      palabras?: readonly string[];
    },
  ): Parametros;
}

const entrada = <F, E>(e: Entrada<F, E>) => e;

/** A yes/no filter: on with sí/si/true/1/yes/on (any case, lib/valores.ts), off when absent; `estricto` refuses words that are neither, else they mean off. */
function interruptor<K extends string>(
  nombre: K,
  {
    estricto,
    estado,
    sql,
    indice,
  }: { estricto: boolean } & Pick<Entrada<Record<K, boolean>, Record<K, boolean>>, "estado" | "sql" | "indice">,
) {
  type V = Record<K, boolean>;
  const de = (si: boolean) => ({ [nombre]: si }) as V;
  return entrada<V, V>({
    leer(p) {
      const v = valor(p, nombre);
      const si = v === undefined ? false : siNo(v);
      if (si === null && estricto) throw new ParametroNoValido(mensajes.datosNoValidos);
      return de(si === true);
    },
    estado,
    sql,
    indice,
    incluye: (estricto, amplio) => !amplio[nombre] || estricto[nombre],
    clave: (f) => f[nombre],
    aleatorio: (r) => (r() < 0.3 ? { [nombre]: "1" } : {}),
  });
}

/** The categories that mean "all": 'Otros' (spec §4), and 'Todos', the name the home page shows for it. */
const TODAS = ["Otros", "Todos"];

/** Categories: comma-joined; empty, or containing 'Otros' or 'Todos', means all (null). A plan matches with any one of them. */
const categorias = entrada<{ categorias: readonly Categoria[] | null }, { categorias: Categoria[] }>({
  leer(p) {
    const v = uno(p.categorias) ?? "";
    if (v.length > 500) throw new ParametroNoValido(mensajes.categoriaNoValida);
    const lista = partes(v);
    if (lista.some((c) => !(CATEGORIAS as readonly string[]).includes(c) && !TODAS.includes(c)))
      throw new ParametroNoValido(mensajes.categoriaNoValida);
    return { categorias: lista.length === 0 || lista.some((c) => TODAS.includes(c)) ? null : (lista as Categoria[]) };
  },
  estado: URL_CATEGORIAS,
  sql: (f, { s }) => (f.categorias ? s`AND p.categorias && ${f.categorias}::categoria[]` : null),
  indice(f, c, { mascaraCategorias }) {
    if (!f.categorias) return null;
    const mascara = mascaraCategorias(f.categorias);
    return (s) => (c.categorias[s] & mascara) !== 0;
  },
  incluye: (estricto, amplio) =>
    !amplio.categorias || !!estricto.categorias?.every((c) => amplio.categorias!.includes(c)),
  clave: (f) => f.categorias,
  aleatorio: (r) => (r() < 0.5 ? { categorias: CATEGORIAS.filter(() => r() < 0.3).join(",") } : {}),
});

/** Only events or only experiences (the town pages' sections); absent: both. */
const tipo = entrada<{ tipo?: "evento" | "experiencia" }, object>({
  leer(p) {
    const v = valor(p, "tipo");
    if (v === undefined) return {};
    if (v !== "evento" && v !== "experiencia") throw new ParametroNoValido(mensajes.datosNoValidos);
    return { tipo: v };
  },
  estado: URL_TIPO,
  sql: (f, { s }) => (f.tipo ? s`AND p.tipo = ${f.tipo}::tipo_plan` : null),
  indice(f, c) {
    if (!f.tipo) return null;
    const experiencia = f.tipo === "experiencia" ? F_EXPERIENCIA : 0;
    return (s) => (c.banderas[s] & F_EXPERIENCIA) === experiencia;
  },
  incluye: (estricto, amplio) => !amplio.tipo || estricto.tipo === amplio.tipo,
  clave: (f) => f.tipo ?? null,
  aleatorio: (r) => (r() < 0.3 ? { tipo: r() < 0.5 ? "evento" : "experiencia" } : {}),
});

/** Only plans people with reduced mobility can attend: accesible=1 (true, sí…); absent or 0: all. */
const accesible = interruptor("accesible", {
  estricto: true,
  estado: URL_ACCESIBLE,
  sql: (f, { s }) => (f.accesible ? s`AND p.accesible` : null),
  indice: (f, c) => (f.accesible ? (s) => (c.banderas[s] & F_ACCESIBLE) !== 0 : null),
});

/**
 * Only free plans: gratis=1 (true, sí…) lists the plans whose price is 0, the ones a card marks
 * "Gratis"; a plan with no price says nothing about it and is left out. Any other value: no filter.
 */
const gratis = interruptor("gratis", {
  estricto: false,
  estado: URL_GRATIS,
  sql: (f, { s }) => (f.gratis ? s`AND p.precio = 0` : null),
  indice: (f, c) => (f.gratis ? (s) => c.precio[s] === 0 : null),
});

/** An instant as the API takes it (ISO 8601, lib/valores.ts fechaIso), or undefined. */
function instante(v: string | undefined): Date | undefined {
  if (v === undefined) return undefined;
  const d = fechaIso(v);
  if (!d) throw new ParametroNoValido(mensajes.fechasFiltroNoValidas);
  return d;
}

/**
 * The date window. An event matches when its dates overlap the window. An experience matches
 * when one of its slots' weekdays (plan.dias_semana, a bit mask kept by a trigger) falls on a
 * Madrid date where the window and the experience's own dates overlap. Both ends or neither, at
 * most 400 days apart. The home's URL holds a date option instead (lib/busqueda/estado.ts turns
 * it into a window).
 */
const fechas = entrada<{ fechaInicioFiltro?: Date; fechaFinFiltro?: Date }, EstadoFechas>({
  leer(p) {
    const a = instante(valor(p, "fechaInicioFiltro"));
    const b = instante(valor(p, "fechaFinFiltro"));
    if ((a === undefined) !== (b === undefined) || (a && b && (a > b || b.getTime() - a.getTime() > 400 * 86_400_000)))
      throw new ParametroNoValido(mensajes.fechasFiltroNoValidas);
    return a && b ? { fechaInicioFiltro: a, fechaFinFiltro: b } : {};
  },
  estado: URL_FECHAS,
  sql(f, { s, diaMadrid }) {
    if (!f.fechaInicioFiltro || !f.fechaFinFiltro) return null;
    const desde = f.fechaInicioFiltro;
    const hasta = f.fechaFinFiltro;
    // An event of several dates matches when one of them overlaps the window (its span first, for the indexes).
    return s`AND (
    (p.tipo = 'evento' AND p.fecha_inicio <= ${hasta} AND p.fecha_fin >= ${desde} AND (p.fechas_varias = 0
      OR EXISTS (SELECT 1 FROM plan_fecha f WHERE f.plan_id = p.id AND f.inicio <= ${hasta} AND coalesce(f.fin, f.inicio) >= ${desde})))
    OR (p.tipo = 'experiencia' AND p.dias_semana & planazo_mascara_dias(
      ${diaMadrid(s`greatest(${desde}::timestamptz, coalesce(p.fecha_inicio, ${desde}::timestamptz))`)},
      ${diaMadrid(s`least(${hasta}::timestamptz, coalesce(p.fecha_fin, ${hasta}::timestamptz))`)}) <> 0))`;
  },
  indice(f, c, { mascaraDias, numeroDiaMadrid }) {
    if (!f.fechaInicioFiltro || !f.fechaFinFiltro) return null;
    const desde = f.fechaInicioFiltro.getTime();
    const hasta = f.fechaFinFiltro.getTime();
    const diaDesde = numeroDiaMadrid(desde);
    const diaHasta = numeroDiaMadrid(hasta);
    const { banderas, inicio, fin, diaInicio, diaFin, dias, fecha, nFechas, fechas } = c;
    return (s) => {
      if (banderas[s] & F_EXPERIENCIA) {
        const dia0 = inicio[s] > desde ? diaInicio[s] : diaDesde;
        const dia1 = fin[s] < hasta ? diaFin[s] : diaHasta;
        return (dias[s] & mascaraDias(dia0, dia1)) !== 0;
      }
      if (!(inicio[s] <= hasta && fin[s] >= desde)) return false;
      const n = nFechas[s];
      if (n === 0) return true;
      for (let i = fecha[s], ultimo = i + 2 * n; i < ultimo; i += 2)
        if (fechas[i] <= hasta && fechas[i + 1] >= desde) return true;
      return false;
    };
  },
  // An event whose dates overlap a window overlaps any window around it, and an experience open
  // on a weekday of a window is open on that weekday of any window around it.
  incluye(estricto, amplio) {
    if (!amplio.fechaInicioFiltro || !amplio.fechaFinFiltro) return true;
    const { fechaInicioFiltro: desde, fechaFinFiltro: hasta } = estricto;
    return !!desde && !!hasta && desde >= amplio.fechaInicioFiltro && hasta <= amplio.fechaFinFiltro;
  },
  clave: (f) => [f.fechaInicioFiltro?.getTime() ?? null, f.fechaFinFiltro?.getTime() ?? null],
  aleatorio(r, { ahora, diaInstante }) {
    if (r() >= 0.6) return {};
    // Windows of Madrid days (as the home asks) or of arbitrary instants.
    const DIA = 86_400_000;
    const inicio = Math.floor(r() * 12) - 2;
    const dias = Math.floor(r() * 9);
    const deDias = r() < 0.5;
    const desde = deDias ? diaInstante(inicio, "00:00") : new Date(ahora + (r() - 0.3) * 10 * DIA);
    const hasta = deDias ? diaInstante(inicio + dias, "23:59") : new Date(desde.getTime() + r() * 8 * DIA);
    return { fechaInicioFiltro: desde.toISOString(), fechaFinFiltro: hasta.toISOString() };
  },
});

/**
 * Words (q): the plans whose words (title, categories, description, place, town, organization)
 * hold every word of the text, as lib/busqueda/palabras-consulta.ts reads it; any text is read
 * (trimmed, collapsed, cut), and one with no word that counts filters nothing. Last in the list:
 * its predicate is the dearest, and the others rule plans out first.
 */
const palabras = entrada<{ q: ConsultaPalabras | null }, { q: string }>({
  leer: (p) => ({ q: leerConsultaPalabras(uno(p.q) ?? "") }),
  estado: URL_PALABRAS,
  sql: (f, { s }) =>
    f.q
      ? s`AND p.palabras @@ planazo_consulta_palabras(${f.q.palabras.map((w) => w.raiz)}::text[], ${f.q.palabras.map((w) => w.palabra)}::text[], ${f.q.palabras.map((w) => w.errores)}::int[], ${f.q.prefijo !== null})`
      : null,
  indice: (f, _c, { palabras }) => (f.q ? palabras(f.q) : null),
  incluye: (estricto, amplio) => !amplio.q || claveConsulta(estricto.q) === claveConsulta(amplio.q),
  clave: (f) => claveConsulta(f.q),
  aleatorio(r, { palabras }) {
    if (!palabras?.length || r() >= 0.6) return {};
    const una = () => {
      const w = palabras[Math.floor(r() * palabras.length)];
      const x = r();
      if (x < 0.2 && w.length >= 5) {
        // A typo: a letter changed, dropped, or swapped with the next.
        const i = 1 + Math.floor(r() * (w.length - 2));
        const y = r();
        if (y < 0.33) return w.slice(0, i) + "x" + w.slice(i + 1);
        if (y < 0.66) return w.slice(0, i) + w.slice(i + 1);
        return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
      }
      if (x < 0.35 && w.length > 4) return w.slice(0, 3 + Math.floor(r() * (w.length - 3)));
      if (x < 0.45) return w.toUpperCase();
      return w;
    };
    return { q: r() < 0.7 ? una() : `${una()} ${una()}` };
  },
});

/** Every filter of the search, in the order the URL writes them and the ways out are offered. */
export const FILTROS = [categorias, fechas, tipo, accesible, gratis, palabras] as const;

type Interseccion<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type FiltroDe<T> = T extends Entrada<infer F, unknown> ? F : never;

/** A search's filters, as the API read them: each entry's part. */
export type Filtros = Interseccion<FiltroDe<(typeof FILTROS)[number]>>;

/** "Now" of the date order, rounded down to the quarter hour: the memo keys of a quarter share it. */
export const CUARTO_DE_HORA_MS = 15 * 60_000;

/**
 * What an order compares, computed by PostgreSQL (lib/busqueda/sql.ts) and by the index
 * (lib/busqueda/indice.ts) alike:
 * - distancia: on PostGIS's sphere from the point searched (the GiST index's `<->`);
 * - inicio: the plan's start (none for an experience without dates);
 * - momento: the next moment the plan can be attended from the base instant B (now rounded down
 *   to the quarter hour, or the window's start when later): an event already under way at B, B;
 *   a later one, its start; an experience, from the later of B and its own start, its next slot
 *   (weekday and hours, Madrid time) that has not ended, at its start or at that instant if it
 *   is open then; none for an experience without slots.
 */
export type Magnitud = "distancia" | "inicio" | "momento";
export interface ClaveOrden {
  magnitud: Magnitud;
  /** Where a plan without it goes (SQL's NULLS FIRST or LAST). */
  nulos: "primero" | "ultimo";
}

/**
 * Each order's keys, after "featured first" and before the id that makes it total (so pages never
 * overlap). Nearest-first orders can stop reading once no farther plan can enter a page.
 */
export const ORDEN: Record<Orden, { claves: readonly ClaveOrden[]; cercaPrimero: boolean }> = {
  distancia: {
    claves: [
      { magnitud: "distancia", nulos: "ultimo" },
      { magnitud: "inicio", nulos: "primero" },
    ],
    cercaPrimero: true,
  },
  fecha: {
    claves: [
      { magnitud: "momento", nulos: "ultimo" },
      { magnitud: "distancia", nulos: "ultimo" },
    ],
    cercaPrimero: false,
  },
};

/** A plan's place in an order: its keys' values (NaN for none, as SQL's NULL) and its id. */
export interface PuestoOrden {
  k: readonly number[];
  id: string;
}

/** Compares two values of a key as ORDER BY does (NaN as NULL, first or last). */
export function compararValor(x: number, y: number, nulosPrimero: boolean): number {
  if (x === y) return 0;
  const nx = Number.isNaN(x);
  const ny = Number.isNaN(y);
  if (nx && ny) return 0;
  if (nx !== ny) return nx === nulosPrimero ? -1 : 1;
  return x < y ? -1 : 1;
}

/** Compares two plans as ORDER BY their keys (nulls where declared), then id: the same in SQL and in the index. */
export function compararPuestos(orden: Orden): (a: PuestoOrden, b: PuestoOrden) => number {
  const nulos = ORDEN[orden].claves.map((c) => c.nulos === "primero");
  return (a, b) => {
    for (let i = 0; i < nulos.length; i++) {
      const c = compararValor(a.k[i], b.k[i], nulos[i]);
      if (c !== 0) return c;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** The base instant B of the date order (see Magnitud) for a window starting at `desde`, at `ahora` (ms). */
export function baseDelMomento(ahora: number, desde?: Date): number {
  const redondeado = Math.floor(ahora / CUARTO_DE_HORA_MS) * CUARTO_DE_HORA_MS;
  return desde && desde.getTime() > redondeado ? desde.getTime() : redondeado;
}

/** The filters of API parameters (ParametroNoValido on a value the API refuses). */
export function leerFiltros(p: Parametros): Filtros {
  return Object.assign({}, ...FILTROS.map((e) => e.leer(p))) as Filtros;
}

/** The list's entries, each typed for the filters as a whole. */
const ENTRADAS = FILTROS as unknown as readonly Entrada<Filtros, unknown>[];

/** Calls each entry's `metodo` with the filters: the one loop over the list. */
const cada = <R>(uso: (e: Entrada<Filtros, unknown>) => R): R[] => ENTRADAS.map(uso);

/** The filters' part of a memo key. */
export const claveFiltros = (f: Filtros): unknown[] => cada((e) => e.clave(f));

/** Whether every plan that matches `estrictos` matches `amplios` too (same point and radius). */
export const incluidos = (estrictos: Filtros, amplios: Filtros): boolean =>
  ENTRADAS.every((e) => e.incluye(estrictos, amplios));

/** The SQL conditions of the filters, each with its leading AND (none when none filters). */
export const condicionesSql = <T>(f: Filtros, sql: Sql<T>): T[] =>
  cada((e) => e.sql(f, sql)).filter((c) => c !== null) as T[];

/** The filters' predicates over the index's columns (none when none filters). */
export const predicadosIndice = (f: Filtros, c: ColumnasIndice, ayuda: AyudaIndice): Predicado[] =>
  cada((e) => e.indice(f, c, ayuda)).filter((p) => p !== null) as Predicado[];

/** Random API parameters of every filter and of the order (the oracle test). */
export function parametrosAleatorios(
  r: () => number,
  contexto: Parameters<Entrada<unknown, unknown>["aleatorio"]>[1],
): Record<string, string> {
  const p = Object.assign({}, ...FILTROS.map((e) => e.aleatorio(r, contexto)));
  if (r() < 0.4) p.orden = "fecha";
  return p;
}
