import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { es } from "date-fns/locale";
import { ZONA } from "../dates";
import type { Horario, PlanApi } from "./plan";


/**
 * Spanish weekday names by diaSemana (0 Sunday … 6 Saturday), in lower case as Spanish writes
 * them mid-sentence ("abierto martes y jueves"); `diaEtiqueta` gives the one that starts a label.
 */
export const DIAS_SEMANA = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;

/** The first letter in upper case, for a text that starts a sentence or a label. */
export function capitalizar(texto: string): string {
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/** A weekday as a label on its own ("Lunes"). */
export const diaEtiqueta = (diaSemana: number): string => capitalizar(DIAS_SEMANA[diaSemana]);

const enMadrid = (iso: string) => new TZDate(new Date(iso).getTime(), ZONA);

/**
 * A plan's dates for cards and pages (spec §2): one date for a single-day plan, a range for a
 * longer one, in Spanish with month names, in Madrid time. Null when the plan has no dates.
 */
/** '1 plan', '1.234 planes'. */
export function planesTexto(n: number): string {
  return n === 1 ? "1 plan" : `${n.toLocaleString("es-ES")} planes`;
}

export function fechasTexto(fechaInicio: string | null, fechaFin: string | null): string | null {
  if (!fechaInicio) return fechaFin ? `Hasta el ${format(enMadrid(fechaFin), "d 'de' MMMM 'de' yyyy", { locale: es })}` : null;
  const a = enMadrid(fechaInicio);
  const b = fechaFin ? enMadrid(fechaFin) : a;
  const dia = (d: Date) => format(d, "d 'de' MMMM 'de' yyyy", { locale: es });
  if (dia(a) === dia(b)) return dia(a);
  if (a.getFullYear() === b.getFullYear()) {
    return a.getMonth() === b.getMonth()
      ? `Del ${format(a, "d", { locale: es })} al ${dia(b)}`
      : `Del ${format(a, "d 'de' MMMM", { locale: es })} al ${dia(b)}`;
  }
  return `Del ${dia(a)} al ${dia(b)}`;
}

/**
 * When an event happens, for cards, the plan page and its summary. Within one Madrid day: the
 * date and its hours ("25 de noviembre de 2026 · De 19:00 a 23:00"). Over several days, its start
 * and end instants ("Del 25 nov, 19:00 al 26 nov, 23:00"): the date range with one pair of hours
 * read as a daily timetable, which it is not. The year shows when the two years differ.
 */
export function cuandoEventoTexto(fechaInicio: string | null, fechaFin: string | null): string | null {
  if (!fechaInicio || !fechaFin) return fechasTexto(fechaInicio, fechaFin);
  const a = enMadrid(fechaInicio);
  const b = enMadrid(fechaFin);
  const dia = fechasTexto(fechaInicio, fechaFin)!;
  if (format(a, "yyyy-MM-dd") === format(b, "yyyy-MM-dd")) {
    return a.getTime() === b.getTime() ? `${dia} · ${horaTexto(fechaInicio)}` : `${dia} · De ${horaTexto(fechaInicio)} a ${horaTexto(fechaFin)}`;
  }
  const patron = a.getFullYear() === b.getFullYear() ? "d MMM, HH:mm" : "d MMM yyyy, HH:mm";
  return `Del ${format(a, patron, { locale: es })} al ${format(b, patron, { locale: es })}`;
}

/** Slots Monday first (spec shows the week the Spanish way), then by start time. */
export function horariosOrdenados(horarios: readonly Horario[]): Horario[] {
  return [...horarios].sort((a, b) => (a.diaSemana + 6) % 7 - (b.diaSemana + 6) % 7 || a.horaInicio.localeCompare(b.horaInicio));
}

/** The days an experience is available, as a line of its own: "Sábado y domingo". */
export function diasTexto(horarios: readonly Horario[]): string {
  const dias = [...new Set(horariosOrdenados(horarios).map((h) => DIAS_SEMANA[h.diaSemana]))];
  return capitalizar(dias.length > 1 ? `${dias.slice(0, -1).join(", ")} y ${dias.at(-1)}` : (dias[0] ?? ""));
}

/**
 * The one "when" line of a plan (cards, the plan page, its summary, meta descriptions): an
 * event's dates and hours, or the days an experience is open (else its dates).
 */
export function cuandoTexto(plan: Pick<PlanApi, "tipo" | "fechaInicio" | "fechaFin" | "horariosDisponibles">): string | null {
  if (plan.tipo === "evento") return cuandoEventoTexto(plan.fechaInicio, plan.fechaFin);
  return diasTexto(plan.horariosDisponibles) || fechasTexto(plan.fechaInicio, plan.fechaFin);
}

/** The day on a card's date badge, in Madrid: weekday, day and month ("sáb", "29", "nov"). */
export function fechaInsignia(iso: string): { semana: string; dia: string; mes: string } {
  const d = enMadrid(iso);
  return { semana: format(d, "EEE", { locale: es }), dia: format(d, "d"), mes: format(d, "MMM", { locale: es }) };
}

/** "HH:mm" in Madrid of an instant. */
export function horaTexto(iso: string): string {
  return format(enMadrid(iso), "HH:mm");
}

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
