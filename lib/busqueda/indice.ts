import geographiclib from "geographiclib-geodesic";
import { numeroDiaMadrid } from "../dates";
import { distanciaEsferaM, RADIO_ESFERA_M } from "../geo/distancia";
import { CATEGORIAS, TOPE_TOTAL } from "../plans/constants";
import {
  baseDelMomento,
  compararValor,
  F_ACCESIBLE,
  F_EXPERIENCIA,
  ORDEN,
  predicadosIndice,
  type AyudaIndice,
  type Filtros,
  type Magnitud,
  type Predicado,
} from "./registro";
import type { Orden } from "./filtros-url";
import { siguienteFranja } from "./momento";
import { distanciaEdicion, firmaLetras, lejosDeLetras } from "./palabras";
import type { ConsultaPalabras } from "./palabras-consulta";

/** A CommonJS module: Node's ESM loader (the scripts) gives its exports as the default only. */
const { Geodesic } = geographiclib;

/**
 * The in-process search index: each instance's copy of what a search reads of every listed
 * plan (its point, every column a filter or an order of lib/busqueda/registro.ts reads, and its featuring), in
 * typed arrays and a grid of cells, so that a search finds its page and its total without a
 * query: PostgreSQL only reads the page's rows by id. lib/busqueda/indice-db.ts fills it and keeps
 * it current from the rows that changed (plan.cambio); lib/busqueda/buscar.ts asks it first.
 *
 * It answers exactly what the SQL of buscar.ts answers (lib/busqueda/indice.test.ts compares the
 * two on random plans and searches, with every filter and order of the registry):
 * - listed: visible (only visible plans are held) and not finished (fecha_fin ≥ now, or none);
 * - within the radius on the spheroid (ST_DWithin): GeographicLib's geodesic, the algorithm
 *   PostGIS uses, for the plans near the edge; the sphere decides the others, as the spheroid's
 *   distance is within 0.6% of the sphere's anywhere on Earth;
 * - each filter's predicate, declared beside its SQL in the registry;
 * - the order: featured first, then the order's keys (registro.ts ORDEN), then id.
 */

/** A plan's search fields, as lib/busqueda/indice-db.ts reads them (instants in ms, null for none). */
export interface FilaIndice {
  id: string;
  lng: number;
  lat: number;
  experiencia: boolean;
  categorias: readonly string[];
  accesible: boolean;
  precio: number | null;
  fechaInicio: number | null;
  fechaFin: number | null;
  /** plan.dias_semana: the slots' weekdays as bits (1 << weekday, 0 Sunday). */
  diasSemana: number;
  /** An experience's slots: weekday (0 Sunday) and start and end in minutes after Madrid's midnight. */
  horarios: readonly (readonly [dia: number, inicio: number, fin: number])[];
  /**
   * An event's dates when it has several (none for one: fechaInicio/fechaFin are its date), in
   * start order: start and end in ms (a date without an end ends as it starts).
   */
  fechas: readonly (readonly [inicio: number, fin: number])[];
  destacadoHasta: number | null;
  visible: boolean;
  /** plan.cambio: moves on with every change to the plan's row (and so to its card: buscar.ts's card cache). */
  cambio: number;
  /** Its words' stems (plan.palabras, as PostgreSQL made them). */
  terminos: readonly string[];
}

/** A search as the index takes it: the filters, the point and radius, and the stretch of the order wanted. */
export type ConsultaIndice = Filtros & {
  orden: Orden;
  lng: number;
  lat: number;
  radioM: number;
  /** The stretch [desde, hasta) of the order: the page's. */
  desde: number;
  hasta: number;
};

export interface RespuestaIndice {
  ids: string[];
  /** For each id, its row's version as the index holds it: plan.cambio, and "d" while featured. */
  versiones: string[];
  /** How many plans match, up to TOPE_TOTAL + 1 (more than TOPE_TOTAL: not exact). */
  contados: number;
  /** When a count found more than TOPE_TOTAL: the farthest of them (sphere, m), a dense disc (total-denso.ts). */
  alcanceM?: number;
}

/** Cells of the grid, in degrees of latitude and longitude (about 2.2 × 1.7 km in Spain). */
const CELDA = 0.02;
const FILAS_DE_CELDAS = Math.ceil(180 / CELDA) + 1;
const RAD = Math.PI / 180;
/** The spheroid's distance over the sphere's is between 0.994 and 1.0045 anywhere: within these, the sphere decides. */
const SEGURO_DENTRO = 0.99;
const SEGURO_FUERA = 1.01;
/** How many searched words' typos the index keeps (a few hundred kB). */
const PARECIDAS_EN_MEMO = 4_096;
/** Past this many rings around a point (a radius near a pole), postings are read whole. */
const MAX_ANILLOS = 2_000;

const BIT_CATEGORIA = new Map<string, number>(CATEGORIAS.map((c, i) => [c, 1 << i]));
const mascaraCategorias = (categorias: readonly string[]) =>
  categorias.reduce((m, c) => m | (BIT_CATEGORIA.get(c) ?? 0), 0);

/** planazo_mascara_dias: the weekdays (bits, 0 Sunday) of the Madrid days desde … hasta (day numbers). */
export function mascaraDias(desde: number, hasta: number): number {
  if (hasta < desde) return 0;
  if (hasta - desde >= 6) return 127;
  const bits = ((1 << (hasta - desde + 1)) - 1) << (((desde % 7) + 11) % 7);
  return (bits | (bits >> 7)) & 127;
}

const celdaDe = (lng: number, lat: number) =>
  Math.floor((lng + 180) / CELDA) * FILAS_DE_CELDAS + Math.floor((lat + 90) / CELDA);

/** A column of the index: one typed array, a value per slot. */
type Columna = Float64Array | Int32Array | Uint16Array | Uint8Array;

/**
 * Spans of numbers of many plans in one typed array, a plan's from its start for its length (both
 * kept in the index's columns): one array instead of one per plan (a typed array costs about 100
 * bytes of its own). A plan's new span is written at the end and its old one becomes garbage,
 * gathered when it is most of the array; the array doubles when full.
 */
class Bolsa<T extends Int16Array | Uint8Array | Float64Array> {
  private usada = 0;
  private viva = 0;
  constructor(public datos: T) {}

  /** Where n more numbers go; `reunir` gathers the live spans first when garbage is most of the array. */
  reservar(n: number, reunir: () => void): number {
    if (this.usada + n > this.datos.length) {
      if (this.usada > 2 * this.viva) reunir();
      if (this.usada + n > this.datos.length) this.datos = this.copia(Math.max(2 * this.datos.length, this.usada + n));
    }
    const inicio = this.usada;
    this.usada += n;
    this.viva += n;
    return inicio;
  }

  /** A span of n numbers is garbage now. */
  soltar(n: number): void {
    this.viva -= n;
  }

  /** Copies the spans of `slots` (from `inicio[s]`, `largo(s)` numbers) to the start of a new array, moving `inicio`. */
  reunir(slots: Iterable<number>, inicio: Int32Array, largo: (s: number) => number): void {
    const nueva = this.copia(this.datos.length, 0);
    let usada = 0;
    for (const s of slots) {
      const n = largo(s);
      if (n === 0) continue;
      nueva.set(this.datos.subarray(inicio[s], inicio[s] + n), usada);
      inicio[s] = usada;
      usada += n;
    }
    this.datos = nueva;
    this.usada = this.viva = usada;
  }

  /** A new array of `largo` numbers holding the first `hasta` of this one. */
  private copia(largo: number, hasta = this.usada): T {
    const nueva = new (this.datos.constructor as new (n: number) => T)(largo);
    nueva.set(this.datos.subarray(0, hasta));
    return nueva;
  }
}

