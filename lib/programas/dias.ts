import { DIA_SEMANA_POR_NOMBRE, type Dia } from "../dates";
import { plano } from "./texto";

/**
 * The days of a programme: its day headings in every form ("VIERNES 14 DE AGOSTO", "Sábado, 15",
 * "DÍA 27 DE JUNIO", "14/08", "Divendres 14 d'agost", "JUEVES SANTO", "Dissabte," before the
 * acts), the month and year its header gives, and the calendar day each heading means.
 */

/** Weekdays as short headings write them, before their day's number ("Sáb. 15", "Vie 14"). */
const SEMANA_CORTA: Record<string, number> = { lun: 1, mar: 2, mie: 3, mier: 3, jue: 4, vie: 5, sab: 6, dom: 0 };

const MESES: Record<string, number> = {
  enero: 1,
  gener: 1,
  febrero: 2,
  febrer: 2,
  marzo: 3,
  marc: 3,
  abril: 4,
  mayo: 5,
  maig: 5,
  junio: 6,
  juny: 6,
  julio: 7,
  juliol: 7,
  agosto: 8,
  agost: 8,
  septiembre: 9,
  setiembre: 9,
  setembre: 9,
  octubre: 10,
  noviembre: 11,
  novembre: 11,
  diciembre: 12,
  desembre: 12,
  xaneiro: 1,
  febreiro: 2,
  maio: 5,
  xuno: 6,
  xullo: 7,
  setembro: 9,
  outubro: 10,
  decembro: 12,
};

const MES = `(${Object.keys(MESES).join("|")})(?!\\p{L})`;
const DIA_SEMANA = `(${Object.keys(DIA_SEMANA_POR_NOMBRE).join("|")}|dia|(?:${Object.keys(SEMANA_CORTA).join("|")})\\.?(?=,?\\s+\\d))(?!\\p{L})`;

/** "15 DE AGOSTO", "15 de agosto de 2026, sábado": a heading that starts with its day. */
const DIA_Y_MES = new RegExp(
  `^(\\d{1,2})\\s+(?:de\\s+|d')${MES}(?:\\s+(?:de\\s+)?(20\\d\\d))?(?:,?\\s+${DIA_SEMANA})?\\s*(?:[.:]|\\s[–—-]\\s.*)?$`,
  "u",
);

/** The days of Holy Week by their distance to Easter Sunday. */
const SEMANA_SANTA: [RegExp, number][] = [
  [/^viernes de dolores/, -9],
  [/^(?:domingo de ramos|diumenge de rams)/, -7],
  [/^(?:lunes santo|dilluns sant)/, -6],
  [/^(?:martes santo|dimarts sant)/, -5],
  [/^(?:miercoles santo|dimecres sant)/, -4],
  [/^(?:jueves santo|dijous sant)/, -3],
  [/^(?:viernes santo|divendres sant)/, -2],
  [/^(?:sabado santo|dissabte sant)/, -1],
  [/^(?:domingo de (?:pascua|resurreccion|gloria)|diumenge de (?:pasqua|resurreccio))/, 0],
  [/^(?:lunes de pascua|dilluns de pasqua)/, 1],
];

/** What a heading says of its day; any part may be missing. */
export interface Encabezado {
  diaSemana?: number;
  dia?: number;
  mes?: number;
  anio?: number;
  /** Days from Easter Sunday ("Jueves Santo": -3). */
  pascua?: number;
}

const semanaDe = (palabra: string) => DIA_SEMANA_POR_NOMBRE[palabra] ?? SEMANA_CORTA[palabra.replace(/\.$/, "")];

const BOLO = /^[\s\-–—•·*]*/u;

/** Where an act's hour first appears in a line: its start, "A les 19 h" after a comma, "20:00 h". */
const PRIMERA_HORA =
  /(?:^|[,.:;–-]\s*)(a\s+l[ae]s?\s+\d{1,2}(?:[:.,]\d{2})?(?!\d)|\d{1,2}[:.]\d{2}(?!\d)|\d{1,2}\s?h(?!\p{L}))/u;

/**
 * A day heading and where the acts written after it on the same line start ("Divendres, a les
 * 19 h, …"; the line's length when none are), or null. A heading starts with a weekday, "Día" or a day/month, and says nothing else but its
 * feast ("DOMINGO 16 DE AGOSTO – DÍA DE SAN ROQUE").
 */
