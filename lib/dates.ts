import { TZDate, tzOffset } from "@date-fns/tz";
import { addDays, addMonths, format } from "date-fns";
import { ca, enGB, es, eu, gl, type Locale } from "date-fns/locale";
import { IDIOMA_POR_DEFECTO, type Idioma } from "./idiomas";

/**
 * The one date module: every conversion between instants and the Madrid calendar, the Spanish
 * week (Monday first), and every date as the product writes it in each language. Client-safe: pages,
 * components and server code import it. SQL that counts Madrid days uses lib/db/sql-fechas.ts.
 */

/** All calendar logic of the product happens in this zone (DESIGN.md § Data). */
const ZONA = "Europe/Madrid";

/** A calendar day in Madrid. */
export interface Dia {
  year: number;
  month: number; // 1-12
  day: number;
}

/** A Madrid wall-clock time; the fields overflow as Date's do (day 0 is the last of the month before). */
const reloj = (year: number, month: number, day: number, h = 12, m = 0) => new TZDate(year, month - 1, day, h, m, ZONA);

/** An instant (a Date or an ISO string) on Madrid's wall clock, to read its day, hour or weekday. */
export function enMadrid(instante: Date | string): TZDate {
  return new TZDate(new Date(instante).getTime(), ZONA);
}

export function diaEnMadrid(instant: Date = new Date()): Dia {
  const { year, month, day } = relojMadrid(instant.getTime());
  return { year, month, day };
}

/** Zones' offsets from UTC in minutes, by zone and UTC hour (zones change on whole UTC hours). */
const desfases = new Map<string, Map<number, number>>();

/**
 * A zone's offset from UTC at an instant (ms), in minutes: read from the zone once per UTC hour,
 * as the search index and a source's rules ask it for many instants.
 */
export function desfaseZona(zona: string, ms: number): number {
  let porHora = desfases.get(zona);
  if (!porHora) desfases.set(zona, (porHora = new Map()));
  const hora = Math.floor(ms / 3_600_000);
  let minutos = porHora.get(hora);
  if (minutos === undefined) {
    if (porHora.size >= 100_000) porHora.clear();
    porHora.set(hora, (minutos = tzOffset(zona, new Date(hora * 3_600_000))));
  }
  return minutos;
}

/**
 * The Madrid calendar day of an instant (ms) as a day number: days since 1970-01-01, so that
 * (n + 4) % 7 is its weekday (0 Sunday). For the search index (lib/busqueda/indice.ts), which
 * asks it for many instants: the zone is read once per UTC hour.
 */
export function numeroDiaMadrid(ms: number): number {
  return Math.floor((ms + desfaseMadridMs(ms)) / 86_400_000);
}

/** Madrid's offset from UTC at an instant, in ms. */
const desfaseMadridMs = (ms: number) => desfaseZona(ZONA, ms) * 60_000;