/** The index of the first of the ascending `numeros[desde…hasta)` not below `valor` (hasta when none). */
function primeraDesde(numeros: ArrayLike<number>, valor: number, desde = 0, hasta = numeros.length): number {
  let a = desde;
  let b = hasta;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (numeros[m] < valor) a = m + 1;
    else b = m;
  }
  return a;
}

/** Appends the slot range [desde, hasta) to ascending `rangos`, joined to the last when they touch. */
function anadirRango(rangos: number[], desde: number, hasta: number): void {
  if (rangos.length > 0 && rangos[rangos.length - 1] === desde) rangos[rangos.length - 1] = hasta;
  else rangos.push(desde, hasta);
}

/** Writes n as a varint (7 bits a byte, high bit: more follow) at `i` of `a`; returns the next index. */
function escribirVarint(a: Uint8Array, i: number, n: number): number {
  while (n >= 0x80) {
    a[i++] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  a[i++] = n;
  return i;
}

/**
 * Marks stem `id` in the 64-bit fingerprint `h[i]`, `h[i + 1]` (bit id % 64): the one rule of the
 * plans' fingerprints and of a search's words' bits (IndiceBusqueda.huellas).
 */
const marcarHuella = (h: Int32Array, i: number, id: number): void => {
  h[i + ((id >> 5) & 1)] |= 1 << (id & 31);
};

/** Bytes a varint of n takes. */
const bytesVarint = (n: number): number => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

/**
 * A bounded max-heap of slots in the page's order (the worst kept on top), with their two keys,
 * then the plan's id (ORDEN, registro.ts). The keys lie in typed arrays and ofrecer's common case,
 * a plan that does not enter a full heap, is small enough to be inlined into the loops that call
 * it: a double passed to or returned from a call that is not inlined is boxed, and a date search
 * offers every match of its radius.
 */
class Mejores {
  private readonly s: Int32Array;
  private readonly k0: Float64Array;
  private readonly k1: Float64Array;
  /** How many are kept. */
  largo = 0;
  constructor(
    private readonly n: number,
    private readonly nulos0: boolean,
    private readonly nulos1: boolean,
    private readonly ids: readonly (string | undefined)[],
  ) {
    this.s = new Int32Array(n);
    this.k0 = new Float64Array(n);
    this.k1 = new Float64Array(n);
  }
  get lleno(): boolean {
    return this.largo >= this.n;
  }
  /** The first key of the worst kept (only meaningful when full). */
  get peor(): number {
    return this.k0[0];
  }
  /** The slot of the worst kept (only meaningful when full). */
  get peorSlot(): number {
    return this.s[0];
  }
  /** Whether the plan in slot a, with keys a0 and a1, comes before the one kept at i. */
  private antesDe(a: number, a0: number, a1: number, i: number): boolean {
    const c = compararValor(a0, this.k0[i], this.nulos0) || compararValor(a1, this.k1[i], this.nulos1);
    return c !== 0 ? c < 0 : this.ids[a]! < this.ids[this.s[i]]!;
  }
  private antesQue(i: number, j: number): boolean {
    return this.antesDe(this.s[i], this.k0[i], this.k1[i], j);
  }
  private cambiar(i: number, j: number): void {
    const { s, k0, k1 } = this;
    const slot = s[i];
    s[i] = s[j];
    s[j] = slot;
    const a0 = k0[i];
    k0[i] = k0[j];
    k0[j] = a0;
    const a1 = k1[i];
    k1[i] = k1[j];
    k1[j] = a1;
  }
  /** Whether a plan whose first key is a0 cannot enter: the page is full and its worst comes before it by that key alone. */
  descarta(a0: number): boolean {
    return this.largo >= this.n && compararValor(a0, this.k0[0], this.nulos0) > 0;
  }
  ofrecer(slot: number, a0: number, a1: number): void {
    if (this.largo < this.n) this.meter(slot, a0, a1);
    else if (this.n > 0 && this.antesDe(slot, a0, a1, 0)) this.cambiarPeor(slot, a0, a1);
  }
  private meter(slot: number, a0: number, a1: number): void {
    let i = this.largo++;
    this.s[i] = slot;
    this.k0[i] = a0;
    this.k1[i] = a1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.antesQue(p, i)) break;
      this.cambiar(p, i);
      i = p;
    }
  }
  private cambiarPeor(slot: number, a0: number, a1: number): void {
    this.s[0] = slot;
    this.k0[0] = a0;
    this.k1[0] = a1;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.largo && this.antesQue(m, l)) m = l;
      if (r < this.largo && this.antesQue(m, r)) m = r;
      if (m === i) break;
      this.cambiar(m, i);
      i = m;
    }
  }
  /** The slots kept, best first. */
  ordenados(): number[] {
    const orden = Array.from({ length: this.largo }, (_, i) => i);
    orden.sort((a, b) => (this.antesQue(a, b) ? -1 : this.antesQue(b, a) ? 1 : 0));
    return orden.map((i) => this.s[i]);
  }
}

