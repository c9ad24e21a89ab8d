import {
  diaEnMadrid,
  diaIso,
  fechaHora,
  HORA_MADRUGADA,
  instanteEnMadrid,
  localDeInstante,
  relojMadrid,
  sumarDias,
  type Dia,
} from "../dates";
import type { Fallo } from "../formularios";
import { conDatos, mensajes } from "../messages";
import { fechaIso, UUID_PATTERN } from "../schemas";
import { tieneControl } from "../text";
import { mensajesFechas } from "./mensajes-fechas";

/**
 * An evento's dates (table plan_fecha): one or more, each a start, an optional end, and optionally
 * its own title (an act of a programme) and its own place in the plan's town. Client-safe: the
 * forms validate with the same rules the API runs. The plan's fechaInicio/fechaFin are the span
 * of its dates (spanDeFechas), what the apps read.
 */

/** At most this many dates a plan. */
export const MAX_FECHAS = 200;
/** All of a plan's dates start within this many months of its first. */
export const MESES_FECHAS = 12;
export const TITULO_FECHA_MAX = 100;
export const DIRECCION_FECHA_MAX = 200;

/** A date as a search's rows carry it (queries.ts FECHAS_TARJETA): id, start, end, title. */
export type FechaTarjetaFila = [id: string, inicio: string, fin: string | null, titulo: string | null];

/** The API's `proximaFecha` of a search result. */
export interface ProximaFecha {
  id: string;
  inicio: string;
  fin: string | null;
  titulo: string | null;
}

/**
 * What a search result adds to a plan: the date its card shows (`proximaFecha`), how many dates
 * it has (`numeroFechas`: 0 for an experience) and the starts of its dates on that date's Madrid
 * day (`fechasDelDia`: "Hoy · 20:00 y 22:30", "hoy 12 actos").
 */
export interface FechasDeResultado {
  proximaFecha: ProximaFecha | null;
  numeroFechas: number;
  fechasDelDia: string[];
}

/** One date as a form or the API gives it (`id` when it exists already: an edit keeps it). */
export interface FechaPlan {
  id?: string;
  inicio: Date;
  fin: Date | null;
  titulo: string | null;
  direccion: string | null;
  ubicacion: { lng: number; lat: number } | null;
}

/** A date as a plan's row carries it (json_agg of plan_fecha, lib/plans/queries.ts). */
export interface FechaFila {
  id: string;
  inicio: string;
  fin: string | null;
  titulo: string | null;
  direccion: string | null;
  lng: number | null;
  lat: number | null;
  /** The plan's oldest date: it keeps the plan's own UID in calendars. */
  principal: boolean;
}

/** A date in the API: `fechas` of a plan's detail. */
export interface FechaApi {
  id: string;
  inicio: string;
  fin: string | null;
  titulo: string | null;
  direccion: string | null;
  ubicacion: { type: "Point"; coordinates: [number, number] } | null;
}

export function fechaApi(f: FechaFila): FechaApi {
  return {
    id: f.id,
    inicio: new Date(f.inicio).toISOString(),
    fin: f.fin === null ? null : new Date(f.fin).toISOString(),
    titulo: f.titulo,
    direccion: f.direccion,
    ubicacion: f.lng === null || f.lat === null ? null : { type: "Point", coordinates: [f.lng, f.lat] },
  };
}

/** A stored date as the data an edit starts from. */
export function fechaDeFila(f: FechaFila): FechaPlan {
  return {
    id: f.id,
    inicio: new Date(f.inicio),
    fin: f.fin === null ? null : new Date(f.fin),
    titulo: f.titulo,
    direccion: f.direccion,
    ubicacion: f.lng === null || f.lat === null ? null : { lng: f.lng, lat: f.lat },
  };
}

/** Ordered by start (then end), as they are shown and stored. */
export function ordenarFechas(fechas: FechaPlan[]): FechaPlan[] {
  return [...fechas].sort(
    (a, b) => a.inicio.getTime() - b.inicio.getTime() || (a.fin?.getTime() ?? 0) - (b.fin?.getTime() ?? 0),
  );
}

/** The plan's span: its first date's start to its last end (a date without one ends as it starts). */
export function spanDeFechas(fechas: FechaPlan[]): { fechaInicio: Date; fechaFin: Date | null } {
  if (fechas.length === 1) return { fechaInicio: fechas[0].inicio, fechaFin: fechas[0].fin };
  const inicio = Math.min(...fechas.map((f) => f.inicio.getTime()));
  const fin = Math.max(...fechas.map((f) => (f.fin ?? f.inicio).getTime()));
  return { fechaInicio: new Date(inicio), fechaFin: new Date(fin) };
}

class FechasNoValidas extends Error {}

