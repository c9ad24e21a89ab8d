import { cuandoEventoTexto, DIAS_SEMANA, diaEtiqueta, fechaInsignia, fechasTexto, indiceLunes } from "../dates";
import { conDatos, mensajes } from "../messages";
import type { Horario, PlanApi } from "./plan";

/** A plan's own text: its count, its "when" line and days, its price and distance. Dates themselves are written by lib/dates.ts. */

/** A count as the pages write it: es-ES with the thousands dot, also for four digits ('3.000', where ICU's es-ES writes '3000'). */
const CANTIDAD = new Intl.NumberFormat("es-ES", { useGrouping: "always" });
export const cantidadTexto = (n: number): string => CANTIDAD.format(n);

/**
 * '1 plan', '1.234 planes'; a search's total that is not exact (`totalExacto` false, `n` is
 * the bound TOPE_TOTAL): 'Más de 3.000 planes'.
 */
export function planesTexto(n: number, exacto = true): string {
  if (!exacto) return conDatos(mensajes.masDePlanes, { n: cantidadTexto(n) });
  return n === 1 ? "1 plan" : `${cantidadTexto(n)} planes`;
}

/** Slots Monday first (spec shows the week the Spanish way), then by start time. */
export function horariosOrdenados(horarios: readonly Horario[]): Horario[] {
  return [...horarios].sort(
    (a, b) => indiceLunes(a.diaSemana) - indiceLunes(b.diaSemana) || a.horaInicio.localeCompare(b.horaInicio),
  );
}

/**
 * The days an experience is available, as a line of its own: "Sábado y domingo", "Lunes,
 * miércoles y domingo", "De miércoles a domingo", "Todos los días" (three or more days in a row,
 * Monday first, are one run).
 */
export function diasTexto(horarios: readonly Horario[]): string {
  const dias = [...new Set(horariosOrdenados(horarios).map((h) => h.diaSemana))];
  if (dias.length === 7) return "Todos los días";
  const tramos: number[][] = [];
  for (const d of dias) {
    const ultimo = tramos.at(-1);
    if (ultimo && indiceLunes(d) === indiceLunes(ultimo.at(-1)!) + 1) ultimo.push(d);
    else tramos.push([d]);
  }
  const partes = tramos.flatMap((t) =>
    t.length >= 3 ? [`de ${DIAS_SEMANA[t[0]]} a ${DIAS_SEMANA[t.at(-1)!]}`] : t.map((d) => DIAS_SEMANA[d]),
  );
  const texto = partes.length > 1 ? `${partes.slice(0, -1).join(", ")} y ${partes.at(-1)}` : (partes[0] ?? "");
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/**
 * An experience's week for its page, Monday first: consecutive days with the same hours are one
 * line ("Todos los días", "De lunes a viernes", "Sábado y domingo"), so a phone shows the price and
 * the place on its first screen instead of seven equal rows.
 */
export function semanaAgrupada(horarios: readonly Horario[]): { dias: string; franjas: Horario[] }[] {
  const porDia = new Map<number, Horario[]>();
  for (const h of horariosOrdenados(horarios)) porDia.set(h.diaSemana, [...(porDia.get(h.diaSemana) ?? []), h]);
  const clave = (franjas: Horario[]) => franjas.map((f) => `${f.horaInicio}-${f.horaFin}`).join(",");
  const tramos: { desde: number; hasta: number; franjas: Horario[] }[] = [];
  for (const [dia, franjas] of porDia) {
    const ultimo = tramos.at(-1);
    if (ultimo && indiceLunes(dia) === indiceLunes(ultimo.hasta) + 1 && clave(ultimo.franjas) === clave(franjas))
      ultimo.hasta = dia;
    else tramos.push({ desde: dia, hasta: dia, franjas });
  }
  return tramos.map(({ desde, hasta, franjas }) => {
    const n = indiceLunes(hasta) - indiceLunes(desde) + 1;
    const dias =
      n === 7
        ? "Todos los días"
        : n === 1
          ? diaEtiqueta(desde)
          : n === 2
            ? `${diaEtiqueta(desde)} y ${DIAS_SEMANA[hasta]}`
            : `De ${DIAS_SEMANA[desde]} a ${DIAS_SEMANA[hasta]}`;
    return { dias, franjas };
  });
}

/**
 * The one "when" line of a plan (cards, the plan page, its summary, meta descriptions): an
 * event's dates and hours, or the days an experience is open (else its dates).
 */
export function cuandoTexto(
  plan: Pick<PlanApi, "tipo" | "fechaInicio" | "fechaFin" | "horariosDisponibles">,
): string | null {
  if (plan.tipo === "evento") return cuandoEventoTexto(plan.fechaInicio, plan.fechaFin);
  return diasTexto(plan.horariosDisponibles) || fechasTexto(plan.fechaInicio, plan.fechaFin);
}

/**
 * A weekly plan's hours on one day of a list by days, named as the list names it: "Hoy de 10:00
 * a 14:00", "Sábado 6 de 10:00 a 14:00 y de 17:00 a 20:00". Null when it has no slot that
 * weekday (or is an event): the card then says its days.
 */
export function horasDelDiaTexto(
  plan: Pick<PlanApi, "tipo" | "horariosDisponibles">,
  dia: { nombre: string; diaSemana: number },
): string | null {
  if (plan.tipo !== "experiencia") return null;
  const franjas = horariosOrdenados(plan.horariosDisponibles).filter((h) => h.diaSemana === dia.diaSemana);
  if (franjas.length === 0) return null;
  return `${dia.nombre} ${franjas.map((f) => `de ${f.horaInicio} a ${f.horaFin}`).join(" y ")}`;
}

/** A plan's day as a poster writes it ("SÁB 29 NOV"); an experience's days or dates (the generated poster's date line). */
export function fechaCartel(
  plan: Pick<PlanApi, "tipo" | "fechaInicio" | "fechaFin" | "horariosDisponibles">,
): string | null {
  if (plan.tipo === "evento" && plan.fechaInicio) {
    const f = fechaInsignia(plan.fechaInicio);
    return `${f.semana} ${f.dia} ${f.mes}`;
  }
  return cuandoTexto(plan);
}

/** The category a plan's card and a poster drawn for it show: its first that says something ("Otros" does not). */
export const categoriaCartel = (categorias: readonly string[]): string | null =>
  categorias.find((c) => c !== "Otros") ?? null;

/** Price in Spanish format, e.g. "12,50 €" (and "Gratis" for 0). */
export function precioTexto(precio: number): string {
  if (precio === 0) return "Gratis";
  return `${precio.toLocaleString("es-ES", { minimumFractionDigits: Number.isInteger(precio) ? 0 : 2, maximumFractionDigits: 2 })} €`;
}

/** Cards hide the distance from 0 to 3 km (spec §9). */
export function distanciaVisible(distancia: string | undefined): string | null {
  if (!distancia) return null;
  const km = Number.parseInt(distancia, 10);
  return Number.isFinite(km) && km > 3 ? distancia.replace("km", " km") : null;
}