export class IndiceBusqueda {
  private capacidad = 0;
  private usados = 0;
  private readonly libres: number[] = [];
  private readonly porId = new Map<string, number>();
  /**
   * Two grids: the plans featured when they were put (a few percent), and the others. The
   * featured branch of a page reads the first alone; the rest read both (a featuring that has
   * ended since leaves its plan in the first).
   */
  private readonly rejillas = [new Map<number, number[]>(), new Map<number, number[]>()];
  private rejilla = new Uint8Array(0);
  /** Moves on with every change: the dense discs of lib/busqueda/total-denso.ts are kept by it. */
  generacion = 0;
  private ids: (string | undefined)[] = [];
  private lng = new Float64Array(0);
  private lat = new Float64Array(0);
  /**
   * Unit vectors of the points, x y z side by side (a plan's three in one cache line, as a
   * search reads them together): a chord's length rules out the far plans with three products.
   */
  private xyz = new Float64Array(0);
  private celda = new Int32Array(0);
  private categorias = new Uint16Array(0);
  private banderas = new Uint8Array(0);
  private dias = new Uint8Array(0);
  /** Instants in ms; NaN for none (NaN compares false, as SQL's NULL does). */
  private inicio = new Float64Array(0);
  private fin = new Float64Array(0);
  private destacado = new Float64Array(0);
  /** Madrid day numbers of inicio and fin (numeroDiaMadrid). */
  private diaInicio = new Int32Array(0);
  private diaFin = new Int32Array(0);
  private cambio = new Float64Array(0);
  /** NaN for none. */
  private precio = new Float64Array(0);
  /**
   * Experiences' slots, three numbers each (weekday, start and end minute), in one Bolsa: a plan's
   * are `nFranjas[s]` triples from `franja[s]`.
   */
  private franja = new Int32Array(0);
  private nFranjas = new Uint8Array(0);
  private readonly franjas = new Bolsa(new Int16Array(3 * 1024));
  /**
   * Events' dates when they have several, two instants each (start, end), in one Bolsa: a plan's
   * are `nFechas[s]` pairs from `fecha[s]` (0 for a plan of one date, whose columns say it).
   */
  private fecha = new Int32Array(0);
  private nFechas = new Uint8Array(0);
  private readonly fechas = new Bolsa(new Float64Array(2 * 1024));
  /**
   * The plans' words: the stems (an id each), and each plan's stem ids, sorted, as varints of
   * their differences in one Bolsa of bytes (`nBolsa[s]` bytes from `terminos[s]`): about two
   * bytes a word. And the vocabulary (lib/busqueda/indice-db.ts reads PostgreSQL's `palabra`):
   * every word plans have had with its stem's id, by length for the typos and in alphabetical
   * order for the words being typed.
   */
  private readonly vocabulario = new Map<string, number>();
  private readonly palabraIds = new Map<string, number>();
  private readonly palabras: string[] = [];
  private readonly raizDe: number[] = [];
  private readonly porLongitud: number[][] = [];
  /** Each word's letters (firmaLetras), by word id: most words are ruled out of a typo by it. */
  private readonly firmas: number[] = [];
  /** The words within a typo of words searched lately (parecidas), and up to which word id each was looked for. */
  private readonly parecidasMemo = new Map<string, { hasta: number; ids: number[] }>();
  /** The words' ids in alphabetical order, made again when the vocabulary has grown. */
  private alfabetico: Int32Array | null = null;
  private terminos = new Int32Array(0);
  private nBolsa = new Uint16Array(0);
  private idsDelPlan = new Int32Array(64);
  private readonly bolsa = new Bolsa(new Uint8Array(64 * 1024));
  /**
   * Per stem id, the slots of the plans that hold it (its postings): made in slot order when the
   * plans were last renumbered cell by cell (compactar), then appended to as plans are put, never
   * removed (a slot there may since hold another plan, or none: a search checks each), and made
   * again from the plans when stale entries outnumber the live ones. A search for a rare word
   * reads these instead of every plan of its radius: within the ordered ones, only the slots of
   * the cells around its point (`tramos`); the ones appended since, whole.
   *
   * The ordered ones of every stem are one array, stem after stem (those of stem `id` from
   * `ordenadasDesde[id]` to `ordenadasDesde[id + 1]`): 4 bytes a posting, where an array of
   * numbers per stem took 8 and its growth's slack (at a million plans, some 30 million postings).
   */
  private ordenadas = new Int32Array(0);
  private ordenadasDesde = new Int32Array(1);
  /** Per stem id, the postings appended since the renumbering. */
  private colas: (number[] | undefined)[] = [];
  /**
   * Where each cell's plans were put by the last renumbering: per grid, its cells' numbers in
   * order and each one's first slot (and one past the last). A plan put since has its postings
   * appended after the ordered ones, so a cell's slots of then and those appended hold every
   * plan a cell holds now.
   */
  private tramos: { celdas: Int32Array; inicio: Int32Array }[] = [];
  /** How many slots the last renumbering used. */
  private compactados = 0;
  /**
   * A word search reads its rarest word's postings instead of its radius's plans while they are
   * fewer than this many times the plans of the radius's cells (checking a posting's place costs
   * a few products; a plan of the radius, decoding its stems). The oracle test sets 0 to compare
   * the other way too.
   */
  factorPostings = 20;
  /**
   * Whether a nearest-first word search reads its long postings ring by ring from the point,
   * else within the radius's columns at once. Nearest first, matches farther than a full page
   * are not even measured, and the reading stops early: at a million plans rings cost a half to a
   * third, at 100,000 the same (docs/performance.md). The tests compare both.
   */
  porAnillos = true;
  /**
   * Per slot, the last search (`vuelta`) that took it from the postings: a slot equal to the
   * current one is seen, and nothing is cleared after a search (only when the count wraps).
   */
  private visto = new Uint16Array(0);
  private vuelta = 0;
  /** The chords of a word search's matches, reused from search to search. */
  private cuerdas = new Float64Array(4096);
  /**
   * 1 where the slot's plan holds the stems its ordered postings were made from (set by the
   * renumbering, cleared when the plan is put again or removed): an ordered posting of such a
   * slot is true, so a search whose every word its stem matches need not decode the plan's stems.
   */
  private intacto = new Uint8Array(0);
  /**
   * Each slot's next moment (momento) and the base instant it was worked out for, side by side
   * (base NaN: none yet, or the plan changed since): the date searches of a quarter hour share
   * one base, so each plan's is worked out once in it instead of once per search.
   */
  private momentos = new Float64Array(0);
  /**
   * A fingerprint of each slot's stems, 64 bits in two words: bit (id % 64) of each stem id. A word
   * search rules out a plan lacking every bit of one of its words' stems without decoding them.
   */
  private huellas = new Int32Array(0);
  private postingsTotal = 0;
  private terminosVivos = 0;
  /** Per stem id, the bits of the words of the search being answered that it matches (cleared after it). */
  private marcas = new Uint32Array(0);
  private marcadas: number[] = [];
  /**
   * The word predicate's state while it reads a plan's stems: the words' bits their marks carry
   * so far, and all of them. Kept here, so that checking a plan allocates no closure.
   */
  private tiene = 0;
  private todas = 0;
  private readonly sumarMarcas = (id: number): boolean => ((this.tiene |= this.marcas[id]) & this.todas) === this.todas;

  /** How many plans it holds. */
  get tamano(): number {
    return this.porId.size;
  }

  /**
   * About how many bytes its columns and words hold: its typed arrays as allocated, and its
   * vocabulary's strings and maps (V8 keeps a short string in about its length plus 16 bytes,
   * and a map entry in about 40); the plans' ids and their map are left out, as in the figures
   * before words. The search benchmark prints it per plan.
   */
  bytes(): number {
    const columnas = [this.lng, this.lat, this.xyz, this.celda, this.rejilla, this.categorias];
    const mas = [this.banderas, this.dias, this.inicio, this.fin, this.destacado, this.diaInicio, this.diaFin];
    const aun = [this.cambio, this.precio, this.franja, this.nFranjas, this.franjas.datos, this.terminos, this.nBolsa];
    aun.push(this.fecha, this.nFechas, this.fechas.datos, this.intacto, this.momentos, this.huellas);
    const arrays = [...columnas, ...mas, ...aun, this.bolsa.datos, this.marcas].reduce((n, a) => n + a.byteLength, 0);
    let textos = 0;
    for (const p of this.palabras) textos += p.length + 16;
    for (const r of this.vocabulario.keys()) textos += r.length + 16;
    const mapas = 40 * (this.vocabulario.size + this.palabraIds.size);
    let colas = 0;
    for (const cola of this.colas) if (cola) colas += 16 + 8 * cola.length;
    const postings = this.ordenadas.byteLength + this.ordenadasDesde.byteLength + colas + 8 * this.colas.length;
    return arrays + textos + mapas + postings + 8 * (this.palabras.length + this.raizDe.length + this.firmas.length);
  }

  /**
   * Replaces every column by `nueva` of it (of `capacidad` slots of `ancho` numbers, the same
   * type): the one list of the columns.
   */
  private rehacerColumnas(nueva: <T extends Columna>(a: T, vacia: T, ancho: number) => T): void {
    const de = <T extends Columna>(a: T, ancho = 1): T =>
      nueva(a, new (a.constructor as new (n: number) => T)(ancho * this.capacidad), ancho);
    this.lng = de(this.lng);
    this.lat = de(this.lat);
    this.xyz = de(this.xyz, 3);
    this.celda = de(this.celda);
    this.rejilla = de(this.rejilla);
    this.categorias = de(this.categorias);
    this.banderas = de(this.banderas);
    this.dias = de(this.dias);
    this.inicio = de(this.inicio);
    this.fin = de(this.fin);
    this.destacado = de(this.destacado);
    this.diaInicio = de(this.diaInicio);
    this.diaFin = de(this.diaFin);
    this.cambio = de(this.cambio);
    this.precio = de(this.precio);
    this.franja = de(this.franja);
    this.nFranjas = de(this.nFranjas);
    this.fecha = de(this.fecha);
    this.nFechas = de(this.nFechas);
    this.terminos = de(this.terminos);
    this.nBolsa = de(this.nBolsa);
    this.intacto = de(this.intacto);
    this.momentos = de(this.momentos, 2);
    this.huellas = de(this.huellas, 2);
  }

  private crecer(): void {
    this.capacidad = Math.max(1024, this.capacidad * 2);
    this.rehacerColumnas((a, vacia) => {
      vacia.set(a);
      return vacia;
    });
  }