function textoOpcional(v: unknown, max: number, largo: string): string | null {
  if (v === undefined || v === null || v === "") return null;
  if (typeof v !== "string" || tieneControl(v)) throw new FechasNoValidas(mensajesFechas.fechasNoValidas);
  const t = v.trim();
  if (t.length > max) throw new FechasNoValidas(conDatos(largo, { max: String(max) }));
  return t || null;
}

function puntoDe(v: unknown): { lng: number; lat: number } | null {
  if (v === undefined || v === null) return null;
  const c = Array.isArray(v) ? v : (v as { type?: unknown; coordinates?: unknown }).coordinates;
  if (!Array.isArray(v) && (v as { type?: unknown }).type !== "Point")
    throw new FechasNoValidas(mensajes.ubicacionFalta);
  if (!Array.isArray(c) || c.length !== 2) throw new FechasNoValidas(mensajes.ubicacionFalta);
  const [lng, lat] = c;
  if (typeof lng !== "number" || typeof lat !== "number" || Math.abs(lng) > 180 || Math.abs(lat) > 90)
    throw new FechasNoValidas(mensajes.ubicacionFalta);
  return { lng, lat };
}

/**
 * The `fechas` field (a JSON array of {id?, inicio, fin?, titulo?, direccion?, ubicacion?}),
 * ordered by start; or the Spanish message of what is malformed. Accepts ISO dates with or
 * without an offset (Madrid time when without), a GeoJSON point or [lng, lat].
 */
export function leerFechas(v: string): { fechas: FechaPlan[] } | { error: string } {
  try {
    let lista: unknown;
    try {
      lista = JSON.parse(v);
    } catch {
      throw new FechasNoValidas(mensajesFechas.fechasNoValidas);
    }
    if (!Array.isArray(lista) || lista.length === 0) throw new FechasNoValidas(mensajesFechas.fechasNoValidas);
    if (lista.length > MAX_FECHAS)
      throw new FechasNoValidas(conDatos(mensajesFechas.fechasDemasiadas, { max: String(MAX_FECHAS) }));
    const fechas = lista.map((f): FechaPlan => {
      if (typeof f !== "object" || f === null) throw new FechasNoValidas(mensajesFechas.fechasNoValidas);
      const o = f as Record<string, unknown>;
      const inicio = typeof o.inicio === "string" ? fechaIso(o.inicio) : null;
      if (!inicio) throw new FechasNoValidas(mensajes.fechaInicioFalta);
      let fin: Date | null = null;
      if (o.fin !== undefined && o.fin !== null && o.fin !== "") {
        fin = typeof o.fin === "string" ? fechaIso(o.fin) : null;
        if (!fin) throw new FechasNoValidas(mensajes.fechaFinFalta);
      }
      const id = typeof o.id === "string" && UUID_PATTERN.test(o.id) ? o.id.toLowerCase() : undefined;
      return {
        ...(id ? { id } : {}),
        inicio,
        fin,
        titulo: textoOpcional(o.titulo, TITULO_FECHA_MAX, mensajesFechas.fechaTituloLargo),
        direccion: textoOpcional(o.direccion, DIRECCION_FECHA_MAX, mensajesFechas.fechaDireccionLarga),
        ubicacion: puntoDe(o.ubicacion),
      };
    });
    return { fechas: ordenarFechas(fechas) };
  } catch (error) {
    if (error instanceof FechasNoValidas) return { error: error.message };
    throw error;
  }
}

const DIA = 86_400_000;

/** The fields the dates' rules speak of: `fecha-<n>` is the n-th date (0-based) in start order. */
export type CampoFecha = "fechas" | `fecha-${number}`;

/**
 * The dates' rules, each failure at its date: an end after its start, each date at most
 * `duracionMaxDias` long (the spec's limit for an event), none already over when published (on
 * an edit: only new dates, those without an id), all within MESES_FECHAS months, a place with
 * its address. The town of each place is the server's check (it needs the gazetteer).
 */
export function* fallosFechas(
  fechas: FechaPlan[],
  {
    modo,
    duracionMaxDias,
    ahora = Date.now(),
  }: { modo: "crear" | "actualizar"; duracionMaxDias: number; ahora?: number },
): Generator<Fallo<CampoFecha>> {
  if (fechas.length > MAX_FECHAS)
    yield {
      mensaje: conDatos(mensajesFechas.fechasDemasiadas, { max: String(MAX_FECHAS) }),
      campo: "fechas",
      pista: conDatos(mensajesFechas.fechasDemasiadas, { max: String(MAX_FECHAS) }),
    };
  const primera = Math.min(...fechas.map((f) => f.inicio.getTime()));
  const limite = new Date(primera);
  limite.setMonth(limite.getMonth() + MESES_FECHAS);
  for (const [i, f] of fechas.entries()) {
    const campo: CampoFecha = `fecha-${i}`;
    // The form says it on the date's own row, which needs no "which date" before it.
    const fallo = (mensaje: string): Fallo<CampoFecha> => ({ mensaje, campo, pista: mensaje });
    if (f.fin && f.inicio > f.fin) yield fallo(mensajes.fechaInicioPosterior);
    if (f.fin && f.fin.getTime() - f.inicio.getTime() > duracionMaxDias * DIA) yield fallo(mensajes.duracionMaxima);
    const nueva = modo === "crear" || !f.id;
    if (nueva && (f.fin ?? f.inicio).getTime() < ahora - DIA)
      yield fallo(modo === "crear" ? mensajes.fechaFinPasadaEvento : mensajes.fechaFinPasadaPlan);
    if (f.inicio.getTime() > limite.getTime())
      yield fallo(conDatos(mensajesFechas.fechasFueraDePlazo, { meses: String(MESES_FECHAS) }));
    if (f.ubicacion && !f.direccion) yield fallo(mensajesFechas.fechaLugarSinDireccion);
  }
}

