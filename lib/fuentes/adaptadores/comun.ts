import { decodeHTML } from "entities";
import ICAL from "ical.js";
import { desfaseZona, instanteEnMadrid, instanteLocalMadrid, relojMadrid } from "../../dates";
import { sinControl } from "../../text";
import type { ItemFuente, Lugar, Ocurrencia, Regla } from "../tipos";

/**
 * What the adapters share: Madrid wall-clock times, prices written as people write them,
 * absolute links, plain-text titles, and ical.js's side of times and rules (zones of the
 * database, instants, the bounded walk of a rule), by which the open-data and JSON-LD adapters
 * expand a simple rule as the iCalendar adapter expands an RRULE.
 */

export const lugarVacio = (): Lugar => ({
  texto: null,
  direccion: null,
  municipio: null,
  provincia: null,
  lat: null,
  lng: null,
});

/** A record of a source's JSON: its fields by name. */
export type Registro = Record<string, unknown>;

/** A JSON value as a record, or an empty one when it is not an object (a list, a string, null). */
export const objeto = (v: unknown): Registro =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Registro) : {};

/** Trimmed text, or null for anything that is not a non-empty string (or a number). */
export function texto(valor: unknown): string | null {
  if (typeof valor === "number" && Number.isFinite(valor)) return String(valor);
  if (typeof valor !== "string") return null;
  const t = valor.replace(/\s+/g, " ").trim();
  return t ? t : null;
}

export function numero(valor: unknown): number | null {
  if (typeof valor === "number") return Number.isFinite(valor) ? valor : null;
  if (typeof valor !== "string" || !valor.trim()) return null;
  const n = Number(valor.trim().replace(",", "."));
  return Number.isFinite(n) ? n : null;
}

/** A coordinate pair when both are numbers in range (0,0 is a publisher's blank, not a place). */
export function coordenadas(lat: unknown, lng: unknown): { lat: number; lng: number } | null {
  const a = numero(lat);
  const b = numero(lng);
  if (a === null || b === null || Math.abs(a) > 90 || Math.abs(b) > 180 || (a === 0 && b === 0)) return null;
  return { lat: a, lng: b };
}

/** Parts of a place as one line, without empty or repeated parts ("Teatro, Calle Mayor 1, Madrid"). */
export function unaLinea(...partes: (string | null | undefined)[]): string | null {
  const vistas: string[] = [];
  for (const p of partes) {
    const t = texto(p);
    if (t && !vistas.some((v) => v.toLowerCase() === t.toLowerCase())) vistas.push(t);
  }
  return vistas.length ? vistas.join(", ") : null;
}

