import { decodeHTML } from "entities";
import { enMadrid, instanteLocalMadrid, numeroDiaMadrid } from "../../dates";
import type { Lugar, Ocurrencia, Regla } from "../tipos";

/**
 * What the open-data and JSON-LD adapters share: Madrid wall-clock times, prices written as
 * people write them, absolute links, plain-text titles, and the expansion of a simple rule into
 * its occurrences.
 */

export const lugarVacio = (): Lugar => ({
  texto: null,
  direccion: null,
  municipio: null,
  provincia: null,
  lat: null,
  lng: null,
});

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

const GRATIS = /\b(gratis|gratuit[oa]s?|entrada libre|acceso libre|free)\b/i;

/**
 * A price as sources write it: 12, "12", "10,50", "10.50 €", "Entrada general: 15 euros",
 * "0", "Gratis". Several amounts in one text give the lowest. Null when it names none.
 */
export function precioDe(valor: unknown): number | null {
  if (typeof valor === "number") return Number.isFinite(valor) && valor >= 0 ? valor : null;
  const t = texto(valor);
  if (!t) return null;
  const solo = t.replace(/\s*(€|eur(os)?)\.?$/i, "").trim();
  if (/^\d+([.,]\d+)?$/.test(solo)) return Number(solo.replace(",", "."));
  const importes = [...t.matchAll(/(\d+(?:[.,]\d{1,2})?)\s*(?:€|eur)/gi)].map((m) => Number(m[1].replace(",", ".")));
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
 * one, numeric ones, and the legacy forms without ';' that CMSs still write), spaces collapsed.
 */
export function textoPlano(valor: unknown): string {
  if (typeof valor !== "string") return "";
  return decodeHTML(valor.replace(/<[^>]*>/g, " "))
    .replace(/[\u0000-\u001f\u007f]/g, " ")
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
 * The occurrences of a DAILY, WEEKLY or MONTHLY rule that start in [desde, hasta), at most
 * `max`, each at the first start's Madrid wall-clock time (so they keep their hour across a
 * change of clocks), excluded days left out.
 */
export function expandirSerie(serie: Serie, desde: Date, hasta: Date, max: number): Ocurrencia[] {
  const { regla } = serie;
  const primero = numeroDiaMadrid(serie.inicio.getTime());
  const reloj = enMadrid(serie.inicio);
  const horaInicio = reloj.getHours() * 60 + reloj.getMinutes();
  const fin = Math.min(hasta.getTime(), regla.hasta ? regla.hasta.getTime() + 1 : Infinity);
  const intervalo = Math.max(1, regla.intervalo || 1);
  const dias = regla.dias.length ? regla.dias : [diaSemana(primero)];
  const lunes = primero - ((diaSemana(primero) + 6) % 7);
  const dia0 = new Date(primero * 86_400_000);

  const cae = (dia: number): boolean => {
    switch (regla.frecuencia) {
      case "DAILY":
        return (dia - primero) % intervalo === 0;
      case "WEEKLY":
        return Math.floor((dia - lunes) / 7) % intervalo === 0 && dias.includes(diaSemana(dia));
      case "MONTHLY": {
        const d = new Date(dia * 86_400_000);
        const meses = (d.getUTCFullYear() - dia0.getUTCFullYear()) * 12 + d.getUTCMonth() - dia0.getUTCMonth();
        return d.getUTCDate() === dia0.getUTCDate() && meses % intervalo === 0;
      }
      default:
        return dia === primero;
    }
  };

  const salida: Ocurrencia[] = [];
  let contadas = 0;
  // A rule longer than ten years is read as ten years: no source in these agendas runs longer.
  for (let dia = primero; dia < primero + 3660 && salida.length < max; dia++) {
    if (!cae(dia)) continue;
    const inicio = new Date(instanteLocalMadrid(dia, horaInicio));
    if (inicio.getTime() >= fin) break;
    if (regla.cuenta !== null && contadas >= regla.cuenta) break;
    contadas++;
    if (serie.diasExcluidos.has(dia) || inicio < desde) continue;
    salida.push({
      clave: inicio.toISOString(),
      inicio,
      fin: serie.duracion === null ? null : new Date(inicio.getTime() + serie.duracion),
    });
  }
  return salida;
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
