import geographiclib from "geographiclib-geodesic";
import { numeroDiaMadrid } from "../dates";
import { distanciaEsferaM, RADIO_ESFERA_M } from "../geo/distancia";
import { CATEGORIAS, TOPE_TOTAL } from "./constants";
import type { Filtros } from "./total-denso";

/** A CommonJS module: Node's ESM loader (the scripts) gives its exports as the default only. */
const { Geodesic } = geographiclib;

/**
 * The in-process search index: each instance's copy of what a search reads of every listed
 * plan (its point, categories, type, accessibility, dates, slot weekdays and featuring), in
 * typed arrays and a grid of cells, so that a search finds its page and its total without a
 * query: PostgreSQL only reads the page's rows by id. lib/plans/indice-db.ts fills it and keeps
 * it current from the rows that changed (plan.cambio); lib/plans/search.ts asks it first.
 *
 * It answers exactly what the SQL of search.ts answers (lib/plans/indice.test.ts compares the
 * two on random plans and searches):
 * - listed: visible (only visible plans are held) and not finished (fecha_fin ≥ now, or none);
 * - within the radius on the spheroid (ST_DWithin): GeographicLib's geodesic, the algorithm
 *   PostGIS uses, for the plans near the edge; the sphere decides the others, as the spheroid's
 *   distance is within 0.6% of the sphere's anywhere on Earth;
 * - the filters and the date window of filtroFechas, with the same Madrid days and weekday masks;
 * - the order: featured first, then nearest on the sphere (the GiST index's `<->`), then soonest
 *   start (none first), then id.
 */

/** A plan's search fields, as lib/plans/indice-db.ts reads them (instants in ms, null for none). */
export interface FilaIndice {
  id: string;
  lng: number;
  lat: number;
  experiencia: boolean;
  categorias: readonly string[];
  accesible: boolean;
  fechaInicio: number | null;
  fechaFin: number | null;
  /** plan.dias_semana: the slots' weekdays as bits (1 << weekday, 0 Sunday). */
  diasSemana: number;
  destacadoHasta: number | null;
  visible: boolean;
  /** plan.cambio: moves on with every change to the plan's row (and so to its card: search.ts's card cache). */
  cambio: number;
}

/** A search as the index takes it: the filters, the point and radius, and the stretch of the order wanted. */
export interface ConsultaIndice extends Filtros {
  lng: number;
  lat: number;
  radioM: number;
  /** The stretch [desde, hasta) of the order: the page's. */
  desde: number;
  hasta: number;
}

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

const F_EXPERIENCIA = 1;
const F_ACCESIBLE = 2;

/** A column of the index: one typed array, a value per slot. */
type Columna = Float64Array | Int32Array | Uint16Array | Uint8Array;

