import { diaEnMadrid, diaIso, instanteDeLocal, localDeInstante, sumarDias, type Dia } from "../dates";
import {
  DIRECCION_FECHA_MAX,
  type FechaApi,
  type FechaPlan,
  MAX_FECHAS,
  ordenarFechas,
  repetirCadaSemana,
  TITULO_FECHA_MAX,
} from "./fechas";

/**
 * An evento's dates as the wizard and the edit page hold them: "Una fecha" (the plan's own
 * fechaInicio/fechaFin, as always), "Varias fechas" (a list of dates with their hours) or
 * "Programa" (the same list, shown as acts grouped by day). Client-safe.
 */

export type FormaFechas = "una" | "varias" | "programa";
export const FORMAS_FECHAS: readonly FormaFechas[] = ["una", "varias", "programa"];

/** One date as a form holds it: Madrid wall-clock picker values ('' unset), like fechaInicio. */
export interface FechaCampo {
  /** Keeps a row's own fields (a half-typed date) with it when rows above it go. */
  clave: string;
  /** A stored date's id: an edit sends it back, so its calendar entry stays the same one. */
  id?: string;
  inicio: string;
  fin: string;
  titulo: string;
  direccion: string;
  ubicacion: { lng: number; lat: number } | null;
}

let contador = 0;
export const nuevaClave = () => `f${Date.now().toString(36)}${(contador++).toString(36)}`;

export function fechaVacia(inicio = "", fin = ""): FechaCampo {
  return { clave: nuevaClave(), inicio, fin, titulo: "", direccion: "", ubicacion: null };
}

/** A stored date (a plan's detail) as a row of the edit page. */
export function campoDeFechaApi(f: FechaApi): FechaCampo {
  const [lng, lat] = f.ubicacion?.coordinates ?? [];
  return {
    clave: nuevaClave(),
    id: f.id,
    inicio: localDeInstante(f.inicio),
    fin: localDeInstante(f.fin),
    titulo: f.titulo ?? "",
    direccion: f.direccion ?? "",
    ubicacion: lng === undefined || lat === undefined ? null : { lng, lat },
  };
}

function campoDeFecha(f: FechaPlan): FechaCampo {
  return {
    clave: nuevaClave(),
    inicio: localDeInstante(f.inicio),
    fin: localDeInstante(f.fin),
    titulo: f.titulo ?? "",
    direccion: f.direccion ?? "",
    ubicacion: f.ubicacion,
  };
}

/** A row as the API reads a date, or null while its start is not a whole date and hour. */
export function fechaDeCampo(f: FechaCampo): FechaPlan | null {
  const inicio = instanteDeLocal(f.inicio);
  if (!inicio) return null;
  return {
    ...(f.id ? { id: f.id } : {}),
    inicio,
    fin: instanteDeLocal(f.fin),
    titulo: f.titulo.trim() || null,
    direccion: f.direccion.trim() || null,
    ubicacion: f.ubicacion,
  };
}

/** What the form sends of its dates: which row each sent date is, and the rows without a start. */
export interface FechasEnviadas {
  fechas: FechaPlan[];
  /** The form's row of each sent date, in the order they are sent. */
  filas: number[];
  sinInicio: number[];
  /** The rows in the order the rules number them (`fecha-<n>` is the n-th by start). */
  porOrden: number[];
}

interface CamposFechas {
  tipo: string;
  formaFechas: FormaFechas;
  fechas: FechaCampo[];
  fechaInicio: string;
  fechaFin: string;
}

/**
 * The dates the form sends as `fechas`, or null when it sends its one date as it always has.
 * "Una fecha" on a plan that had several (its rows carry ids) sends that one date under the
 * first one's id: the others go, and the plan keeps its calendar entry.
 */
export function fechasEnviadas(c: CamposFechas): FechasEnviadas | null {
  if (c.tipo !== "evento") return null;
  if (c.formaFechas === "una") {
    const id = c.fechas.find((f) => f.id)?.id;
    if (!id) return null;
    const una = fechaDeCampo({ ...fechaVacia(c.fechaInicio, c.fechaFin), id });
    return una ? { fechas: [una], filas: [0], sinInicio: [], porOrden: [0] } : null;
  }
  const fechas: FechaPlan[] = [];
  const filas: number[] = [];
  const sinInicio: number[] = [];
  c.fechas.forEach((campo, i) => {
    const f = fechaDeCampo(campo);
    if (f) {
      fechas.push(f);
      filas.push(i);
    } else sinInicio.push(i);
  });
  const fila = new Map(fechas.map((f, k) => [f, filas[k]]));
  return { fechas, filas, sinInicio, porOrden: ordenarFechas(fechas).map((f) => fila.get(f)!) };
}