  /** Takes a plan's current fields: adds, moves or (not visible) removes it. */
  poner(f: FilaIndice): void {
    if (!f.visible) return this.quitar(f.id);
    this.generacion++;
    let s = this.porId.get(f.id);
    if (s === undefined) {
      s = this.libres.pop();
      if (s === undefined) {
        if (this.usados === this.capacidad) this.crecer();
        s = this.usados++;
      }
      this.porId.set(f.id, s);
      this.ids[s] = f.id;
    } else {
      this.sacarDeCelda(s);
    }
    const celda = celdaDe(f.lng, f.lat);
    this.celda[s] = celda;
    const rejilla = f.destacadoHasta !== null && f.destacadoHasta > Date.now() ? 1 : 0;
    this.rejilla[s] = rejilla;
    let lista = this.rejillas[rejilla].get(celda);
    if (!lista) this.rejillas[rejilla].set(celda, (lista = []));
    lista.push(s);
    this.lng[s] = f.lng;
    this.lat[s] = f.lat;
    const cosLat = Math.cos(f.lat * RAD);
    this.xyz[3 * s] = cosLat * Math.cos(f.lng * RAD);
    this.xyz[3 * s + 1] = cosLat * Math.sin(f.lng * RAD);
    this.xyz[3 * s + 2] = Math.sin(f.lat * RAD);
    this.categorias[s] = mascaraCategorias(f.categorias);
    this.banderas[s] = (f.experiencia ? F_EXPERIENCIA : 0) | (f.accesible ? F_ACCESIBLE : 0);
    this.dias[s] = f.diasSemana;
    this.inicio[s] = f.fechaInicio ?? NaN;
    this.fin[s] = f.fechaFin ?? NaN;
    this.destacado[s] = f.destacadoHasta ?? NaN;
    this.diaInicio[s] = f.fechaInicio === null ? 0 : numeroDiaMadrid(f.fechaInicio);
    this.diaFin[s] = f.fechaFin === null ? 0 : numeroDiaMadrid(f.fechaFin);
    this.cambio[s] = f.cambio;
    this.precio[s] = f.precio ?? NaN;
    this.ponerFranjas(s, f.horarios);
    this.ponerFechas(s, f.fechas);
    this.momentos[2 * s] = NaN;
    this.ponerTerminos(s, f.terminos);
    // Stale postings outnumber the live ones: renumbering makes them again, in slot order.
    if (this.postingsTotal > 2 * this.terminosVivos + 65_536) this.compactar();
  }

  /** The id of a stem, new ones numbered in turn. */
  private idDe(raiz: string): number {
    let id = this.vocabulario.get(raiz);
    if (id === undefined) {
      id = this.vocabulario.size;
      this.vocabulario.set(raiz, id);
    }
    return id;
  }

  /** A word of the vocabulary with its stem (once; again, nothing). */
  ponerPalabra(palabra: string, raiz: string): void {
    if (this.palabraIds.has(palabra)) return;
    const id = this.palabras.length;
    this.palabraIds.set(palabra, id);
    this.palabras.push(palabra);
    this.raizDe.push(this.idDe(raiz));
    (this.porLongitud[palabra.length] ??= []).push(id);
    this.firmas.push(firmaLetras(palabra));
    this.alfabetico = null;
  }

  /** Writes a plan's stem ids at the end of `bolsa` (the ones it had become garbage, gathered now and then). */
  private ponerTerminos(s: number, raices: readonly string[]): void {
    this.intacto[s] = 0;
    this.bolsa.soltar(this.nBolsa[s]);
    this.terminosVivos -= this.contarTerminos(s);
    this.nBolsa[s] = 0;
    // The ids sorted and without repeats, in a reused array (filling puts a million plans).
    if (this.idsDelPlan.length < raices.length) this.idsDelPlan = new Int32Array(2 * raices.length);
    for (let i = 0; i < raices.length; i++) this.idsDelPlan[i] = this.idDe(raices[i]);
    const ordenados = this.idsDelPlan.subarray(0, raices.length).sort();
    let distintos = 0;
    for (let i = 0; i < ordenados.length; i++)
      if (i === 0 || ordenados[i] !== ordenados[i - 1]) ordenados[distintos++] = ordenados[i];
    const ids = ordenados.subarray(0, distintos);
    this.huellas[2 * s] = this.huellas[2 * s + 1] = 0;
    for (const id of ids) {
      (this.colas[id] ??= []).push(s);
      marcarHuella(this.huellas, 2 * s, id);
    }
    this.postingsTotal += ids.length;
    this.terminosVivos += ids.length;
    let n = 0;
    for (let i = 0, antes = -1; i < ids.length; antes = ids[i++]) {
      if (n + bytesVarint(ids[i] - antes) > 0xffff) break;
      n += bytesVarint(ids[i] - antes);
    }
    if (n === 0) return;
    const inicio = this.bolsa.reservar(n, () => this.reunirTerminos());
    this.terminos[s] = inicio;
    this.nBolsa[s] = n;
    for (let k = 0, antes = -1, i = inicio; i < inicio + n; antes = ids[k++])
      i = escribirVarint(this.bolsa.datos, i, ids[k] - antes);
  }

  /** How many stem ids a plan holds (its varints' last bytes). */
  private contarTerminos(s: number): number {
    let n = 0;
    const bolsa = this.bolsa.datos;
    for (let i = this.terminos[s], fin = i + this.nBolsa[s]; i < fin; i++) if (!(bolsa[i] & 0x80)) n++;
    return n;
  }

  /**
   * Gives `f` a plan's stem ids in order (its varints decoded), until `f` says it has seen enough
   * (true); answers whether it did.
   */
  private cadaTermino(s: number, f: (id: number) => boolean): boolean {
    const bolsa = this.bolsa.datos;
    for (let i = this.terminos[s], fin = i + this.nBolsa[s], id = -1; i < fin;) {
      let d = 0;
      let corrimiento = 0;
      let byte: number;
      do {
        byte = bolsa[i++];
        d |= (byte & 0x7f) << corrimiento;
        corrimiento += 7;
      } while (byte & 0x80);
      id += d;
      if (f(id)) return true;
    }
    return false;
  }

  /**
   * The postings made again from the plans held, in slot order (after a renumbering): each stem's
   * count first, then each plan's stems written at their stem's next place.
   */
  private rehacerPostings(): void {
    const desde = new Int32Array(this.vocabulario.size + 1);
    const cadaPosting = (f: (id: number, s: number) => void) => {
      for (let s = 0; s < this.usados; s++) {
        if (this.ids[s] === undefined) continue;
        this.cadaTermino(s, (id) => {
          f(id, s);
          return false;
        });
      }
    };
    cadaPosting((id) => desde[id + 1]++);
    for (let id = 0; id < this.vocabulario.size; id++) desde[id + 1] += desde[id];
    const total = desde[this.vocabulario.size];
    const ordenadas = new Int32Array(total);
    const siguiente = desde.slice(0, -1);
    cadaPosting((id, s) => (ordenadas[siguiente[id]++] = s));
    for (let s = 0; s < this.usados; s++) this.intacto[s] = this.ids[s] === undefined ? 0 : 1;
    this.ordenadas = ordenadas;
    this.ordenadasDesde = desde;
    this.colas = [];
    this.postingsTotal = this.terminosVivos = total;
  }

  /**
   * The slots the last renumbering gave the cells of columns i0…i1 and rows j0…j1 (both grids),
   * as ascending [start, end) pairs, adjacent ones joined.
   */
  private tramosDe(i0: number, i1: number, j0: number, j1: number, rejillas: readonly number[] = [0, 1]): number[] {
    const rangos: number[] = [];
    for (const r of rejillas) {
      const { celdas, inicio } = this.tramos[r];
      for (let i = i0; i <= i1; i++) {
        const a = primeraDesde(celdas, i * FILAS_DE_CELDAS + Math.max(0, j0));
        const b = primeraDesde(celdas, i * FILAS_DE_CELDAS + Math.min(FILAS_DE_CELDAS - 1, j1) + 1);
        if (a < b) anadirRango(rangos, inicio[a], inicio[b]);
      }
    }
    return rangos;
  }