/** A date's failure as the API says it: which date, then what is wrong. */
export function mensajeDeFecha(fechas: FechaPlan[], fallo: Fallo<CampoFecha>): string {
  const i = fallo.campo.startsWith("fecha-") ? Number(fallo.campo.slice(6)) : -1;
  const f = fechas[i];
  return f
    ? conDatos(mensajesFechas.fechaEnLista, { cuando: fechaHora(f.inicio), mensaje: fallo.mensaje })
    : fallo.mensaje;
}

/**
 * "Repetir cada semana hasta…": the date again every 7 days up to the day `hasta` (Madrid's,
 * inclusive), at the same wall-clock hours (a course at 10:00 stays at 10:00 across the change
 * of time), with its title and place, as new dates (no id). The date itself is not repeated; at
 * most MAX_FECHAS − 1 more.
 */
export function repetirCadaSemana(fecha: FechaPlan, hasta: Dia): FechaPlan[] {
  const dia = diaEnMadrid(fecha.inicio);
  const hora = (d: Date) => localDeInstante(d).slice(11, 16);
  const duracionDias = fecha.fin
    ? Math.round((Date.parse(diaIso(diaEnMadrid(fecha.fin))) - Date.parse(diaIso(dia))) / 86_400_000)
    : 0;
  const repetidas: FechaPlan[] = [];
  for (let k = 1; k < MAX_FECHAS; k++) {
    const otro = sumarDias(dia, 7 * k);
    if (diaIso(otro) > diaIso(hasta)) break;
    repetidas.push({
      inicio: instanteEnMadrid(otro, hora(fecha.inicio)),
      fin: fecha.fin ? instanteEnMadrid(sumarDias(otro, duracionDias), hora(fecha.fin)) : null,
      titulo: fecha.titulo,
      direccion: fecha.direccion,
      ubicacion: fecha.ubicacion,
    });
  }
  return repetidas;
}

/**
 * The ids of a plan's stored dates given to the same dates written again (a source's next
 * sync): a date at the same start keeps its id, and so its calendars' UID; a date that moved
 * takes the id of one that is no longer there, in start order; the rest are new.
 */
export function conIdsDe(guardadas: readonly { id: string; inicio: Date }[], fechas: FechaPlan[]): FechaPlan[] {
  const porInicio = new Map(guardadas.map((g) => [g.inicio.getTime(), g.id]));
  const usadas = new Set<string>();
  const salida = fechas.map((f) => {
    const id = porInicio.get(f.inicio.getTime());
    if (id === undefined || usadas.has(id)) return { ...f, id: undefined };
    usadas.add(id);
    return { ...f, id };
  });
  const libres = [...guardadas]
    .sort((a, b) => a.inicio.getTime() - b.inicio.getTime())
    .filter((g) => !usadas.has(g.id))
    .map((g) => g.id);
  return salida.map((f) => (f.id === undefined && libres.length > 0 ? { ...f, id: libres.shift() } : f));
}

/**
 * The day each of a programme's acts is shown under, as its town hall's paper lists it: the
 * Madrid day of its start, except an act before 6:00 when the day before has acts of its own
 * ("Sábado 16, 1:00 (madrugada)": the night of Saturday). An early act that opens a day with
 * nothing the day before ("00:01 Rompida de la hora" on Good Friday) keeps its own day.
 */
export function diasDeFiesta(
  fechas: readonly { id: string; inicio: string }[],
): Map<string, { dia: string; madrugada: boolean }> {
  const reloj = (iso: string) => relojMadrid(Date.parse(iso));
  const conActos = new Set(
    fechas.filter((f) => reloj(f.inicio).hour >= HORA_MADRUGADA).map((f) => diaIso(reloj(f.inicio))),
  );
  return new Map(
    fechas.map((f) => {
      const r = reloj(f.inicio);
      const antes = diaIso(sumarDias(r, -1));
      const madrugada = r.hour < HORA_MADRUGADA && conActos.has(antes);
      return [f.id, { dia: madrugada ? antes : diaIso(r), madrugada }];
    }),
  );
}
