import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { es } from "date-fns/locale";
import { ZONA } from "../dates";

/** Spanish weekday names by diaSemana (0 Sunday … 6 Saturday). */
export const DIAS_SEMANA = ["Domingo", "Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"] as const;

const enMadrid = (iso: string) => new TZDate(new Date(iso).getTime(), ZONA);

/**
 * A plan's dates for cards and pages (spec §2): one date for a single-day plan, a range for a
 * longer one, in Spanish with month names, in Madrid time. Null when the plan has no dates.
 */
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