export function leerEncabezado(linea: string): { encabezado: Encabezado; corte: number } | null {
  const p = plano(linea);
  const bolo = BOLO.exec(p)![0].length;
  const fecha = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?\.?$/.exec(p.slice(bolo).trim());
  if (fecha) {
    const [, dia, mes, anio] = fecha.map(Number);
    if (mes < 1 || mes > 12 || dia < 1 || dia > 31) return null;
    return {
      encabezado: { dia, mes, anio: anio ? (anio < 100 ? 2000 + anio : anio) : undefined },
      corte: linea.length,
    };
  }
  const diaYMes = DIA_Y_MES.exec(p.slice(bolo).trim());
  if (diaYMes) {
    const [, dia, mes, anio, semana] = diaYMes;
    const diaSemana = semana === undefined ? undefined : semanaDe(semana);
    return {
      encabezado: { dia: Number(dia), mes: MESES[mes], anio: anio ? Number(anio) : undefined, diaSemana },
      corte: linea.length,
    };
  }
  const semana = new RegExp(`^${DIA_SEMANA}`, "u").exec(p.slice(bolo));
  if (!semana) return null;
  const hora = PRIMERA_HORA.exec(p.slice(bolo));
  const corte = hora ? bolo + hora.index + hora[0].length - hora[1].length : p.length;
  const cabeza = p.slice(bolo, corte).trim();
  // The day's own words, before its feast's name ("Domingo 4 de octubre – Día de la Virgen…").
  const propia = cabeza.split(/\s[–—-]\s|\.\s+(?=\p{L}{2})/u)[0];
  // A sentence that starts with a weekday is no heading: a heading is a few words.
  if (propia.split(/\s+/).length > 8) return null;
  const encabezado: Encabezado = {};
  if (semana[1] !== "dia") encabezado.diaSemana = semanaDe(semana[1]);
  const numero = /(?<!\d)(\d{1,2})(?!\d)/.exec(propia);
  if (numero) encabezado.dia = Number(numero[1]);
  const mes = new RegExp(MES, "u").exec(propia);
  if (mes) encabezado.mes = MESES[mes[1]];
  const anio = /(?<!\d)(20\d\d)(?!\d)/.exec(propia);
  if (anio) encabezado.anio = Number(anio[1]);
  const santo = SEMANA_SANTA.find(([r]) => r.test(cabeza));
  if (santo && encabezado.dia === undefined) encabezado.pascua = santo[1];
  // "Día del Niño" is a title: "Día" needs its number.
  if (semana[1] === "dia" && encabezado.dia === undefined) return null;
  // "Domingo" alone or before its acts; longer words after a bare weekday are a sentence.
  if (encabezado.dia === undefined && encabezado.pascua === undefined && !hora && propia.split(/\s+/).length > 3)
    return null;
  return { encabezado, corte };
}

/** What a programme's header says of its dates: a year, a month, the first day ("Del 14 al 17 de agosto"). */
export interface Contexto {
  anio?: number;
  mes?: number;
  /** The first day of a range, as day and month; `solo` when the header names that one day. */
  inicio?: { dia: number; mes: number; solo: boolean };
}