/** 'Duplicar': the same date a week later, at the same Madrid hours, right after it. */
export function duplicarFecha(f: FechaCampo): FechaCampo {
  const fecha = fechaDeCampo(f);
  if (!fecha) return { ...f, clave: nuevaClave(), id: undefined };
  const [copia] = repetirCadaSemana(fecha, sumarDias(diaEnMadrid(fecha.inicio), 7));
  return campoDeFecha(copia);
}

/** A picker value's day and hour ('' for the part not set). */
export function diaYHora(valor: string): { dia: string; hora: string } {
  const [dia = "", hora = ""] = valor.split("T");
  return { dia, hora };
}

/**
 * 'Repetir cada semana hasta…': every date of the list again each week up to the day (Madrid,
 * inclusive), those already there not twice, at most MAX_FECHAS in all; the list then goes in
 * date order. The count of new dates tells the person what happened.
 */
export function repetirFechas(fechas: FechaCampo[], hasta: Dia): { fechas: FechaCampo[]; nuevas: number } {
  const hay = new Set(fechas.map((f) => f.inicio));
  const nuevas: FechaCampo[] = [];
  for (const campo of fechas) {
    const f = fechaDeCampo(campo);
    if (!f) continue;
    for (const r of repetirCadaSemana(f, hasta)) {
      const nueva = campoDeFecha(r);
      if (hay.has(nueva.inicio) || fechas.length + nuevas.length >= MAX_FECHAS) continue;
      hay.add(nueva.inicio);
      nuevas.push(nueva);
    }
  }
  if (nuevas.length === 0) return { fechas, nuevas: 0 };
  const todas = [...fechas, ...nuevas];
  // Rows without a start stay at the end, where the person left them.
  const orden = (f: FechaCampo) => f.inicio || "~";
  todas.sort((a, b) => (orden(a) < orden(b) ? -1 : orden(a) > orden(b) ? 1 : 0));
  return { fechas: todas, nuevas: nuevas.length };
}

/** A row moved to another start, its length kept (a programme's act changes its day or hour). */
export function moverFecha(f: FechaCampo, inicio: string): FechaCampo {
  const antes = instanteDeLocal(f.inicio);
  const despues = instanteDeLocal(inicio);
  const fin = instanteDeLocal(f.fin);
  if (!antes || !despues || !fin) return { ...f, inicio };
  return { ...f, inicio, fin: localDeInstante(new Date(fin.getTime() + despues.getTime() - antes.getTime())) };
}

/** A programme's days in the order the person wrote them, each with its rows (acts). */
export function diasDelPrograma(fechas: FechaCampo[]): { dia: string; filas: number[] }[] {
  const dias = new Map<string, number[]>();
  fechas.forEach((f, i) => {
    const { dia } = diaYHora(f.inicio);
    dias.set(dia, [...(dias.get(dia) ?? []), i]);
  });
  return [...dias].map(([dia, filas]) => ({ dia, filas }));
}

/** The day after a programme's last day ('Añadir día'), '' when it has none yet. */
export function diaSiguiente(fechas: FechaCampo[]): string {
  const dias = diasDelPrograma(fechas)
    .map((d) => d.dia)
    .filter(Boolean)
    .sort();
  const ultimo = dias.at(-1);
  if (!ultimo) return "";
  const [year, month, day] = ultimo.split("-").map(Number);
  return diaIso(sumarDias({ year, month, day }, 1));
}

/** The hour after a programme day's last act (its next act), 10:00 for a day's first. */
export function horaSiguiente(fechas: FechaCampo[], filas: number[]): string {
  const horas = filas.map((i) => diaYHora(fechas[i].inicio).hora).filter(Boolean);
  const ultima = horas.sort().at(-1);
  if (!ultima) return "10:00";
  const h = Number(ultima.slice(0, 2));
  return h >= 23 ? ultima : `${String(h + 1).padStart(2, "0")}:${ultima.slice(3, 5)}`;
}

/** A day picker's 'yyyy-MM-dd' as a Dia, or null. */
export function diaDeValor(valor: string): Dia | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(valor);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

/** An act as POST /api/programas/leer answers it. */
export interface ActoLeidoApi {
  inicio: string;
  fin: string | null;
  titulo: string;
  direccion: string | null;
}

/**
 * The acts a programme's reading proposes, as the programme's rows: its text kept within the
 * fields' limits; the place is words only (its point is the town's until the person moves it).
 */
export function filasDeActos(actos: readonly ActoLeidoApi[]): FechaCampo[] {
  return actos.map((a) => ({
    ...fechaVacia(localDeInstante(a.inicio), localDeInstante(a.fin)),
    titulo: a.titulo.slice(0, TITULO_FECHA_MAX),
    direccion: (a.direccion ?? "").slice(0, DIRECCION_FECHA_MAX),
  }));
}
