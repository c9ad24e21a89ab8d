import es from "@/mensajes/es.json";
import { diaYMes, fechasTexto, nombreDia, numeroDiaMadrid } from "../dates";
import type { Idioma } from "../idiomas";
import { conDatos } from "../con-datos";
import { momentoDelPlan, type PlanConMomento } from "./momento";

/**
 * The web's lists by date come in day groups (Hoy, Mañana, Sábado 6, Domingo 7, …), each day the
 * one of the plan's next moment in Madrid (lib/busqueda/momento.ts, the date order's own key), so
 * a plan on all week shows under today and a Saturday market under Saturday. Featured plans come
 * first in every order; they keep a group of their own ("Destacados") rather than break the days.
 */
export interface GrupoDia<T> {
  /** A stable key: the Madrid day number, "destacados" or "sin-fecha". */
  clave: string;
  titulo: string;
  items: T[];
  /** A day's group: that day's weekday (0 Sunday … 6 Saturday), so a weekly plan's card can give that day's hours. */
  diaSemana?: number;
}

/**
 * The groups' headings in a page's language: buscador's fechaHoy, fechaManana and destacados, and
 * the catalogue's "resultados". `sigue` keeps its addition in final parentheses: ListaPorDias reads
 * the day's name as the heading without them.
 */
export interface PalabrasGrupos {
  idioma: Idioma;
  hoy: string;
  manana: string;
  destacados: string;
  porCercania: string;
  otrosDias: string;
  sigue: string;
  /** A day within the week: "{semana} {dia}". */
  diaDeLaSemana: string;
  /** A later day, its date with its month (and year): "{semana} {fecha}". */
  diaConFecha: string;
}

type PalabrasResultados = Omit<PalabrasGrupos, "idioma" | "hoy" | "manana" | "destacados">;

/** A language's headings from its catalogue's namespaces (palabrasDePagina). */
export const palabrasGrupos = (
  idioma: Idioma,
  buscador: { fechaHoy: string; fechaManana: string; destacados: string },
  r: PalabrasResultados,
): PalabrasGrupos => ({
  idioma,
  hoy: buscador.fechaHoy,
  manana: buscador.fechaManana,
  destacados: buscador.destacados,
  porCercania: r.porCercania,
  otrosDias: r.otrosDias,
  sigue: r.sigue,
  diaDeLaSemana: r.diaDeLaSemana,
  diaConFecha: r.diaConFecha,
});

/** Spanish, the default: the widget's lists and the tests, with no page to read words from. */
export const CASTELLANO: PalabrasGrupos = palabrasGrupos("es", es.buscador, es.resultados);

const DIA_MS = 86_400_000;

/** A day's heading from today's: Hoy, Mañana, "Sábado 6" within the week, "Sábado 9 de enero" later (with its year if not this one). */
export function tituloDia(dia: number, hoy: number, p: PalabrasGrupos = CASTELLANO): string {
  if (dia === hoy) return p.hoy;
  if (dia === hoy + 1) return p.manana;
  // Noon of the day in UTC: the same day on Madrid's clock.
  const mediodia = new Date(dia * DIA_MS + DIA_MS / 2);
  const semana = nombreDia(mediodia.getUTCDay(), p.idioma);
  const titulo =
    dia - hoy < 7
      ? conDatos(p.diaDeLaSemana, { semana, dia: String(mediodia.getUTCDate()) })
      : conDatos(p.diaConFecha, {
          semana,
          fecha:
            new Date(hoy * DIA_MS).getUTCFullYear() === mediodia.getUTCFullYear()
              ? diaYMes(mediodia, p.idioma)
              : fechasTexto(mediodia.toISOString(), null, p.idioma)!,
        });
  return titulo.charAt(0).toUpperCase() + titulo.slice(1);
}

type Listado = { tipo: string; destacado?: boolean };
const esPlan = (i: Listado): i is Listado & PlanConMomento => i.tipo === "evento" || i.tipo === "experiencia";

/** The Madrid day of a plan's next moment from `base` (ms): null for an experience without slots. */
export function diaDelPlan(plan: PlanConMomento, base: number): number | null {
  const m = momentoDelPlan(plan, base);
  return Number.isNaN(m) ? null : numeroDiaMadrid(m);
}

/**
 * A page of a list by date in day groups, in the page's order (a new group each time the day
 * changes). Items that are not plans (sponsor cards) stay with the group before them. `base` is
 * the date order's base instant (registro.ts baseDelMomento), `ahora` names today. When the page
 * before ended on the day this one starts with (`diaAnterior`), that group reads "… (sigue)": the
 * same day is not announced twice as new. Headings in `palabras`' language, Spanish by default.
 */
export function agruparPorDia<T extends Listado>(
  items: readonly T[],
  {
    base,
    ahora,
    diaAnterior = null,
    palabras: p = CASTELLANO,
  }: { base: number; ahora: number; diaAnterior?: number | null; palabras?: PalabrasGrupos },
): GrupoDia<T>[] {
  const hoy = numeroDiaMadrid(ahora);
  const grupos: GrupoDia<T>[] = [];
  let sueltos: T[] = []; // sponsor cards before the first plan go with it
  for (const item of items) {
    const ultimo = grupos.at(-1);
    if (!esPlan(item)) {
      if (ultimo) ultimo.items.push(item);
      else sueltos.push(item);
      continue;
    }
    const dia = item.destacado ? null : diaDelPlan(item, base);
    const clave = item.destacado ? "destacados" : dia === null ? "sin-fecha" : String(dia);
    if (ultimo?.clave === clave) {
      ultimo.items.push(item);
    } else {
      const sigue = grupos.every((g) => g.clave === "destacados") && dia === diaAnterior;
      const titulo =
        clave === "destacados"
          ? p.destacados
          : dia === null
            ? p.otrosDias
            : sigue
              ? conDatos(p.sigue, { dia: tituloDia(dia, hoy, p) })
              : tituloDia(dia, hoy, p);
      grupos.push({
        clave,
        titulo,
        items: [...sueltos, item],
        ...(dia !== null && { diaSemana: new Date(dia * DIA_MS).getUTCDay() }),
      });
    }
    sueltos = [];
  }
  if (sueltos.length > 0) grupos.push({ clave: "otros", titulo: "", items: sueltos });
  return grupos;
}

/** The day of the last plan (not featured, not a sponsor) of a page: where the next page's first group may continue. */
export function ultimoDia<T extends Listado>(items: readonly T[], base: number): number | null {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (esPlan(item) && !item.destacado) return diaDelPlan(item, base);
  }
  return null;
}

/**
 * A page of the list nearest first: featured plans lead it in a "Destacados" group of their own,
 * so the distance order below them ("Por cercanía") is never broken by a farther plan. Without
 * featured plans, one group with no heading. Sponsor cards stay where they are.
 */
export function agruparPorDistancia<T extends Listado>(
  items: readonly T[],
  p: PalabrasGrupos = CASTELLANO,
): GrupoDia<T>[] {
  const corte = items.findIndex((i) => esPlan(i) && !i.destacado);
  const destacados = corte === -1 ? [...items] : items.slice(0, corte);
  if (!destacados.some((i) => esPlan(i) && i.destacado)) return [{ clave: "cerca", titulo: "", items: [...items] }];
  const resto = corte === -1 ? [] : items.slice(corte);
  const grupos: GrupoDia<T>[] = [{ clave: "destacados", titulo: p.destacados, items: destacados }];
  if (resto.length > 0) grupos.push({ clave: "cerca", titulo: p.porCercania, items: resto });
  return grupos;
}