  /**
   * The slots the last renumbering gave the cells of the unfeatured grid around cell (ci, cj),
   * ring by ring up to ring `k` (ring n: the cells n cells away), each ring's as tramosDe's
   * ranges. One pass over the box's cells that hold plans.
   */
  private anillosDe(ci: number, cj: number, k: number): number[][] {
    const anillos = Array.from({ length: k + 1 }, () => [] as number[]);
    const { celdas, inicio } = this.tramos[0];
    // Column by column, row by row: each ring's ranges ascend.
    for (let i = ci - k; i <= ci + k; i++) {
      const hasta = primeraDesde(celdas, i * FILAS_DE_CELDAS + Math.min(FILAS_DE_CELDAS - 1, cj + k) + 1);
      for (let x = primeraDesde(celdas, i * FILAS_DE_CELDAS + Math.max(0, cj - k)); x < hasta; x++) {
        const anillo = Math.max(Math.abs(i - ci), Math.abs((celdas[x] % FILAS_DE_CELDAS) - cj));
        anadirRango(anillos[anillo], inicio[x], inicio[x + 1]);
      }
    }
    return anillos;
  }

  private ordenadasDe(id: number): number {
    return id + 1 < this.ordenadasDesde.length ? this.ordenadasDesde[id + 1] - this.ordenadasDesde[id] : 0;
  }

  /**
   * Gives `leer` a stem's ordered postings within the ascending slot ranges `rangos` (all of
   * them when null), and with `cola` those appended since the renumbering (`ordenada` false).
   */
  private leerPostings(
    id: number,
    rangos: readonly number[] | null,
    cola: boolean,
    leer: (s: number, ordenada: boolean) => void,
  ): void {
    const lista = this.ordenadas;
    if (id + 1 < this.ordenadasDesde.length) {
      let n = this.ordenadasDesde[id];
      const fin = this.ordenadasDesde[id + 1];
      if (rangos) {
        for (let r = 0; r < rangos.length; r += 2) {
          const hasta = rangos[r + 1];
          for (n = primeraDesde(lista, rangos[r], n, fin); n < fin && lista[n] < hasta; n++) leer(lista[n], true);
        }
      } else for (; n < fin; n++) leer(lista[n], true);
    }
    const anadidas = this.colas[id];
    if (cola && anadidas) for (let n = 0; n < anadidas.length; n++) leer(anadidas[n], false);
  }

  /**
   * The stems of a word search's rarest word, whose postings hold every plan that may match
   * (each still to be checked whole), when reading them within `rangos` costs less than reading
   * the `planesEnRadio` plans around; else null. Needs the words' marks.
   */
  private stemsMasRaros(q: ConsultaPalabras, rangos: readonly number[] | null, planesEnRadio: number): number[] | null {
    if (this.factorPostings === 0) return null;
    // Reading a stem's ordered postings within the ranges costs a seek per range and those of
    // the radius's share of the plans; a short list, its length.
    const parte = this.usados > 0 ? planesEnRadio / this.usados : 1;
    const porPalabra = new Array<number>(q.palabras.length).fill(0);
    for (const id of this.marcadas) {
      const ordenadas = this.ordenadasDe(id);
      const n = ordenadas + (this.colas[id]?.length ?? 0);
      const coste = rangos && ordenadas > 2 * rangos.length ? n - ordenadas + 8 * rangos.length + parte * ordenadas : n;
      for (let i = 0; i < q.palabras.length; i++) if (this.marcas[id] & (1 << i)) porPalabra[i] += coste;
    }
    const menor = porPalabra.indexOf(Math.min(...porPalabra));
    if (porPalabra[menor] > this.factorPostings * planesEnRadio) return null;
    return this.marcadas.filter((id) => this.marcas[id] & (1 << menor));
  }

  /** How many plans the cells of columns i0…i1 and rows j0…j1 hold (both grids): what reading them costs. */
  private planesEnCeldas(i0: number, i1: number, j0: number, j1: number): number {
    let n = 0;
    for (const rejilla of this.rejillas) {
      // Few cells hold plans: walking them beats looking up every cell of a wide box.
      if (rejilla.size < (i1 - i0 + 1) * (j1 - j0 + 1)) {
        for (const [celda, lista] of rejilla) {
          const i = Math.floor(celda / FILAS_DE_CELDAS);
          const j = celda % FILAS_DE_CELDAS;
          if (i >= i0 && i <= i1 && j >= j0 && j <= j1) n += lista.length;
        }
      } else {
        for (let i = i0; i <= i1; i++)
          for (let j = j0; j <= j1; j++) n += rejilla.get(i * FILAS_DE_CELDAS + j)?.length ?? 0;
      }
    }
    return n;
  }

  /**
   * How a word search around cell (ci, cj) reads its rarest word's postings: its stems, the slot
   * ranges of the radius's cells (null: all), those of its stems whose lists are long enough to
   * seek in, and whether ring by ring; or null when reading the radius's cells costs less. The
   * cells are those the rings of buscar read: every one nearer than `lejosMax` by `cota`.
   */
  private lecturaDePalabras(
    q: ConsultaPalabras,
    ci: number,
    cj: number,
    cota: (k: number) => number,
    lejosMax: number,
    cercaPrimero: boolean,
  ): { stems: number[]; rangos: number[] | null; anillos: number; largas: number[]; porAnillos: boolean } | null {
    let k = 0;
    while (k < MAX_ANILLOS && !(cota(k + 1) > lejosMax)) k++;
    const rangos = k < MAX_ANILLOS && this.tramos.length > 0 ? this.tramosDe(ci - k, ci + k, cj - k, cj + k) : null;
    // The cells' plans at the renumbering, and those put since (wherever they are): an estimate.
    let planes = this.usados - this.compactados;
    if (rangos) for (let r = 0; r < rangos.length; r += 2) planes += rangos[r + 1] - rangos[r];
    else planes = this.planesEnCeldas(ci - k, ci + k, cj - k, cj + k);
    const stems = this.stemsMasRaros(q, rangos, planes);
    if (!stems) return null;
    // Seeking costs a binary search a range: a short list is read whole.
    const largas = rangos ? stems.filter((id) => this.ordenadasDe(id) > 2 * rangos.length) : [];
    const porAnillos = this.porAnillos && cercaPrimero && largas.length > 0;
    return { stems, rangos, anillos: k, largas, porAnillos };
  }

  /** Gathers the plans' stem ids still referenced at the start of their Bolsa. */
  private reunirTerminos(): void {
    this.bolsa.reunir(this.porId.values(), this.terminos, (s) => this.nBolsa[s]);
  }