/** An absolute http(s) URL, resolved against the page it came from (also "//host/path"); null otherwise. */
export function urlAbsoluta(valor: unknown, base: string): string | null {
  const t = texto(valor);
  if (!t) return null;
  try {
    const u = new URL(t, base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

/** Words that say a thing is free, in Spanish, Catalan, Basque and English, anywhere in a text. */
const GRATIS =
  /(?<![\p{L}\d])(gratis|gratuit[oa]s?|gratu[iï]t[ae]?s?|entrada (libre|gratuita|lliure)|acceso libre|doan|doako|free)(?![\p{L}\d])/iu;
const IMPORTE = String.raw`(\d+(?:[.,]\d{1,2})?)`;
/** "5 €", "3euros", "10,50 EUR". */
const CON_MONEDA = new RegExp(`${IMPORTE}\\s*(?:€|eur)`, "gi");
/** "De 5 a 10 €", "5-10 €", "entre 5 y 10 euros": the first amount of a range takes the currency of the last. */
const RANGO = new RegExp(`${IMPORTE}\\s*(?:€|euros?)?\\s*(?:a|-|–|/|y|i|o)\\s*${IMPORTE}\\s*(?:€|eur)`, "gi");

/**
 * A price as sources write it: 12, "12", "10,50", "10.50 €", "Entrada general: 15 euros",
 * "3euros. Se celebrará…", "0", "Gratis". Several amounts in one text (or a range, "De 5 a
 * 10 €") give the lowest; a text with no amount that says free anywhere ("GRATUITA - SE
 * CELEBRARÁ…", "Entrada libre", "Doan") gives 0. Null when it says neither ("Consultar").
 */
export function precioDe(valor: unknown): number | null {
  if (typeof valor === "number") return Number.isFinite(valor) && valor >= 0 ? valor : null;
  const t = texto(valor);
  if (!t) return null;
  const solo = t.replace(/\s*(€|eur(os)?)\.?$/i, "").trim();
  if (/^\d+([.,]\d+)?$/.test(solo)) return Number(solo.replace(",", "."));
  const aNumero = (s: string) => Number(s.replace(",", "."));
  const importes = [
    ...[...t.matchAll(CON_MONEDA)].map((m) => aNumero(m[1])),
    ...[...t.matchAll(RANGO)].map((m) => aNumero(m[1])),
  ];
  if (importes.length) return Math.min(...importes);
  return GRATIS.test(t) ? 0 : null;
}

/** Whether a text says the thing is free ("Acceso gratuito", "Entrada libre"). */
export const diceGratis = (valor: unknown): boolean => GRATIS.test(texto(valor) ?? "");

/** A title that the publisher marked as called off ("SUSPENDIDO. Concierto…", "Cancelado: …"). */
export const tituloCancelado = (titulo: string): boolean =>
  /^\W*(suspendid[oa]s?|cancelad[oa]s?|aplazad[oa]s?)\b/i.test(titulo);

/**
 * A title as plain text: tags dropped, entities decoded as a browser decodes text (every named
 * one, numeric ones, and the legacy forms without ';' that CMSs still write), what typed text may
 * not hold taken out (lib/text.ts), spaces collapsed.
 */
export function textoPlano(valor: unknown): string {
  if (typeof valor !== "string") return "";
  return sinControl(decodeHTML(valor.replace(/<[^>]*>/g, " ")))
    .replace(/\s+/g, " ")
    .trim();
}

/** A Madrid calendar day as its day number (days since 1970-01-01; lib/dates' numeroDiaMadrid). */
export function numeroDia(year: number, month: number, day: number): number | null {
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return Math.floor(ms / 86_400_000);
}

/** The instant of a Madrid wall-clock time, "HH:mm" on the day numbered `dia`. */
export function enMadridDia(dia: number, hora = "00:00"): Date {
  const [h, m] = hora.split(":").map(Number);
  return new Date(instanteLocalMadrid(dia, h * 60 + m));
}

/** "HH:mm" or "HH:mm:ss" or "19.30" as "HH:mm"; null when it is not a time of day. */
export function hora(valor: unknown): string | null {
  const m = /^(\d{1,2})[:.h](\d{2})/.exec(texto(valor) ?? "");
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${m[1].padStart(2, "0")}:${m[2]}`;
}

/** The weekday of a day number: 0 Sunday … 6 Saturday. */
export const diaSemana = (dia: number): number => (((dia + 4) % 7) + 7) % 7;

const minutos = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3, 5));

const MADRID = "Europe/Madrid";

/** The TimezoneService name of a zone read with the database (no VTIMEZONE of a file can take it). */
const PREFIJO = "planazo|";

/** A zone of the database as ical.js asks for it: its offset at a wall-clock time. */
export function zonaIcal(iana: string): string {
  const clave = PREFIJO + iana;
  if (!ICAL.TimezoneService.has(clave)) {
    const zona = new ICAL.Timezone({ tzid: iana });
    zona.utcOffset = (t: ICAL.Time) => {
      const pared = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
      const antes = desfaseZona(iana, pared);
      return desfaseZona(iana, pared - antes * 60_000) * 60;
    };
    ICAL.TimezoneService.register(zona, clave);
  }
  return clave;
}

/** The instant of an ical.js time: a date is its Madrid midnight; a zoned time, its instant. */
export function instanteIcal(t: ICAL.Time): Date {
  if (t.isDate) return instanteEnMadrid({ year: t.year, month: t.month, day: t.day }, "00:00");
  if (t.zone === ICAL.Timezone.localTimezone) {
    // Floating (only left where ical.js made one up): Madrid's wall clock.
    return instanteEnMadrid({ year: t.year, month: t.month, day: t.day }, `${t.hour}:${t.minute}`);
  }
  return new Date(t.toUnixTime() * 1000);
}

/** Up to how many rule dates an expansion walks (a MINUTELY rule must not walk for ever). */
const MAX_PASOS = 20_000;

/** The starts an ical.js iterator gives before the instant `limite` (ms), at most MAX_PASOS of them. */
export function* pasosIcal(iterador: { next(): ICAL.Time | null | undefined }, limite: number): Generator<ICAL.Time> {
  let pasos = 0;
  for (let t = iterador.next(); t && pasos < MAX_PASOS; t = iterador.next(), pasos++) {
    if (instanteIcal(t).getTime() >= limite) return;
    yield t;
  }
}

/** iCalendar's weekdays by their number, 0 = Sunday. */
export const DIAS_ICAL = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
/** A rule longer than ten years is read as ten years: no source in these agendas runs longer. */
const DIEZ_ANOS_MS = 3660 * 86_400_000;

/** What a rule needs to be expanded: its first start, its length, and the days it skips. */
export interface Serie {
  inicio: Date;
  /** Milliseconds from an occurrence's start to its end, or null when the source gives no end. */
  duracion: number | null;
  regla: Regla;
  /** Madrid day numbers that have no occurrence. */
  diasExcluidos: ReadonlySet<number>;
}

/**
 * The occurrences of a rule that start in [desde, hasta), at most `max`, by ical.js's RFC 5545
 * iterator from the first start on Madrid's wall clock (so they keep their hour across a change
 * of clocks): COUNT counts from the first occurrence, excluded days included; UNTIL is inclusive.
 */
export function expandirSerie(serie: Serie, desde: Date, hasta: Date, max: number): Ocurrencia[] {
  const { regla } = serie;
  const inicio = new ICAL.Time(
    { ...relojMadrid(serie.inicio.getTime()), second: 0, isDate: false },
    ICAL.TimezoneService.get(zonaIcal(MADRID))!,
  );
  // Only the parts the rule has: ical.js reads a BYDAY key set to undefined as a day no date
  // matches, and its iterator then never returns.
  const recurrencia = new ICAL.Recur({
    freq: regla.frecuencia,
    interval: Math.max(1, regla.intervalo || 1),
    ...(regla.frecuencia === "WEEKLY" && regla.dias.length > 0 ? { byday: regla.dias.map((d) => DIAS_ICAL[d]) } : {}),
    ...(regla.hasta ? { until: ICAL.Time.fromJSDate(regla.hasta, true) } : {}),
    ...(regla.cuenta !== null ? { count: regla.cuenta } : {}),
  });
  const limite = Math.min(hasta.getTime(), serie.inicio.getTime() + DIEZ_ANOS_MS);
  const salida: Ocurrencia[] = [];
  for (const t of pasosIcal(recurrencia.iterator(inicio), limite)) {
    if (salida.length >= max) break;
    const comienzo = instanteIcal(t);
    if (serie.diasExcluidos.has(numeroDia(t.year, t.month, t.day)!) || comienzo < desde) continue;
    salida.push({
      clave: comienzo.toISOString(),
      inicio: comienzo,
      fin: serie.duracion === null ? null : new Date(comienzo.getTime() + serie.duracion),
    });
  }
  return salida;
}

/**
 * The times of an item that repeats by a rule from `inicio` (each occurrence `duracion` long,
 * when the source gives an end): what an ItemFuente says of its start, end and occurrences.
 */
export function segunRegla(
  inicio: Date,
  duracion: number | null,
  regla: Regla,
): Pick<ItemFuente, "inicio" | "fin" | "todoElDia" | "regla" | "ocurrencias"> {
  const serie: Serie = { inicio, duracion, regla, diasExcluidos: new Set() };
  return {
    inicio,
    fin: duracion === null ? null : new Date(inicio.getTime() + duracion),
    todoElDia: false,
    regla,
    ocurrencias: (d, h, max) => expandirSerie(serie, d, h, max),
  };
}

/** An answer's JSON (a byte-order mark at its start ignored), or undefined when it is not JSON. */
export function leerJson(t: string): unknown {
  try {
    return JSON.parse(t.replace(/^\uFEFF/, ""));
  } catch {
    return undefined;
  }
}

/** Milliseconds between two "HH:mm" of one day (an end before its start runs past midnight). */
export function duracionEntre(desde: string, hasta: string | null): number | null {
  if (!hasta) return null;
  let d = minutos(hasta) - minutos(desde);
  if (d <= 0) d += 24 * 60;
  return d * 60_000;
}

/** A small stable hash (FNV-1a, hex) for ids made of an item's own fields. */
export function hash(t: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < t.length; i++) {
    h ^= t.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}
