import { instanteLocalMadrid, numeroDiaMadrid } from "../dates";

/**
 * The next moment a plan can be attended from the instant `base` (ms), the date order's key
 * (registro.ts Magnitud "momento"; lib/busqueda/sql.ts writes the same in SQL). The search index
 * calls it for every plan it orders by date, and the web's day headings for the plans of a page,
 * so both put a plan on the same day. Client-safe: no server imports.
 */

/**
 * An experience's next slot that has not ended, from `desde` (ms; the later of the base and the
 * experience's own start): `franjas` holds `n` slots from `primera` as triples (weekday 0 Sunday,
 * start and end in minutes after midnight, Madrid time). At its start, or at `desde` if it is
 * open then; NaN without slots.
 */
export function siguienteFranja(desde: number, franjas: ArrayLike<number>, primera: number, n: number): number {
  if (n === 0) return NaN;
  const dia0 = numeroDiaMadrid(desde);
  let mejor = NaN;
  // A week and a day: every weekday's slots, today's from its own day a week on too.
  for (let k = 0; k <= 7; k++) {
    const dia = dia0 + k;
    const semana = (dia + 4) % 7;
    for (let i = primera; i < primera + 3 * n; i += 3) {
      if (franjas[i] !== semana) continue;
      if (instanteLocalMadrid(dia, franjas[i + 2]) <= desde) continue;
      const m = Math.max(desde, instanteLocalMadrid(dia, franjas[i + 1]));
      if (!(m >= mejor)) mejor = m;
    }
    if (!Number.isNaN(mejor)) return mejor;
  }
  return mejor;
}

const minutos = (hora: string) => {
  const [h, m] = hora.split(":").map(Number);
  return h * 60 + m;
};

/** The part of a listed plan (its API shape) the date order reads. */
export interface PlanConMomento {
  tipo: string;
  fechaInicio: string | null;
  horariosDisponibles: readonly { diaSemana: number; horaInicio: string; horaFin: string }[];
}

/** A listed plan's next moment from `base` (ms): an event's start, or `base` once it has begun; an experience's next slot. */
export function momentoDelPlan(plan: PlanConMomento, base: number): number {
  const inicio = plan.fechaInicio ? new Date(plan.fechaInicio).getTime() : NaN;
  if (plan.tipo !== "experiencia") return Math.max(base, inicio);
  const franjas = plan.horariosDisponibles.flatMap((h) => [h.diaSemana, minutos(h.horaInicio), minutos(h.horaFin)]);
  return siguienteFranja(inicio > base ? inicio : base, franjas, 0, plan.horariosDisponibles.length);
}
