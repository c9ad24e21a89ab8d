import type { Dia } from "../lib/dates";

/**
 * When in the year a demo plan can happen, so that a San Juan verbena is in June and a nativity
 * scene at Christmas whatever day the demo is seeded: a stretch of the calendar from one
 * month-day to another ("MM-DD", across New Year when `hasta` comes before `desde`), days
 * counted from Easter Sunday (Carnival and Holy Week move with it), or the nights around a full
 * moon (days either side).
 */
export type Temporada = { desde: string; hasta: string } | { pascua: [number, number] } | { lunaLlena: number };

/** The days of one occurrence of a season, first and last included. */
export interface Ventana {
  desde: Dia;
  hasta: Dia;
}

const DIA_MS = 86_400_000;

/** A calendar day as a count of days since 1970-01-01: plain arithmetic, no time zone involved. */
export const numeroDeDia = (d: Dia): number => Date.UTC(d.year, d.month - 1, d.day) / DIA_MS;

function diaDeNumero(n: number): Dia {
  const f = new Date(n * DIA_MS);
  return { year: f.getUTCFullYear(), month: f.getUTCMonth() + 1, day: f.getUTCDate() };
}

function mesDia(year: number, mmdd: string): number {
  const [month, day] = mmdd.split("-").map(Number);
  return numeroDeDia({ year, month, day });
}

/** Easter Sunday of a year of the Gregorian calendar (the anonymous algorithm Meeus gives). */
export function domingoDePascua(year: number): Dia {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return { year, month: Math.floor(n / 31), day: (n % 31) + 1 };
}

/**
 * Full moons by the mean lunation (Meeus' mean phases, in days since 1970, UTC): the true one is
 * within about fifteen hours of it, well inside a window of a day either side.
 */
const LUNA_LLENA_MEDIA = 10_977.363;
const MES_SINODICO = 29.530588861;

/** The day of the full moon nearest to a day (dated in Spain's winter time, near enough for a walk by moonlight). */
export function lunaLlenaCercana(dia: Dia): Dia {
  const k = Math.round((numeroDeDia(dia) + 0.5 - LUNA_LLENA_MEDIA) / MES_SINODICO);
  return diaDeNumero(Math.floor(LUNA_LLENA_MEDIA + k * MES_SINODICO + 1 / 24));
}

/** The occurrence of a season that holds `dia`, or null when the day is out of season. */
export function ventanaDe(temporada: Temporada, dia: Dia): Ventana | null {
  const n = numeroDeDia(dia);
  const tramos: [number, number][] = [];
  if ("desde" in temporada) {
    for (const year of [dia.year - 1, dia.year]) {
      const desde = mesDia(year, temporada.desde);
      const hasta = mesDia(year, temporada.hasta);
      tramos.push([desde, hasta >= desde ? hasta : mesDia(year + 1, temporada.hasta)]);
    }
  } else if ("pascua" in temporada) {
    for (const year of [dia.year - 1, dia.year, dia.year + 1]) {
      const pascua = numeroDeDia(domingoDePascua(year));
      tramos.push([pascua + temporada.pascua[0], pascua + temporada.pascua[1]]);
    }
  } else {
    const luna = numeroDeDia(lunaLlenaCercana(dia));
    tramos.push([luna - temporada.lunaLlena, luna + temporada.lunaLlena]);
  }
  const tramo = tramos.find(([desde, hasta]) => desde <= n && n <= hasta);
  return tramo ? { desde: diaDeNumero(tramo[0]), hasta: diaDeNumero(tramo[1]) } : null;
}

/** Whether `dias` days from `inicio` all fall in one occurrence of the season. */
export function cabeEnTemporada(temporada: Temporada, inicio: Dia, dias: number): boolean {
  const ventana = ventanaDe(temporada, inicio);
  return ventana !== null && numeroDeDia(ventana.hasta) >= numeroDeDia(inicio) + dias - 1;
}