/** The Madrid wall clock of an instant (ms), without building a zoned date. */
export function relojMadrid(ms: number): Dia & { hour: number; minute: number } {
  const d = new Date(ms + desfaseMadridMs(ms));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/**
 * The instant (ms) of a wall-clock time on a Madrid day given by its number (numeroDiaMadrid),
 * `minutos` after midnight: the search index's slots. As PostgreSQL's `timestamp AT TIME ZONE
 * 'Europe/Madrid'` reads it, a time the clocks skip (02:00–02:59 on the last Sunday of March) is
 * read with the offset before the change.
 */
export function instanteLocalMadrid(dia: number, minutos: number): number {
  const local = dia * 86_400_000 + minutos * 60_000;
  const antes = local - desfaseMadridMs(local - 86_400_000 / 2);
  const despues = local - desfaseMadridMs(local);
  // Both readings agree but on the days the offset changes: take the one that is self-consistent.
  if (antes === despues) return antes;
  if (local - desfaseMadridMs(despues) === despues) return despues;
  return antes;
}

export function sumarDias(dia: Dia, n: number): Dia {
  return diaEnMadrid(addDays(reloj(dia.year, dia.month, dia.day), n));
}

/** The last answer of proximaMedianocheMadrid, and the instant it was worked out for. */
let medianoche = { desde: NaN, hasta: NaN };

/**
 * The next Madrid midnight after `ahora` (epoch ms): when "Hoy", "Mañana" and the day groups move
 * on. Every public answer's caching headers ask it, so it is worked out once a day: any instant
 * from the one it was worked out for until that midnight has the same.
 */
export function proximaMedianocheMadrid(ahora: number): number {
  if (ahora >= medianoche.desde && ahora < medianoche.hasta) return medianoche.hasta;
  const hasta = instanteEnMadrid(sumarDias(diaEnMadrid(new Date(ahora)), 1), "00:00").getTime();
  medianoche = { desde: ahora, hasta };
  return hasta;
}

/** The instant of a wall-clock time ("HH:mm") on a Madrid day. */
export function instanteEnMadrid(dia: Dia, hora: string): Date {
  const [h, m] = hora.split(":").map(Number);
  return new Date(reloj(dia.year, dia.month, dia.day, h, m).getTime());
}

/** The instant `n` calendar months after `instant` in Madrid (same wall-clock time; 31 Jan → 28/29 Feb). */
export function sumarMeses(instant: Date, n: number): Date {
  return new Date(addMonths(enMadrid(instant), n).getTime());
}

/** The first and the last day of the Madrid month `desplazamiento` months after the one of `dia`. */
export function mesDe(dia: Dia, desplazamiento = 0): { primero: Dia; ultimo: Dia } {
  return {
    primero: diaEnMadrid(reloj(dia.year, dia.month + desplazamiento, 1)),
    ultimo: diaEnMadrid(reloj(dia.year, dia.month + desplazamiento + 1, 0)),
  };
}

const LOCAL = "yyyy-MM-dd'T'HH:mm";

/** The instant of a Madrid wall-clock 'yyyy-MM-ddTHH:mm' (what a date picker holds), or null when empty or malformed. */
export function instanteDeLocal(valor: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(valor);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  return new Date(reloj(y, mo, d, h, mi).getTime());
}

/** The Madrid wall-clock value 'yyyy-MM-ddTHH:mm' of an instant, for a date picker ('' for none). */
export function localDeInstante(instante: Date | string | null): string {
  return instante ? format(enMadrid(instante), LOCAL) : "";
}

/** ISO 8601 with Madrid's offset, e.g. "2026-12-05T20:00:00+01:00". */
export function isoMadrid(iso: string): string {
  return format(enMadrid(iso), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

// The Spanish week. Weekdays are numbered as Date.getDay and a slot's diaSemana: 0 Sunday … 6 Saturday.

/** Monday, the first day of the Spanish week (react-day-picker's `weekStartsOn`). */
export const LUNES = 1;

/** The weekdays in the order the Spanish week shows them, Monday first. */
export const SEMANA = [1, 2, 3, 4, 5, 6, 0] as const;

/** A weekday's place in the Spanish week: 0 Monday … 6 Sunday. */
export const indiceLunes = (diaSemana: number): number => (diaSemana + 6) % 7;

/** The weekday of a Madrid day. */
export function diaDeLaSemana(dia: Dia): number {
  return reloj(dia.year, dia.month, dia.day).getDay();
}

/** The Monday of the week of a Madrid day. */
export function lunesDe(dia: Dia): Dia {
  return sumarDias(dia, -indiceLunes(diaDeLaSemana(dia)));
}

// Dates as the product writes them in each language, all in Madrid time.

/**
 * How a language writes a date and a span of dates. Spanish is the spec's ("Del 4 al 11 dic",
 * "8 y 9 dic", "De 19:00 a 23:00"); Catalan and Galician say it the same way in their words;
 * English and Basque join the two ends with a dash, and Basque, whose long date starts with the
 * year ("2026ko abenduaren 5a"), writes both ends whole.
 */
interface Forma {
  locale: Locale;
  /** "5 de diciembre de 2026". */
  largo: (d: Date) => string;
  /** A range's first end when it shares the last's month and year ("5"), or its year (its diaMes unless said). */
  inicioMismoMes: (d: Date) => string;
  inicioMismoAnio?: (d: Date) => string;
  /** A day with its month, no year, as a long date writes it ("9 de enero", "urtarrilaren 9a"). */
  diaMes: (d: Date) => string;
  /** A weekday before a day ("sábado 15 de agosto"; Basque with a comma). */
  conSemana: (semana: string, dia: string) => string;
  /** "5 dic", with its year when asked ("5 dic 2026"). */
  corto: (d: Date, anio?: boolean) => string;
  /** A day of a short range's month ("5"): Basque writes its month too. */
  diaCorto: (d: Date) => string;
  rango: (a: string, b: string) => string;
  dos: (a: string, b: string) => string;
  horas: (a: string, b: string) => string;
  hasta: (b: string) => string;
  /** A day and its hour: "sáb 15 ago a las 20:00". */
  conHora: (dia: string, hora: string) => string;
}

const dias = (locale: Locale) => (patron: string) => (d: Date) => format(d, patron, { locale });

/** Catalan writes "d’" before a month that starts with a vowel (d’abril, d’agost, d’octubre). */
const deMesCatalan = (d: Date) => {
  const mes = format(d, "LLLL", { locale: ca });
  return /^[aeiou]/.test(mes) ? `d’${mes}` : `de ${mes}`;
};

const FORMAS: Record<Idioma, Forma> = {
  es: {
    locale: es,
    largo: dias(es)("d 'de' MMMM 'de' yyyy"),
    inicioMismoMes: dias(es)("d"),
    diaMes: dias(es)("d 'de' MMMM"),
    conSemana: (semana, dia) => `${semana} ${dia}`,
    corto: (d, anio) => format(d, anio ? "d MMM yyyy" : "d MMM", { locale: es }),
    diaCorto: dias(es)("d"),
    rango: (a, b) => `Del ${a} al ${b}`,
    dos: (a, b) => `${a} y ${b}`,
    horas: (a, b) => `De ${a} a ${b}`,
    hasta: (b) => `Hasta el ${b}`,
    conHora: (dia, hora) => `${dia} a las ${hora}`,
  },
  ca: {
    locale: ca,
    largo: (d) => `${format(d, "d")} ${deMesCatalan(d)} de ${format(d, "yyyy")}`,
    inicioMismoMes: dias(ca)("d"),
    diaMes: (d) => `${format(d, "d")} ${deMesCatalan(d)}`,
    conSemana: (semana, dia) => `${semana} ${dia}`,
    corto: (d, anio) => format(d, anio ? "d MMM yyyy" : "d MMM", { locale: ca }),
    diaCorto: dias(ca)("d"),
    rango: (a, b) => `Del ${a} al ${b}`,
    dos: (a, b) => `${a} i ${b}`,
    horas: (a, b) => `De ${a} a ${b}`,
    hasta: (b) => `Fins al ${b}`,
    conHora: (dia, hora) => `${dia} a les ${hora}`,
  },
  eu: {
    locale: eu,
    largo: dias(eu)("yyyy'ko' MMMM'ren' d'a'"),
    inicioMismoMes: dias(eu)("yyyy'ko' MMMM'ren' d'a'"),
    inicioMismoAnio: dias(eu)("yyyy'ko' MMMM'ren' d'a'"),
    diaMes: dias(eu)("MMMM'ren' d'a'"),
    conSemana: (semana, dia) => `${semana}, ${dia}`,
    corto: (d, anio) => format(d, anio ? "yyyy MMM d" : "MMM d", { locale: eu }),
    diaCorto: dias(eu)("MMM d"),
    rango: (a, b) => `${a} – ${b}`,
    dos: (a, b) => `${a} eta ${b}`,
    horas: (a, b) => `${a}–${b}`,
    hasta: (b) => `${b} arte`,
    conHora: (dia, hora) => `${dia}, ${hora}`,
  },
  gl: {
    locale: gl,
    largo: dias(gl)("d 'de' MMMM 'de' yyyy"),
    inicioMismoMes: dias(gl)("d"),
    diaMes: dias(gl)("d 'de' MMMM"),
    conSemana: (semana, dia) => `${semana} ${dia}`,
    corto: (d, anio) => format(d, anio ? "d MMM yyyy" : "d MMM", { locale: gl }),
    diaCorto: dias(gl)("d"),
    rango: (a, b) => `Do ${a} ao ${b}`,
    dos: (a, b) => `${a} e ${b}`,
    horas: (a, b) => `Das ${a} ás ${b}`,
    hasta: (b) => `Ata o ${b}`,
    conHora: (dia, hora) => `${dia} ás ${hora}`,
  },
  en: {
    locale: enGB,
    largo: dias(enGB)("d MMMM yyyy"),
    inicioMismoMes: dias(enGB)("d"),
    diaMes: dias(enGB)("d MMMM"),
    conSemana: (semana, dia) => `${semana} ${dia}`,
    corto: (d, anio) => format(d, anio ? "d MMM yyyy" : "d MMM", { locale: enGB }),
    diaCorto: dias(enGB)("d"),
    rango: (a, b) => `${a} – ${b}`,
    dos: (a, b) => `${a} and ${b}`,
    horas: (a, b) => `${a}–${b}`,
    hasta: (b) => `Until ${b}`,
    conHora: (dia, hora) => `${dia} at ${hora}`,
  },
};

/**
 * Spanish weekday names by diaSemana, in lower case as Spanish writes them mid-sentence
 * ("abierto martes y jueves"); `diaEtiqueta` gives the one that starts a label.
 */
export const DIAS_SEMANA = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;

/** Spain's one-letter weekdays by diaSemana; Wednesday is 'X' (spec §2). */
export const LETRAS_SEMANA = ["D", "L", "M", "X", "J", "V", "S"] as const;

/** A Sunday, to name weekdays by diaSemana from it. */
const DOMINGO = new Date(2026, 0, 4, 12);

/** A weekday's name in a language, as written mid-sentence (lower case but in English). */
export function nombreDia(diaSemana: number, idioma: Idioma = IDIOMA_POR_DEFECTO): string {
  if (idioma === "es") return DIAS_SEMANA[diaSemana];
  return format(addDays(DOMINGO, diaSemana), "EEEE", { locale: FORMAS[idioma].locale });
}

/** A weekday as a label on its own ("Lunes"). */
export function diaEtiqueta(diaSemana: number, idioma: Idioma = IDIOMA_POR_DEFECTO): string {
  const nombre = nombreDia(diaSemana, idioma);
  return nombre.charAt(0).toUpperCase() + nombre.slice(1);
}

/** Long date with its weekday, e.g. "sábado, 5 de diciembre de 2026". */
export function fechaLarga(instant: Date, idioma: Idioma = IDIOMA_POR_DEFECTO): string {
  const f = FORMAS[idioma];
  const d = enMadrid(instant);
  return `${format(d, "EEEE", { locale: f.locale })}, ${f.largo(d)}`;
}

/** A day with its month in Madrid, no year: "9 de enero", "9 d’agost", "urtarrilaren 9a". */
export function diaYMes(instante: Date | string, idioma: Idioma = IDIOMA_POR_DEFECTO): string {
  return FORMAS[idioma].diaMes(enMadrid(instante));
}

/** A day with its weekday and month in Madrid, no year: "sábado 15 de agosto", "larunbata, abuztuaren 15a". */
export function diaConSemana(instante: Date | string, idioma: Idioma = IDIOMA_POR_DEFECTO): string {
  const f = FORMAS[idioma];
  const d = enMadrid(instante);
  return f.conSemana(format(d, "EEEE", { locale: f.locale }), f.diaMes(d));
}

/** Date and time as the spec writes them, dd/MM/yyyy HH:mm (the back-office's lists, the date pickers). */
export function fechaHora(instant: Date): string {
  return format(enMadrid(instant), "dd/MM/yyyy HH:mm");
}

/** A date picker's value ('yyyy-MM-ddTHH:mm') as the spec shows dates, dd/MM/yyyy HH:mm ('' for none). */
export function fechaVisible(valor: string): string {
  const d = instanteDeLocal(valor);
  return d ? fechaHora(d) : "";
}

/** A calendar day written YYYY-MM-DD (a date column, a date input) short, e.g. "1 dic 2026". */
export function diaTexto(dia: string, idioma: Idioma = IDIOMA_POR_DEFECTO): string {
  const [y, m, d] = dia.split("-").map(Number);
  return FORMAS[idioma].corto(new Date(y, m - 1, d), true);
}

/** Before this hour, a programme's act belongs to the night before: the verbena goes on past midnight. */
export const HORA_MADRUGADA = 6;

/** A day with its weekday and its hour, short: "sáb 15 ago a las 20:00" (a date in a notice). */
export function diaYHora(instante: Date, idioma: Idioma = IDIOMA_POR_DEFECTO): string {
  const f = FORMAS[idioma];
  const d = enMadrid(instante);
  const dia =
    idioma === "eu" ? format(d, "EEE MMM d", { locale: f.locale }) : format(d, "EEE d MMM", { locale: f.locale });
  return f.conHora(dia, format(d, "HH:mm"));
}

/** "HH:mm" of an instant. */
export function horaTexto(iso: string): string {
  return format(enMadrid(iso), "HH:mm");
}

/** The day on a card's date badge: weekday, day and month ("sáb", "29", "nov"). */
export function fechaInsignia(
  iso: string,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): { semana: string; dia: string; mes: string } {
  const d = enMadrid(iso);
  const { locale } = FORMAS[idioma];
  return { semana: format(d, "EEE", { locale }), dia: format(d, "d"), mes: format(d, "MMM", { locale }) };
}

/**
 * A plan's dates for cards and pages (spec §2): one date for a single-day plan, a range for a
 * longer one, with month names. Null when the plan has no dates.
 */
export function fechasTexto(
  fechaInicio: string | null,
  fechaFin: string | null,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): string | null {
  const f = FORMAS[idioma];
  if (!fechaInicio) return fechaFin ? f.hasta(f.largo(enMadrid(fechaFin))) : null;
  const a = enMadrid(fechaInicio);
  const b = fechaFin ? enMadrid(fechaFin) : a;
  if (f.largo(a) === f.largo(b)) return f.largo(a);
  if (a.getFullYear() === b.getFullYear()) {
    return f.rango(
      a.getMonth() === b.getMonth() ? f.inicioMismoMes(a) : (f.inicioMismoAnio ?? f.diaMes)(a),
      f.largo(b),
    );
  }
  return f.rango(f.largo(a), f.largo(b));
}

/**
 * Whether a plan's dates are whole days: it starts at 00:00 and ends at 23:59 on Madrid's clock.
 * That is how an imported item written as days is stored (an iCalendar `VALUE=DATE`, an agenda's
 * day without a time or its 00:00–23:59): the sources' mapping ends it one minute before the next
 * day. A plan typed in the publish form never ends at 23:59, as its pickers step by 15 minutes,
 * so the rule needs no column and every plan already stored keeps its meaning (docs/sources.md).
 * Every writer of a plan's dates (texts, calendars, structured data) asks this one function.
 */
export function todoElDia(plan: {
  fechaInicio: string | Date | null | undefined;
  fechaFin: string | Date | null | undefined;
}): boolean {
  if (!plan.fechaInicio || !plan.fechaFin) return false;
  const inicio = new Date(plan.fechaInicio).getTime();
  const fin = new Date(plan.fechaFin).getTime();
  if (fin <= inicio || inicio % 60_000 !== 0 || fin % 60_000 !== 0) return false;
  const a = relojMadrid(inicio);
  const b = relojMadrid(fin);
  return a.hour === 0 && a.minute === 0 && b.hour === 23 && b.minute === 59;
}

/** The Madrid days an all-day plan covers, its first and its last (see todoElDia). */
export function diasDelPlan(fechaInicio: string | Date, fechaFin: string | Date): { primero: Dia; ultimo: Dia } {
  return { primero: diaEnMadrid(new Date(fechaInicio)), ultimo: diaEnMadrid(new Date(fechaFin)) };
}

/** A calendar day as YYYY-MM-DD (schema.org's date, an iCalendar DATE with its dashes removed). */
export function diaIso(dia: Dia): string {
  return `${dia.year}-${String(dia.month).padStart(2, "0")}-${String(dia.day).padStart(2, "0")}`;
}

/**
 * The days of an all-day plan, short: "8 de diciembre de 2026" for one day, "8 y 9 dic" for two,
 * "Del 4 al 11 dic", "Del 30 nov al 2 dic", "Del 30 dic 2026 al 2 ene 2027" (the year shows when
 * the two years differ), as a timed range writes its days ("Del 25 nov, 19:00 al 26 nov, 23:00").
 */
function diasTodoElDiaTexto(fechaInicio: string, fechaFin: string, f: Forma): string {
  const { primero, ultimo } = diasDelPlan(fechaInicio, fechaFin);
  const a = reloj(primero.year, primero.month, primero.day);
  const b = reloj(ultimo.year, ultimo.month, ultimo.day);
  if (diaIso(primero) === diaIso(ultimo)) return f.largo(a);
  const unir = diaIso(sumarDias(primero, 1)) === diaIso(ultimo) ? f.dos : f.rango;
  if (primero.year !== ultimo.year) return unir(f.corto(a, true), f.corto(b, true));
  return unir(primero.month === ultimo.month ? f.diaCorto(a) : f.corto(a), f.corto(b));
}

/**
 * When an event happens, for cards, the plan page and its summary. Whole days (todoElDia) are
 * days, never their 00:00 and 23:59 ("8 y 9 dic", "Del 4 al 11 dic"). Within one Madrid day: the
 * date and its hours ("25 de noviembre de 2026 · De 19:00 a 23:00"). Over several days, its start
 * and end instants ("Del 25 nov, 19:00 al 26 nov, 23:00"): the date range with one pair of hours
 * read as a daily timetable, which it is not. The year shows when the two years differ.
 */
export function cuandoEventoTexto(
  fechaInicio: string | null,
  fechaFin: string | null,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): string | null {
  if (!fechaInicio || !fechaFin) return fechasTexto(fechaInicio, fechaFin, idioma);
  const f = FORMAS[idioma];
  if (todoElDia({ fechaInicio, fechaFin })) return diasTodoElDiaTexto(fechaInicio, fechaFin, f);
  const a = enMadrid(fechaInicio);
  const b = enMadrid(fechaFin);
  const dia = fechasTexto(fechaInicio, fechaFin, idioma)!;
  if (format(a, "yyyy-MM-dd") === format(b, "yyyy-MM-dd")) {
    return a.getTime() === b.getTime()
      ? `${dia} · ${horaTexto(fechaInicio)}`
      : `${dia} · ${f.horas(horaTexto(fechaInicio), horaTexto(fechaFin))}`;
  }
  const anio = a.getFullYear() !== b.getFullYear();
  return f.rango(`${f.corto(a, anio)}, ${horaTexto(fechaInicio)}`, `${f.corto(b, anio)}, ${horaTexto(fechaFin)}`);
}

/**
 * Weekdays by their names without accents, lower case (getDay's numbers, Sunday 0): Spanish,
 * Catalan and Galician, as agendas and programmes write them.
 */
export const DIA_SEMANA_POR_NOMBRE: Readonly<Record<string, number>> = {
  domingo: 0,
  lunes: 1,
  martes: 2,
  miercoles: 3,
  jueves: 4,
  viernes: 5,
  sabado: 6,
  diumenge: 0,
  dilluns: 1,
  dimarts: 2,
  dimecres: 3,
  dijous: 4,
  divendres: 5,
  dissabte: 6,
  luns: 1,
  mercores: 3,
  xoves: 4,
  venres: 5,
};
