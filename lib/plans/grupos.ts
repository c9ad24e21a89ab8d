import { diaDeLaSemana, diaEnMadrid, instanteEnMadrid, sumarDias } from "../dates";
import { ventanaFechas } from "../busqueda/estado";
import type { PlanApi } from "./plan";

/** When a listed plan happens, for the headings of the home's results. */
export type GrupoCuando = "hoy" | "finde" | "proximamente";
export const TITULOS_GRUPO: Record<GrupoCuando, string> = {
  hoy: "Hoy",
  finde: "Este fin de semana",
  proximamente: "Próximamente",
};

type PlanCuando = Pick<PlanApi, "tipo" | "fechaInicio" | "fechaFin" | "horariosDisponibles">;

/** Whether the plan is on at some moment of the window: an event overlapping it, an experience open one of its days. */
function enVentana(plan: PlanCuando, v: { desde: Date; hasta: Date }): boolean {
  const inicio = plan.fechaInicio ? new Date(plan.fechaInicio).getTime() : null;
  const fin = plan.fechaFin ? new Date(plan.fechaFin).getTime() : inicio;
  if (plan.tipo === "evento")
    return inicio !== null && inicio <= v.hasta.getTime() && (fin ?? inicio) >= v.desde.getTime();
  // Day by day in Madrid (a window is at most a few days here).
  for (let dia = diaEnMadrid(v.desde); instanteEnMadrid(dia, "00:00") <= v.hasta; dia = sumarDias(dia, 1)) {
    const empieza = instanteEnMadrid(dia, "00:00").getTime();
    const acaba = instanteEnMadrid(sumarDias(dia, 1), "00:00").getTime() - 1;
    const semana = diaDeLaSemana(dia);
    const dentro = (inicio === null || inicio <= acaba) && (fin === null || fin >= empieza);
    if (dentro && plan.horariosDisponibles.some((h) => h.diaSemana === semana)) return true;
  }
  return false;
}

/** Today, and what is left of the coming weekend from today on (on a Sunday, Friday's and Saturday's are over). */
function ventanasCuando(ahora: Date) {
  const hoy = ventanaFechas("hoy", 0, ahora)!;
  const finde = ventanaFechas("finDeSemana", 0, ahora)!;
  const desde = new Date(Math.max(finde.desde.getTime(), hoy.desde.getTime()));
  return { hoy, finde: desde <= finde.hasta ? { desde, hasta: finde.hasta } : null };
}

export function grupoCuando(plan: PlanCuando, ahora = new Date(), ventanas = ventanasCuando(ahora)): GrupoCuando {
  if (enVentana(plan, ventanas.hoy)) return "hoy";
  if (ventanas.finde && enVentana(plan, ventanas.finde)) return "finde";
  return "proximamente";
}

/**
 * The page's plans in groups by when (Hoy, Este fin de semana, Próximamente), each group in the
 * order the search gave (featured first, then the spec's order). Items that are not plans
 * (sponsor cards) stay with the plan before them.
 */
export function agruparPorCuando<T extends { tipo: string }>(
  items: T[],
  ahora = new Date(),
): { grupo: GrupoCuando; items: T[] }[] {
  const grupos = new Map<GrupoCuando, T[]>([
    ["hoy", []],
    ["finde", []],
    ["proximamente", []],
  ]);
  let ultimo: GrupoCuando | null = null;
  let sueltos: T[] = []; // sponsor cards before the first plan go with it
  const ventanas = ventanasCuando(ahora);
  for (const item of items) {
    if (item.tipo !== "evento" && item.tipo !== "experiencia") {
      if (ultimo) grupos.get(ultimo)!.push(item);
      else sueltos.push(item);
      continue;
    }
    ultimo = grupoCuando(item as unknown as PlanCuando, ahora, ventanas);
    grupos.get(ultimo)!.push(...sueltos, item);
    sueltos = [];
  }
  grupos.get("proximamente")!.push(...sueltos);
  return [...grupos].filter(([, lista]) => lista.length > 0).map(([grupo, lista]) => ({ grupo, items: lista }));
}