/** A bounded max-heap of slots in the page's order (the worst kept on top), and their distances. */
class Mejores {
  readonly slots: number[] = [];
  readonly d: number[] = [];
  constructor(
    private readonly n: number,
    private readonly antes: (a: number, da: number, b: number, db: number) => boolean,
  ) {}
  get lleno(): boolean {
    return this.slots.length >= this.n;
  }
  /** The distance of the worst kept (only meaningful when full). */
  get peor(): number {
    return this.d[0];
  }
  ofrecer(slot: number, d: number): void {
    if (this.n === 0) return;
    const { slots, d: ds } = this;
    if (slots.length < this.n) {
      let i = slots.length;
      slots.push(slot);
      ds.push(d);
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.antes(slots[p], ds[p], slots[i], ds[i])) break;
        [slots[p], slots[i]] = [slots[i], slots[p]];
        [ds[p], ds[i]] = [ds[i], ds[p]];
        i = p;
      }
      return;
    }
    if (!this.antes(slot, d, slots[0], ds[0])) return;
    slots[0] = slot;
    ds[0] = d;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < slots.length && this.antes(slots[m], ds[m], slots[l], ds[l])) m = l;
      if (r < slots.length && this.antes(slots[m], ds[m], slots[r], ds[r])) m = r;
      if (m === i) break;
      [slots[m], slots[i]] = [slots[i], slots[m]];
      [ds[m], ds[i]] = [ds[i], ds[m]];
      i = m;
    }
  }
  /** The slots kept, best first. */
  ordenados(): number[] {
    const orden = this.slots.map((_, i) => i);
    orden.sort((a, b) =>
      this.antes(this.slots[a], this.d[a], this.slots[b], this.d[b])
        ? -1
        : this.antes(this.slots[b], this.d[b], this.slots[a], this.d[a])
          ? 1
          : 0,
    );
    return orden.map((i) => this.slots[i]);
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
  /** Moves on with every change: the dense discs of lib/plans/total-denso.ts are kept by it. */
  generacion = 0;
  private ids: (string | undefined)[] = [];
  private lng = new Float64Array(0);
  private lat = new Float64Array(0);
  /** Unit vectors of the points: a chord's length rules out the far plans with three products. */
  private x = new Float64Array(0);
  private y = new Float64Array(0);
  private z = new Float64Array(0);
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

  /** How many plans it holds. */
  get tamano(): number {
    return this.porId.size;
  }

  /** Replaces every column by `nueva` of it (of `capacidad` slots, the same type): the one list of the columns. */
  private rehacerColumnas(nueva: <T extends Columna>(a: T, vacia: T) => T): void {
    const de = <T extends Columna>(a: T): T => nueva(a, new (a.constructor as new (n: number) => T)(this.capacidad));
    this.lng = de(this.lng);
    this.lat = de(this.lat);
    this.x = de(this.x);
    this.y = de(this.y);
    this.z = de(this.z);
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
    this.x[s] = cosLat * Math.cos(f.lng * RAD);
    this.y[s] = cosLat * Math.sin(f.lng * RAD);
    this.z[s] = Math.sin(f.lat * RAD);
    this.categorias[s] = mascaraCategorias(f.categorias);
    this.banderas[s] = (f.experiencia ? F_EXPERIENCIA : 0) | (f.accesible ? F_ACCESIBLE : 0);
    this.dias[s] = f.diasSemana;
    this.inicio[s] = f.fechaInicio ?? NaN;
    this.fin[s] = f.fechaFin ?? NaN;
    this.destacado[s] = f.destacadoHasta ?? NaN;
    this.diaInicio[s] = f.fechaInicio === null ? 0 : numeroDiaMadrid(f.fechaInicio);
    this.diaFin[s] = f.fechaFin === null ? 0 : numeroDiaMadrid(f.fechaFin);
    this.cambio[s] = f.cambio;
  }

  /**
   * Renumbers the plans cell by cell (once, after reading them all): a cell's plans then lie
   * together in every array, and reading a ring costs a few cache lines instead of a memory
   * access per plan and array (measured: the count of a dense city, 5.4 ms before).
   */
  compactar(): void {
    const orden: number[] = [];
    for (const rejilla of this.rejillas) for (const lista of rejilla.values()) orden.push(...lista);
    const n = orden.length;
    this.rehacerColumnas((a, vacia) => {
      for (let i = 0; i < n; i++) vacia[i] = a[orden[i]];
      return vacia;
    });
    this.ids = orden.map((s) => this.ids[s]);
    this.porId.clear();
    this.ids.forEach((id, i) => this.porId.set(id!, i));
    let i = 0;
    for (const rejilla of this.rejillas)
      for (const lista of rejilla.values()) for (let k = 0; k < lista.length; k++) lista[k] = i++;
    this.libres.length = 0;
    this.usados = n;
  }

  /** Forgets a plan (deleted, or hidden). */
  quitar(id: string): void {
    const s = this.porId.get(id);
    if (s === undefined) return;
    this.generacion++;
    this.sacarDeCelda(s);
    this.porId.delete(id);
    this.ids[s] = undefined;
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
   * The stretch [desde, hasta) of the search's order, and how many plans match up to
   * TOPE_TOTAL + 1, at the instant `ahora` (ms); with `contar` false the count is not made
   * (a dense disc already proves more than TOPE_TOTAL) and `contados` is TOPE_TOTAL + 1. Cells
   * are read in rings around the point's, and each reading stops once no unread cell can hold a
   * plan that would change its answer.
   */
  buscar(c: ConsultaIndice, ahora: number, contar = true): RespuestaIndice {
    const { lng, lat, radioM } = c;
    const mascara = c.categorias ? mascaraCategorias(c.categorias) : 0;
    const tipo = c.tipo === undefined ? -1 : c.tipo === "experiencia" ? F_EXPERIENCIA : 0;
    const ventana = c.fechaInicioFiltro && c.fechaFinFiltro;
    const desde = ventana ? c.fechaInicioFiltro!.getTime() : 0;
    const hasta = ventana ? c.fechaFinFiltro!.getTime() : 0;
    const diaDesde = ventana ? numeroDiaMadrid(desde) : 0;
    const diaHasta = ventana ? numeroDiaMadrid(hasta) : 0;
    const soloAccesibles = c.accesible;

    const cosLat = Math.cos(lat * RAD);
    const cx = cosLat * Math.cos(lng * RAD);
    const cy = cosLat * Math.sin(lng * RAD);
    const cz = Math.sin(lat * RAD);
    // The chord of the farthest distance on the sphere that may still be within the radius.
    const lejosMax = SEGURO_FUERA * radioM + 1;
    const cuerdaMax = 2 * Math.sin(Math.min(Math.PI, lejosMax / RADIO_ESFERA_M) / 2);
    const cuerda2Max = cuerdaMax * cuerdaMax;
    const { x, y, z, categorias, banderas, dias, inicio, fin, destacado, diaInicio, diaFin } = this;
    const lngs = this.lng;
    const lats = this.lat;

    // Chords within which a plan is inside the radius whatever the spheroid says.
    const cuerdaDentro = 2 * Math.sin(Math.min(Math.PI, (SEGURO_DENTRO * radioM) / RADIO_ESFERA_M) / 2);
    const cuerda2Dentro = cuerdaDentro * cuerdaDentro;

    /** Whether the plan matches the search's filters at `ahora` (all but the radius). */
    const coincide = (s: number): boolean => {
      if (fin[s] < ahora) return false;
      if (mascara !== 0 && (categorias[s] & mascara) === 0) return false;
      const b = banderas[s];
      if (soloAccesibles && (b & F_ACCESIBLE) === 0) return false;
      const experiencia = b & F_EXPERIENCIA;
      if (tipo !== -1 && experiencia !== tipo) return false;
      if (!ventana) return true;
      if (experiencia) {
        const dia0 = inicio[s] > desde ? diaInicio[s] : diaDesde;
        const dia1 = fin[s] < hasta ? diaFin[s] : diaHasta;
        return (dias[s] & mascaraDias(dia0, dia1)) !== 0;
      }
      return inicio[s] <= hasta && fin[s] >= desde;
    };
    /** The square of the chord to the plan (unit sphere): the order of distances, with no trigonometry. */
    const cuerda2 = (s: number): number => {
      const dx = x[s] - cx;
      const dy = y[s] - cy;
      const dz = z[s] - cz;
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
    /** The plan's distance on the sphere when it matches the search within the radius, else -1. */
    const distanciaSiCoincide = (s: number): number => {
      const c2 = cuerda2(s);
      if (c2 > cuerda2Max || !coincide(s)) return -1;
      const d = distancia(s);
      return enElRadio(s, c2, d) ? d : -1;
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

    let contados = TOPE_TOTAL + 1;
    let alcanceM = 0;
    if (contar) {
      // Only plans near the edge need a distance: the rest are told apart by their chord.
      contados = 0;
      let cuerda2Alcance = 0;
      recorrer(
        this.rejillas,
        (lista) => {
          for (let n = 0; n < lista.length; n++) {
            const s = lista[n];
            const c2 = cuerda2(s);
            if (c2 > cuerda2Max || !coincide(s)) continue;
            if (c2 > cuerda2Dentro && !enElRadio(s, c2, distancia(s))) continue;
            contados++;
            if (c2 > cuerda2Alcance) cuerda2Alcance = c2;
          }
        },
        () => contados > TOPE_TOTAL,
      );
      alcanceM = 2 * RADIO_ESFERA_M * Math.asin(Math.min(1, Math.sqrt(cuerda2Alcance) / 2));
    }

    const antes = (a: number, da: number, b: number, db: number): boolean => {
      if (da !== db) return da < db;
      const fa = inicio[a];
      const fb = inicio[b];
      const na = Number.isNaN(fa);
      const nb = Number.isNaN(fb);
      if (na !== nb) return na;
      if (!na && fa !== fb) return fa < fb;
      return this.ids[a]! < this.ids[b]!;
    };
    const listo = (m: Mejores) => (lejos: number) => m.lleno && m.peor < lejos;
    const destacados = new Mejores(c.hasta, antes);
    const otros = new Mejores(c.hasta, antes);
    if (c.hasta > 0) {
      /** Offers a branch's matches (featured or not) of a cell to its best. */
      const ofrecerA = (mejores: Mejores, destacados: boolean) => (lista: number[]) => {
        for (let n = 0; n < lista.length; n++) {
          const s = lista[n];
          if (destacado[s] > ahora !== destacados) continue;
          const d = distanciaSiCoincide(s);
          if (d >= 0) mejores.ofrecer(s, d);
        }
      };
      recorrer([this.rejillas[1]], ofrecerA(destacados, true), listo(destacados));
      if (destacados.slots.length < c.hasta) recorrer(this.rejillas, ofrecerA(otros, false), listo(otros));
    }
    const pagina = [...destacados.ordenados(), ...otros.ordenados()].slice(c.desde, c.hasta);
    return {
      ids: pagina.map((s) => this.ids[s]!),
      versiones: pagina.map((s) => `${this.cambio[s]}${destacado[s] > ahora ? "d" : ""}`),
      contados,
      ...(contados > TOPE_TOTAL && contar && { alcanceM }),
    };
  }
}
