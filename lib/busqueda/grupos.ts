import { numeroDiaMadrid } from "../dates";
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

const DIA_MS = 86_400_000;
const SEMANA = ["Domingo", "Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"];
const MESES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

/** A day's heading from today's: Hoy, Mañana, "Sábado 6" within the week, "Sábado 9 de enero" later (with its year if not this one). */
export function tituloDia(dia: number, hoy: number): string {
  if (dia === hoy) return "Hoy";
  if (dia === hoy + 1) return "Mañana";
  const f = new Date(dia * DIA_MS);
  const nombre = `${SEMANA[f.getUTCDay()]} ${f.getUTCDate()}`;
  if (dia - hoy < 7) return nombre;
  const anio = new Date(hoy * DIA_MS).getUTCFullYear() === f.getUTCFullYear() ? "" : ` de ${f.getUTCFullYear()}`;
  return `${nombre} de ${MESES[f.getUTCMonth()]}${anio}`;
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
 * same day is not announced twice as new.
 */
export function agruparPorDia<T extends Listado>(
  items: readonly T[],
  { base, ahora, diaAnterior = null }: { base: number; ahora: number; diaAnterior?: number | null },
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
      const titulo =
        clave === "destacados"
          ? "Destacados"
          : dia === null
            ? "Otros días"
            : `${tituloDia(dia, hoy)}${grupos.every((g) => g.clave === "destacados") && dia === diaAnterior ? " (sigue)" : ""}`;
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
export function agruparPorDistancia<T extends Listado>(items: readonly T[]): GrupoDia<T>[] {
  const corte = items.findIndex((i) => esPlan(i) && !i.destacado);
  const destacados = corte === -1 ? [...items] : items.slice(0, corte);
  if (!destacados.some((i) => esPlan(i) && i.destacado)) return [{ clave: "cerca", titulo: "", items: [...items] }];
  const resto = corte === -1 ? [] : items.slice(corte);
  const grupos: GrupoDia<T>[] = [{ clave: "destacados", titulo: "Destacados", items: destacados }];
  if (resto.length > 0) grupos.push({ clave: "cerca", titulo: "Por cercanía", items: resto });
  return grupos;
}
