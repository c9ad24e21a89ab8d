import { TZDate } from "@date-fns/tz";
import { addDays, addMonths, format } from "date-fns";
import { es } from "date-fns/locale";

/** All calendar logic of the product happens in this zone (DESIGN.md § Data). */
export const ZONA = "Europe/Madrid";

/** A calendar day in Madrid. */
export interface Dia {
  year: number;
  month: number; // 1-12
  day: number;
}

export function diaEnMadrid(instant: Date = new Date()): Dia {
  const d = new TZDate(instant.getTime(), ZONA);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

export function sumarDias(dia: Dia, n: number): Dia {
  return diaEnMadrid(addDays(new TZDate(dia.year, dia.month - 1, dia.day, 12, 0, ZONA), n));
}

/** The instant of a wall-clock time ("HH:mm") on a Madrid day. */
export function instanteEnMadrid(dia: Dia, hora: string): Date {
  const [h, m] = hora.split(":").map(Number);
  return new Date(new TZDate(dia.year, dia.month - 1, dia.day, h, m, ZONA).getTime());
}

/** Spanish long date in Madrid time, e.g. "sábado, 5 de diciembre de 2026". */
export function fechaLarga(instant: Date): string {
  return format(new TZDate(instant.getTime(), ZONA), "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
}

/** Date and time in Madrid as the spec writes them, dd/MM/yyyy HH:mm (the back-office's lists). */
export function fechaHora(instant: Date): string {
  return format(new TZDate(instant.getTime(), ZONA), "dd/MM/yyyy HH:mm");
}

/** The instant `n` calendar months after `instant` in Madrid (same wall-clock time; 31 Jan → 28/29 Feb). */
export function sumarMeses(instant: Date, n: number): Date {
  return new Date(addMonths(new TZDate(instant.getTime(), ZONA), n).getTime());
}

/** A calendar day written YYYY-MM-DD (a date column, a date input) in short Spanish, e.g. "1 dic 2026". */
export function diaTexto(dia: string): string {
  const [y, m, d] = dia.split("-").map(Number);
  return format(new Date(y, m - 1, d), "d MMM yyyy", { locale: es });
}