/** The year, month and first day a header line gives, added to what earlier lines gave. */
export function leerContexto(linea: string, contexto: Contexto): void {
  const p = plano(linea);
  const anio = /(?<!\d)(20\d\d)(?!\d)/.exec(p);
  if (anio && contexto.anio === undefined) contexto.anio = Number(anio[1]);
  const mes = new RegExp(`(?<!\\p{L})${MES}`, "u").exec(p);
  if (!mes || contexto.mes !== undefined) return;
  contexto.mes = MESES[mes[1]];
  // The first day of "del 25 al 29 de setembre", "8, 9 y 10 de agosto", "del viernes 7 al domingo 9 de agosto".
  const antes = p.slice(Math.max(0, mes.index - 40), mes.index);
  const dia = /(?<!\d)(\d{1,2})(?!\d)(?:\s*(?:,|y|i|al|a|-|–)\s*(?:\p{L}+\s+)?\d{1,2})*\s*(?:de\s+|d')?$/u.exec(antes);
  if (dia)
    contexto.inicio = { dia: Number(dia[1]), mes: contexto.mes, solo: /^\d{1,2}\s*(?:de\s+|d')?$/u.test(dia[0]) };
}

/**
 * An act over several days ("Del 10 al 16: Exposición…", "Del 21 al 23 d'agost. Sala polivalent.
 * Exposició…"), read on its first: that day, its month if written, and the words after; null
 * for other sentences. A range without its punctuation is a header's dates.
 */
export function diasDelActo(texto: string): { dia: number; mes?: number; resto: string } | null {
  const g = new RegExp(
    `^del\\s+(\\d{1,2})\\s+al\\s+\\d{1,2}(?:\\s+(?:de\\s+|d')${MES})?(?:\\s+(?:de\\s+)?20\\d\\d)?\\s*[.:,]`,
    "u",
  ).exec(plano(texto));
  if (!g) return null;
  return { dia: Number(g[1]), mes: g[2] ? MESES[g[2]] : undefined, resto: texto.slice(g[0].length).trim() };
}

/** A line that is only a month and maybe its year ("AGOSTO 2026", "Mayo de 2026"). */
export function leerMes(linea: string): { mes: number; anio?: number } | null {
  const m = new RegExp(`^${MES}(?:\\s+(?:de\\s+)?(20\\d\\d))?\\.?$`, "u").exec(plano(linea).trim());
  return m ? { mes: MESES[m[1]], anio: m[2] ? Number(m[2]) : undefined } : null;
}

// Calendar arithmetic on days, in UTC: a day has no zone.
const utc = (d: Dia) => Date.UTC(d.year, d.month - 1, d.day);
const deUtc = (ms: number): Dia => {
  const f = new Date(ms);
  return { year: f.getUTCFullYear(), month: f.getUTCMonth() + 1, day: f.getUTCDate() };
};
export const masDias = (d: Dia, n: number): Dia => deUtc(utc(d) + n * 86_400_000);
export const antesQue = (a: Dia, b: Dia) => utc(a) < utc(b);
export const diaSemana = (d: Dia) => new Date(utc(d)).getUTCDay();

/** Easter Sunday of a year (the Gregorian computus). */
export function pascua(anio: number): Dia {
  const a = anio % 19;
  const b = Math.floor(anio / 100);
  const c = anio % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((8 * b + 13) / 25) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  return { year: anio, month: mes, day: ((h + l - 7 * m + 114) % 31) + 1 };
}

/** Digits that print or scan alike. */
const PARECIDAS: Record<string, string> = {
  "0": "869",
  "1": "74",
  "3": "58",
  "4": "1",
  "5": "36",
  "6": "58",
  "7": "1",
  "8": "360",
  "9": "0",
};

/** Day numbers one look-alike digit away from `dia`, that a month can have. */
function cifrasParecidas(dia: number): number[] {
  const s = String(dia);
  const salida: number[] = [];
  for (let i = 0; i < s.length; i++)
    for (const c of PARECIDAS[s[i]] ?? "") {
      const n = Number(s.slice(0, i) + c + s.slice(i + 1));
      if (n >= 1 && n <= 31) salida.push(n);
    }
  return salida;
}

/**
 * The day a heading means: the first on or after `desde` that fits all it says. A weekday that
 * fits no such day within two years is dropped (a misprint); a month the heading lacks comes
 * from the header (`mes`) when a day of it fits. Before the weekday is dropped, a day number
 * one digit away from what was written by a digit that looks alike (3, 5, 8; 1, 7) is tried
 * in the same month: a poster read by OCR gives "Martes 25" for "Martes 23".
 */
export function resolverDia(e: Encabezado, desde: Dia, mes?: number): Dia | null {
  if (e.pascua !== undefined) {
    const domingo = pascua(e.anio ?? desde.year);
    const dia = masDias(domingo, e.pascua);
    return e.anio === undefined && antesQue(dia, desde) ? masDias(pascua(desde.year + 1), e.pascua) : dia;
  }
  if (e.dia !== undefined && e.mes !== undefined && e.anio !== undefined) {
    return { year: e.anio, month: e.mes, day: e.dia };
  }
  const buscar = (conSemana: boolean, mesDado: number | undefined, dia = e.dia) => {
    for (let d = desde, i = 0; i < 800; d = masDias(d, 1), i++) {
      if (dia !== undefined && d.day !== dia) continue;
      if (mesDado !== undefined && d.month !== mesDado) continue;
      if (e.anio !== undefined && d.year !== e.anio) continue;
      if (conSemana && e.diaSemana !== undefined && diaSemana(d) !== e.diaSemana) continue;
      return d;
    }
    return null;
  };
  const parecido = (mesDado: number | undefined) => {
    if (e.dia === undefined || e.diaSemana === undefined || mesDado === undefined) return null;
    for (const dia of cifrasParecidas(e.dia)) {
      const d = buscar(true, mesDado, dia);
      if (d) return d;
    }
    return null;
  };
  return (
    (e.mes === undefined && mes !== undefined ? buscar(true, mes) : null) ??
    (e.mes !== undefined ? buscar(true, e.mes) : null) ??
    parecido(e.mes ?? mes) ??
    buscar(true, e.mes) ??
    buscar(false, e.mes ?? mes) ??
    buscar(false, e.mes)
  );
}