  /**
   * The predicate of a word search: marks, for each word, the ids of the stems it matches (its
   * own, those within its allowed edits, and for the typed last word those it begins), then a
   * plan matches when its stems carry every word's mark. The marks are cleared by buscar once
   * its answer is made.
   */
  private predicadoPalabras(q: ConsultaPalabras): (s: number) => boolean {
    if (this.marcas.length < this.vocabulario.size)
      this.marcas = new Uint32Array(Math.max(1024, 2 * this.vocabulario.size));
    const marcar = (id: number, bit: number) => {
      if (this.marcas[id] === 0) this.marcadas.push(id);
      this.marcas[id] |= bit;
    };
    const { palabras, raizDe, marcas } = this;
    q.palabras.forEach(({ palabra, raiz, errores }, i) => {
      const bit = 1 << i;
      const propia = this.vocabulario.get(raiz);
      if (propia !== undefined) marcar(propia, bit);
      if (errores > 0) for (const id of this.parecidas(palabra, errores)) marcar(raizDe[id], bit);
    });
    if (q.prefijo) {
      const bit = 1 << (q.palabras.length - 1);
      const orden = this.ordenAlfabetico();
      const prefijo = q.prefijo;
      // The first word not before the prefix, then every one that begins with it.
      let a = 0;
      let b = orden.length;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (palabras[orden[m]] < prefijo) a = m + 1;
        else b = m;
      }
      for (let k = a; k < orden.length && palabras[orden[k]].startsWith(prefijo); k++) marcar(raizDe[orden[k]], bit);
    }
    const todas = (1 << q.palabras.length) - 1;
    let alguna = 0;
    for (const id of this.marcadas) alguna |= marcas[id];
    // A word that matches no stem: no plan has it.
    if (alguna !== todas) return () => false;
    this.todas = todas;
    // Each word's bits of the stems' fingerprint (huellas): a plan with none of one word's lacks it.
    const n = q.palabras.length;
    const bits = new Int32Array(2 * n);
    for (const id of this.marcadas)
      for (let i = 0; i < n; i++) if (marcas[id] & (1 << i)) marcarHuella(bits, 2 * i, id);
    const { huellas } = this;
    return (s) => {
      const h0 = huellas[2 * s];
      const h1 = huellas[2 * s + 1];
      for (let i = 0; i < n; i++) if ((h0 & bits[2 * i]) === 0 && (h1 & bits[2 * i + 1]) === 0) return false;
      this.tiene = 0;
      return this.cadaTermino(s, this.sumarMarcas);
    };
  }

  /**
   * The ids of the vocabulary's words within `errores` edits of `palabra`. Kept for the words
   * searched lately: the vocabulary only grows, so a kept answer only needs the words added since.
   */
  private parecidas(palabra: string, errores: number): number[] {
    const clave = `${errores}${palabra}`;
    const firma = firmaLetras(palabra);
    let memo = this.parecidasMemo.get(clave);
    if (memo) this.parecidasMemo.delete(clave);
    else {
      memo = { hasta: this.palabras.length, ids: [] };
      for (let largo = Math.max(0, palabra.length - errores); largo <= palabra.length + errores; largo++)
        for (const id of this.porLongitud[largo] ?? [])
          if (this.aMenosDe(id, palabra, firma, errores)) memo.ids.push(id);
    }
    if (memo.hasta < this.palabras.length) {
      for (let id = memo.hasta; id < this.palabras.length; id++)
        if (this.aMenosDe(id, palabra, firma, errores)) memo.ids.push(id);
      memo.hasta = this.palabras.length;
    }
    this.parecidasMemo.set(clave, memo);
    if (this.parecidasMemo.size > PARECIDAS_EN_MEMO) this.parecidasMemo.delete(this.parecidasMemo.keys().next().value!);
    return memo.ids;
  }

  /** Whether the vocabulary's word `id` is within `errores` edits of `palabra` (of letters `firma`). */
  private aMenosDe(id: number, palabra: string, firma: number, errores: number): boolean {
    const otra = this.palabras[id];
    return (
      Math.abs(otra.length - palabra.length) <= errores &&
      !lejosDeLetras(this.firmas[id], firma, errores) &&
      distanciaEdicion(otra, palabra, errores) <= errores
    );
  }

  private ordenAlfabetico(): Int32Array {
    if (!this.alfabetico) {
      const ids = Int32Array.from(this.palabras.keys());
      const { palabras } = this;
      ids.sort((a, b) => (palabras[a] < palabras[b] ? -1 : palabras[a] > palabras[b] ? 1 : 0));
      this.alfabetico = ids;
    }
    return this.alfabetico;
  }

  private limpiarMarcas(): void {
    for (const id of this.marcadas) this.marcas[id] = 0;
    this.marcadas.length = 0;
  }

  /**
   * Renumbers the plans cell by cell (once, after reading them all): a cell's plans then lie
   * together in every array, and reading a ring costs a few cache lines instead of a memory
   * access per plan and array (a dense city's count runs several times faster: docs/performance.md).
   */
  compactar(): void {
    this.generacion++;
    // Each grid's cells in the order of their numbers (column by column, row by row within).
    const porCelda = this.rejillas.map((rejilla) => [...rejilla.keys()].sort((a, b) => a - b));
    const orden: number[] = [];
    this.tramos = porCelda.map((celdas, r) => {
      const inicio = new Int32Array(celdas.length + 1);
      celdas.forEach((celda, k) => {
        inicio[k] = orden.length;
        orden.push(...this.rejillas[r].get(celda)!);
      });
      inicio[celdas.length] = orden.length;
      return { celdas: Int32Array.from(celdas), inicio };
    });
    const n = orden.length;
    this.rehacerColumnas((a, vacia, ancho) => {
      if (ancho === 1) for (let i = 0; i < n; i++) vacia[i] = a[orden[i]];
      else for (let i = 0; i < n; i++) for (let k = 0; k < ancho; k++) vacia[ancho * i + k] = a[ancho * orden[i] + k];
      return vacia;
    });
    this.ids = orden.map((s) => this.ids[s]);
    this.porId.clear();
    this.ids.forEach((id, i) => this.porId.set(id!, i));
    this.reunirFranjas();
    this.reunirTerminos();
    this.libres.length = 0;
    this.usados = this.compactados = n;
    let i = 0;
    porCelda.forEach((celdas, r) => {
      for (const celda of celdas) {
        const lista = this.rejillas[r].get(celda)!;
        for (let k = 0; k < lista.length; k++) lista[k] = i++;
      }
    });
    this.rehacerPostings();
  }

  /** Writes a plan's slots at the end of `franjas` (the ones it had become garbage, gathered now and then). */
  private ponerFranjas(s: number, horarios: FilaIndice["horarios"]): void {
    this.franjas.soltar(3 * this.nFranjas[s]);
    this.nFranjas[s] = 0;
    const n = Math.min(horarios.length, 255);
    if (n === 0) return;
    const inicio = this.franjas.reservar(3 * n, () => this.reunirFranjas());
    this.franja[s] = inicio;
    this.nFranjas[s] = n;
    for (let i = 0; i < n; i++) this.franjas.datos.set(horarios[i], inicio + 3 * i);
  }

  /** Writes an event's dates at the end of `fechas` when it has several. */
  private ponerFechas(s: number, fechas: FilaIndice["fechas"]): void {
    this.fechas.soltar(2 * this.nFechas[s]);
    this.nFechas[s] = 0;
    const n = fechas.length > 1 ? Math.min(fechas.length, 255) : 0;
    if (n === 0) return;
    const inicio = this.fechas.reservar(2 * n, () =>
      this.fechas.reunir(this.porId.values(), this.fecha, (t) => 2 * this.nFechas[t]),
    );
    this.fecha[s] = inicio;
    this.nFechas[s] = n;
    for (let i = 0; i < n; i++) this.fechas.datos.set(fechas[i], inicio + 2 * i);
  }

  /** Gathers the slots still referenced at the start of their Bolsa. */
  private reunirFranjas(): void {
    this.franjas.reunir(this.porId.values(), this.franja, (s) => 3 * this.nFranjas[s]);
  }

  /** Forgets a plan (deleted, or hidden). */
  quitar(id: string): void {
    const s = this.porId.get(id);
    if (s === undefined) return;
    this.generacion++;
    this.sacarDeCelda(s);
    this.porId.delete(id);
    this.ids[s] = undefined;
    this.franjas.soltar(3 * this.nFranjas[s]);
    this.nFranjas[s] = 0;
    this.fechas.soltar(2 * this.nFechas[s]);
    this.nFechas[s] = 0;
    this.bolsa.soltar(this.nBolsa[s]);
    this.terminosVivos -= this.contarTerminos(s);
    this.nBolsa[s] = 0;
    this.intacto[s] = 0;
    this.libres.push(s);
  }

  private sacarDeCelda(s: number): void {
    const rejilla = this.rejillas[this.rejilla[s]];
    const lista = rejilla.get(this.celda[s])!;
    const i = lista.indexOf(s);
    lista[i] = lista[lista.length - 1];
    lista.pop();
    if (lista.length === 0) rejilla.delete(this.celda[s]);
  }

  /**
   * The next moment the plan in slot s can be attended from the instant `base` (momento.ts): an
   * event's start, or `base` once it has begun (of several dates, the first not ended by `base`);
   * an experience's next slot that has not ended, from the later of `base` and its own start;
   * NaN for an experience without slots.
   */
  private momento(s: number, base: number): number {
    return this.momentos[2 * s] === base ? this.momentos[2 * s + 1] : this.calcularMomento(s, base);
  }

  private calcularMomento(s: number, base: number): number {
    this.momentos[2 * s] = base;
    return (this.momentos[2 * s + 1] = this.momentoSinMemo(s, base));
  }

  private momentoSinMemo(s: number, base: number): number {
    if (!(this.banderas[s] & F_EXPERIENCIA)) {
      const n = this.nFechas[s];
      // A first date that starts at base or later has not ended: no need to read the dates.
      if (n === 0 || this.inicio[s] >= base) return Math.max(base, this.inicio[s]);
      const d = this.fechas.datos;
      for (let i = this.fecha[s], fin = i + 2 * n; i < fin; i += 2) if (d[i + 1] >= base) return Math.max(base, d[i]);
      return NaN;
    }
    return siguienteFranja(
      this.inicio[s] > base ? this.inicio[s] : base,
      this.franjas.datos,
      this.franja[s],
      this.nFranjas[s],
    );
  }

  /**
   * The stretch [desde, hasta) of the search's order, and how many plans match up to
   * TOPE_TOTAL + 1, at the instant `ahora` (ms); with `contar` false the count is not made
   * (a dense disc already proves more than TOPE_TOTAL) and `contados` is TOPE_TOTAL + 1. Cells
   * are read in rings around the point's, and each reading stops once no unread cell can hold a
   * plan that would change its answer.
   */
  buscar(c: ConsultaIndice, ahora: number, contar = true): RespuestaIndice {
    try {
      return this.buscarConMarcas(c, ahora, contar);
    } finally {
      this.limpiarMarcas();
    }
  }

  private buscarConMarcas(c: ConsultaIndice, ahora: number, contar: boolean): RespuestaIndice {
    const { lng, lat, radioM } = c;
    const { categorias, banderas, precio, dias, diaInicio, diaFin } = this;
    const columnas = {
      categorias,
      banderas,
      precio,
      inicio: this.inicio,
      fin: this.fin,
      diaInicio,
      diaFin,
      dias,
      fecha: this.fecha,
      nFechas: this.nFechas,
      fechas: this.fechas.datos,
    };
    const ayuda: AyudaIndice = {
      mascaraCategorias,
      mascaraDias,
      numeroDiaMadrid,
      palabras: (q) => (dePalabras = this.predicadoPalabras(q)),
    };
    let dePalabras: Predicado | undefined;
    const predicados = predicadosIndice(c, columnas, ayuda);
    // For a plan known to hold every word (a true posting of a stem that every word matches).
    const sinPalabras = predicados.filter((p) => p !== dePalabras);
    const cosLat = Math.cos(lat * RAD);
    const cx = cosLat * Math.cos(lng * RAD);
    const cy = cosLat * Math.sin(lng * RAD);
    const cz = Math.sin(lat * RAD);
    // The chord of the farthest distance on the sphere that may still be within the radius.
    const lejosMax = SEGURO_FUERA * radioM + 1;
    const cuerdaMax = 2 * Math.sin(Math.min(Math.PI, lejosMax / RADIO_ESFERA_M) / 2);
    const cuerda2Max = cuerdaMax * cuerdaMax;
    const { xyz, inicio, fin, destacado } = this;
    const lngs = this.lng;
    const lats = this.lat;

    // Chords within which a plan is inside the radius whatever the spheroid says.
    const cuerdaDentro = 2 * Math.sin(Math.min(Math.PI, (SEGURO_DENTRO * radioM) / RADIO_ESFERA_M) / 2);
    const cuerda2Dentro = cuerdaDentro * cuerdaDentro;

    /** Whether the plan matches the search's filters at `ahora` (all but the radius), by `estos` of their predicates. */
    const coincide = (s: number, estos: readonly Predicado[]): boolean => {
      if (fin[s] < ahora) return false;
      for (let i = 0; i < estos.length; i++) if (!estos[i](s)) return false;
      return true;
    };
    /** The square of the chord to the plan (unit sphere): the order of distances, with no trigonometry. */
    const cuerda2 = (s: number): number => {
      const dx = xyz[3 * s] - cx;
      const dy = xyz[3 * s + 1] - cy;
      const dz = xyz[3 * s + 2] - cz;
      return dx * dx + dy * dy + dz * dz;
    };
    /** Whether a plan at sphere distance `d` near the radius's edge is within it on the spheroid (ST_DWithin). */
    const enElBorde = (s: number, d: number): boolean =>
      d <= SEGURO_FUERA * radioM &&
      Geodesic.WGS84.Inverse(lat, lng, lats[s], lngs[s], Geodesic.DISTANCE).s12! <= radioM;
    /** The plan's distance on the sphere (PostGIS's `<->`). */
    const distancia = (s: number): number => distanciaEsferaM({ lng, lat }, { lng: lngs[s], lat: lats[s] });
    /** Whether a plan of chord c2 (at most cuerda2Max) and sphere distance d is within the radius. */
    const enElRadio = (s: number, c2: number, d: number): boolean =>
      c2 <= cuerda2Dentro || d <= SEGURO_DENTRO * radioM || enElBorde(s, d);
    /**
     * The square of the chord to the plan when it matches the search within the radius, else -1:
     * only plans near the edge are measured, the rest are told apart by their chord.
     */
    const cuerda2SiCoincide = (s: number, estos: readonly Predicado[] = predicados): number => {
      const c2 = cuerda2(s);
      if (c2 > cuerda2Max || !coincide(s, estos)) return -1;
      return c2 > cuerda2Dentro && !enElRadio(s, c2, distancia(s)) ? -1 : c2;
    };

    const ci = Math.floor((lng + 180) / CELDA);
    const cj = Math.floor((lat + 90) / CELDA);
    // Every plan of ring k or beyond is at least this far (on the sphere) from the point.
    const cota = (k: number): number => {
      if (k <= 1) return 0;
      const paso = (k - 1) * CELDA * RAD;
      const latMax = Math.min(90, Math.abs(lat) + (k + 1) * CELDA) * RAD;
      return Math.min(RADIO_ESFERA_M * paso, 2 * RADIO_ESFERA_M * Math.asin(Math.cos(latMax) * Math.sin(paso / 2)));
    };
    /**
     * Gives `leer` the plans of every cell of `rejillas`, ring by ring, until `basta` (given how
     * near any unread plan could be) or the radius is read.
     */
    const recorrer = (
      rejillas: Map<number, number[]>[],
      leer: (lista: number[]) => void,
      basta: (lejos: number) => boolean,
    ) => {
      const visitar = (i: number, j: number) => {
        if (j < 0 || j >= FILAS_DE_CELDAS) return;
        for (let r = 0; r < rejillas.length; r++) {
          const lista = rejillas[r].get(i * FILAS_DE_CELDAS + j);
          if (lista) leer(lista);
        }
      };
      for (let k = 0; ; k++) {
        if (k === 0) visitar(ci, cj);
        else {
          for (let i = ci - k; i <= ci + k; i++) {
            visitar(i, cj - k);
            visitar(i, cj + k);
          }
          for (let j = cj - k + 1; j <= cj + k - 1; j++) {
            visitar(ci - k, j);
            visitar(ci + k, j);
          }
        }
        const lejos = cota(k + 1);
        if (lejos > lejosMax || basta(lejos)) return;
      }
    };

    // The order's two keys (registro.ts ORDEN), from each plan's slot and sphere distance.
    const { claves, cercaPrimero } = ORDEN[c.orden];
    const base = baseDelMomento(ahora, c.fechaInicioFiltro);
    const magnitud = (m: Magnitud): ((s: number, d: number) => number) =>
      m === "distancia" ? (_, d) => d : m === "inicio" ? (s) => inicio[s] : (s) => this.momento(s, base);
    const [clave0, clave1] = claves.map((k) => magnitud(k.magnitud));
    // Ordered by something else first (the date order), a plan's distance (a haversine) is only
    // worked out when its first key does not already keep it off a full page.
    const porDistancia = claves[0].magnitud === "distancia";
    const [nulos0, nulos1] = claves.map((k) => k.nulos === "primero");
    const nuevos = () => new Mejores(c.hasta, nulos0, nulos1, this.ids);
    /** The answer from the best of each branch (featured first) and the count, with the dense disc's reach past the bound. */
    const respuesta = (mejores: Mejores[], contados: number, alcanceM: () => number): RespuestaIndice => {
      const pagina = mejores.flatMap((m) => m.ordenados()).slice(c.desde, c.hasta);
      return {
        ids: pagina.map((s) => this.ids[s]!),
        versiones: pagina.map((s) => `${this.cambio[s]}${destacado[s] > ahora ? "d" : ""}`),
        contados,
        ...(contados > TOPE_TOTAL && contar && { alcanceM: alcanceM() }),
      };
    };

    // A rare word: its plans are read from its stems' postings instead of the radius's cells. The
    // same plans are checked whole and offered in the same order, so the page and the count are
    // the same; past TOPE_TOTAL, the dense disc is the nearest TOPE_TOTAL + 1 matches' reach.
    const lectura = c.q ? this.lecturaDePalabras(c.q, ci, cj, cota, lejosMax, cercaPrimero) : null;
    if (lectura) {
      if (this.visto.length < this.capacidad) {
        this.visto = new Uint16Array(this.capacidad);
        this.vuelta = 0;
      }
      // Once every 65,535 searches the count wraps: then every mark is cleared.
      if (++this.vuelta > 0xffff) {
        this.visto.fill(0);
        this.vuelta = 1;
      }
      const { visto, vuelta, ids } = this;
      const mejores = [nuevos(), nuevos()];
      let cuerdas = this.cuerdas;
      let coinciden = 0;
      const { intacto } = this;
      /** A posting of a stem that every word matches when `llena`: true when ordered and intact, so the words need no check. */
      const visitarDe = (llena: boolean) => (s: number, ordenada: boolean) => {
        if (visto[s] === vuelta) return;
        const cierta = ordenada && intacto[s] === 1;
        if (!cierta && ids[s] === undefined) return;
        visto[s] = vuelta;
        const c2 = cuerda2SiCoincide(s, cierta && llena ? sinPalabras : predicados);
        if (c2 < 0) return;
        if (coinciden === cuerdas.length) {
          const mas = new Float64Array(2 * cuerdas.length);
          mas.set(cuerdas);
          cuerdas = this.cuerdas = mas;
        }
        cuerdas[coinciden++] = c2;
        const m = mejores[destacado[s] > ahora ? 0 : 1];
        // Nearest first, a match farther than the worst of a full page by its chord cannot enter
        // it: its distance is not needed. The margin covers the two formulas' rounding (relative,
        // and absolute for points a few metres apart).
        if (porDistancia ? m.lleno && c2 > cuerda2(m.peorSlot) * (1 + 1e-9) + 1e-12 : m.descarta(clave0(s, NaN)))
          return;
        const d = distancia(s);
        m.ofrecer(s, clave0(s, d), clave1(s, d));
      };
      const { stems, rangos, anillos, largas, porAnillos } = lectura;
      const todas = (1 << c.q!.palabras.length) - 1;
      const [visitarLlena, visitarOtra] = [visitarDe(true), visitarDe(false)];
      const visitar = (id: number) => (this.marcas[id] === todas ? visitarLlena : visitarOtra);
      if (!porAnillos) {
        for (const id of stems) this.leerPostings(id, largas.includes(id) ? rangos : null, true, visitar(id));
      } else {
        // Nearest first, as the cells' reading: the long lists ring by ring from the point,
        // until the count passes TOPE_TOTAL and no unread plan can enter the page. Before the
        // rings, the short lists and what was appended since the renumbering (anywhere), and
        // the featured grid (featured plans come first, however far).
        for (const id of stems) this.leerPostings(id, largas.includes(id) ? [] : null, true, visitar(id));
        const destacadas = this.tramosDe(ci - anillos, ci + anillos, cj - anillos, cj + anillos, [1]);
        for (const id of largas) this.leerPostings(id, destacadas, false, visitar(id));
        const porAnillo = this.anillosDe(ci, cj, anillos);
        for (let k = 0; ; k++) {
          for (const id of largas) this.leerPostings(id, porAnillo[k], false, visitar(id));
          if (k >= anillos) break;
          const lejos = cota(k + 1);
          const contado = !contar || coinciden > TOPE_TOTAL;
          const [dest, otros] = mejores;
          if (contado && (c.hasta === 0 || dest.largo >= c.hasta || (otros.lleno && otros.peor < lejos))) break;
        }
      }
      return respuesta(mejores, contar ? Math.min(coinciden, TOPE_TOTAL + 1) : TOPE_TOTAL + 1, () => {
        const c2 = cuerdas.subarray(0, coinciden).sort()[TOPE_TOTAL];
        return 2 * RADIO_ESFERA_M * Math.asin(Math.min(1, Math.sqrt(c2) / 2));
      });
    }

    let contados = TOPE_TOTAL + 1;
    let alcanceM = 0;
    if (contar) {
      contados = 0;
      let cuerda2Alcance = 0;
      recorrer(
        this.rejillas,
        (lista) => {
          for (let n = 0; n < lista.length; n++) {
            const c2 = cuerda2SiCoincide(lista[n]);
            if (c2 < 0) continue;
            contados++;
            if (c2 > cuerda2Alcance) cuerda2Alcance = c2;
          }
        },
        () => contados > TOPE_TOTAL,
      );
      alcanceM = 2 * RADIO_ESFERA_M * Math.asin(Math.min(1, Math.sqrt(cuerda2Alcance) / 2));
    }

    // Nearest first: a ring farther than the worst kept cannot change the page; else every ring is read.
    const listo = (m: Mejores) => (lejos: number) => cercaPrimero && m.lleno && m.peor < lejos;
    const destacados = nuevos();
    const otros = nuevos();
    if (c.hasta > 0) {
      /** Offers a branch's matches (featured or not) of a cell to its best. */
      const ofrecerA = (mejores: Mejores, destacados: boolean) => (lista: number[]) => {
        for (let n = 0; n < lista.length; n++) {
          const s = lista[n];
          if (destacado[s] > ahora !== destacados) continue;
          if (cuerda2SiCoincide(s) < 0 || (!porDistancia && mejores.descarta(clave0(s, NaN)))) continue;
          const d = distancia(s);
          mejores.ofrecer(s, clave0(s, d), clave1(s, d));
        }
      };
      recorrer([this.rejillas[1]], ofrecerA(destacados, true), listo(destacados));
      if (destacados.largo < c.hasta) recorrer(this.rejillas, ofrecerA(otros, false), listo(otros));
    }
    return respuesta([destacados, otros], contados, () => alcanceM);
  }
}
