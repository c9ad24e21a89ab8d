import { plano } from "./texto";

/**
 * The hours of a programme and the words that stand for one: "20:00 h.:", "20.00 horas", "18,00
 * h.", "12 h", "A las 17:00 horas", "De 10:00 a 14:00", "16.00h a 20.00h", "19:30-21:00 h.",
 * "17:30 h. (hasta 19:00 h.)", "a les 22 h", "a las diez y media de la noche", "a 2/4 de 7 de la
 * tarda"; "A continuación", "Tot seguit"; "Por la tarde".
 * Every pattern runs on plano's copy of the text (lower case, no accents).
 */

/** One hour: its digits, its minutes and its unit ("h", "horas", "hores"); a bare "20" is no hour. */
const HORA = String.raw`(\d{1,2})(?:[:.,'’](\d{2}))?(?!\d)(\s?(?:horas?|hores|hrs?|h)(?!\p{L})\.?)?`;

/** An act's hours at the start of a sentence: an hour, a range or an hour with its end in brackets. */
const INICIO = new RegExp(
  String.raw`^(?:(?:a partir de|a)\s+l[ae]s?\s+)?(?:de\s+)?${HORA}(?:\s*(?:-|–|a)\s*${HORA})?(?:\s*\(\s*(?:hasta|fins)(?:\s+a)?(?:\s+l[ae]s)?\s*${HORA}\s*\))?`,
  "u",
);

/** "a las 22:30 horas" inside a sentence, as prose writes an act's hour. */
const EN_PROSA = new RegExp(String.raw`(?<!\p{L})a\s+l[ae]s?\s+${HORA}`, "gu");

/** ", hasta las 05:00 h." at a sentence's end. */
const HASTA_AL_CIERRE = new RegExp(String.raw`,?\s*(?:hasta|fins)(?:\s+a)?\s+l[ae]s\s+${HORA}\s*\.?\s*$`, "u");

/** What may separate an hour from its act: "h.:", ".-", ":", "–", "·", "|", ",". */
const SEPARADOR = /^\s*(?:[.:,;·|\-–—]+\s*)*/u;

/** Hours as words say them, to the clock's: "siete" → 7, "dotze" → 12. */
const NUMEROS: Record<string, number> = {
  una: 1,
  uno: 1,
  dos: 2,
  dues: 2,
  tres: 3,
  cuatro: 4,
  quatre: 4,
  cinco: 5,
  cinc: 5,
  seis: 6,
  sis: 6,
  siete: 7,
  set: 7,
  ocho: 8,
  vuit: 8,
  nueve: 9,
  nou: 9,
  diez: 10,
  deu: 10,
  once: 11,
  onze: 11,
  doce: 12,
  dotze: 12,
};

/** One spoken hour: "7", "diez y media", "las once menos cuarto", Catalan quarters "2/4 de 7", "3/4 d'11". */
const EN_LETRA = String.raw`(?:(?:l[ae]s?)\s+)?(?:([123])\/4\s+(?:de\s+|d')(\d{1,2}|\p{L}+)|(\d{1,2}|${Object.keys(NUMEROS).join("|")})(?:\s+(?:y|i)\s+(media|mitja|cuarto|quart)|\s+(?:menos|menys)\s+(cuarto|quart))?)`;

/** The part of the day that tells a spoken hour's half of the clock. */
const PARTE = String.raw`\s+(de la manana|del mati|de la madrugada|de la matinada|del mediodia|del migdia|de la tarde|de la tarda|del vespre|de la noche|de la nit)(?!\p{L})`;

/** "a las 7 de la tarde", "De 5 a 8 de la tarda", "a 2/4 de 12 del migdia": an hour or a range and its part of the day. */
const HORA_EN_LETRA = new RegExp(
  String.raw`(?<![\p{L}\d/])(?:(a partir de|a|de)\s+)?${EN_LETRA}(?:\s+(?:a|al)\s+${EN_LETRA})?${PARTE}`,
  "gu",
);

/** The clock's "HH:MM" of a spoken hour (g from EN_LETRA's five groups) in its part of the day; "24:00" for midnight. */
function relojEnLetra(g: (string | undefined)[], parte: string): string | null {
  const [cuartos, deLa, numero, mas, menos] = g;
  const valor = (n: string) => (/^\d+$/.test(n) ? Number(n) : NUMEROS[n]);
  let h = valor(cuartos ? deLa! : numero!);
  if (h === undefined || h < 1 || h > 12) return null;
  let m = 0;
  if (cuartos) [h, m] = [h - 1 || 12, Number(cuartos) * 15];
  else if (menos) [h, m] = [h - 1 || 12, 45];
  else if (mas) m = /^(?:media|mitja)$/.test(mas) ? 30 : 15;
  if (/tard|vespre/.test(parte) || (/medio|migdia/.test(parte) && h <= 4)) h = h < 12 ? h + 12 : h;
  else if (/noche|nit/.test(parte)) h = h === 12 ? (m === 0 ? 24 : 0) : h >= 6 ? h + 12 : h;
  return reloj(String(h), String(m).padStart(2, "0"));
}

/**
 * A line with its spoken hours in the clock's digits, as the rest of the reader reads them: "A
 * las diez y media de la noche, cine" → "A las 22:30 h, cine", "De 5 a 8 de la tarda" → "De 17:00
 * a 20:00 h", "A 2/4 de 7 de la tarda" → "A las 18:30 h". Others as they are.
 */
export function horasEnCifras(linea: string): string {
  const p = plano(linea);
  let salida = "";
  let hasta = 0;
  for (const g of p.matchAll(HORA_EN_LETRA)) {
    const parte = g[12];
    const inicio = relojEnLetra(g.slice(2, 7), parte);
    const conFin = g[7] !== undefined || g[9] !== undefined;
    const fin = conFin ? relojEnLetra(g.slice(7, 12), parte) : null;
    if (!inicio || (conFin && !fin)) continue;
    const prefijo = linea.slice(g.index, g.index + (g[1]?.length ?? 0));
    const desde = prefijo === "" ? "" : `${prefijo}${/^de$/iu.test(prefijo) ? " " : " las "}`;
    salida += linea.slice(hasta, g.index) + `${desde}${inicio}${fin ? ` a ${fin}` : ""} h`;
    hasta = g.index + g[0].length;
  }
  return salida + linea.slice(hasta);
}

/** "HH:MM" of an hour's digits, or null when they are no hour of the clock (24:00 is one). */
function reloj(h: string | undefined, m: string | undefined): string | null {
  if (h === undefined) return null;
  const horas = Number(h);
  const minutos = m === undefined ? 0 : Number(m);
  if (horas > 24 || minutos > 59 || (horas === 24 && minutos > 0)) return null;
  return `${String(horas).padStart(2, "0")}:${String(minutos).padStart(2, "0")}`;
}

/** Digits are an hour when written with minutes or a unit. */
const esHora = (g: RegExpMatchArray, i: number) =>
  g[i] !== undefined && (g[i + 1] !== undefined || g[i + 2] !== undefined);

export interface HoraLeida {
  hora: string;
  fin: string | null;
  /** The text after the hours and their separator. */
  resto: string;
  /** Whether punctuation separates the hour from what follows ("20:00 h.: Pregón", not "a las 20:00 horas comenzará"). */
  separada: boolean;
}

/** The hours a sentence starts with, or null. */
export function horaInicial(texto: string): HoraLeida | null {
  const g = INICIO.exec(plano(texto));
  if (!g) return null;
  const conFin = esHora(g, 4);
  // "De 10 a 14 h": the end's unit makes the start an hour too.
  if (!esHora(g, 1) && !(g[1] !== undefined && conFin)) return null;
  const hora = reloj(g[1], g[2]);
  if (!hora) return null;
  const fin = conFin ? reloj(g[4], g[5]) : esHora(g, 7) ? reloj(g[7], g[8]) : null;
  const despues = texto.slice(g[0].length);
  const separador = SEPARADOR.exec(despues)![0];
  const resto = despues.slice(separador.length);
  // "…en la carpa, hasta las 05:00 h.": an end hour written after the act.
  const cierre = fin === null ? HASTA_AL_CIERRE.exec(plano(resto)) : null;
  const finDicho = cierre && esHora(cierre, 1) ? reloj(cierre[1], cierre[2]) : null;
  return {
    hora,
    fin: fin ?? finDicho,
    resto: finDicho ? resto.slice(0, cierre!.index) : resto,
    separada: /[^\s]/.test(separador),
  };
}

/** An act's hour at a sentence's end, after a dotted leader: "Cena (Restaurante) ........ 21:30 h". */
const GUIAS = /^(.+?)\s*(?:\.{3,}|…+)\s*([^.…]+?)\s*$/u;

/** A line with its hour after a dotted leader, rewritten with the hour first; others as they are. */
export function sinGuias(linea: string): string {
  const m = GUIAS.exec(linea);
  if (!m) return linea;
  const [, acto, final] = m;
  if (horaInicial(final)) return `${final} ${acto}`;
  if (continuacion(final)) return `${final[0].toLocaleUpperCase("es")}${final.slice(1)}, ${acto}`;
  return linea;
}

/** Future verbs and "con" that prose puts between an hour and its act: "comenzará la", "se servirá una", "con el". */
export const PROSA_INICIO =
  /^(?:(?:(?:se|lugar|previst[oa]s?|\p{L}+(?:á|án))\s+)+(?:con\s+)?|con\s+)(?:(?:el|la|los|las|un|una|unos|unas)\s+)?/iu;

/**
 * The hours written inside a sentence ("… comenzará a las 12:00 horas con la misa…, y a las 18:00
 * horas tendrá lugar…") where prose gives an act: after a comma, an "y"/"i" or a verb in the
 * future ("arrancarán", "empezará"), or before one ("El domingo a las 12 h se celebrará…"). Not
 * "Autobús desde la plaza a las 10:30 h.", a note after an act; `alFinal` also takes an hour
 * that ends the sentence, as an act's own sentence may write it ("Verbena con la orquesta X a
 * las 23:30 h.").
 */
export function horasEnProsa(texto: string, alFinal = false): { desde: number; hasta: number; hora: string }[] {
  const salida: { desde: number; hasta: number; hora: string }[] = [];
  for (const g of plano(texto).matchAll(EN_PROSA)) {
    if (!esHora(g, 1)) continue;
    const hora = reloj(g[1], g[2]);
    const antes = texto.slice(0, g.index).trimEnd();
    const despues = texto.slice(g.index + g[0].length).trim();
    const alCierre = alFinal && /^[.;!)]*$/u.test(despues);
    const prosa = antes === "" || /(?:,|\by|\bi|\p{L}(?:á|án))$/u.test(antes) || PROSA_INICIO.test(despues);
    if (!hora || !(alCierre || prosa)) continue;
    salida.push({ desde: g.index, hasta: g.index + g[0].length, hora });
  }
  return salida;
}

/**
 * Words that place an act right after the one before, without an hour of its own: "A
 * continuación", "Seguidamente", "Seguido (hasta 05:00 h.)", "Después (de la misa)", "Al
 * terminar", "Tot seguit".
 */
const CONTINUACION = new RegExp(
  String.raw`^(?:a continuacion|a continuacio|seguidamente|seguidament|seguido|acto seguido|tot seguit|al terminar|al finalizar|en acabar|(?:despues|despres)(?:\s+d[e'][^,:.]{0,25}(?=,))?)(?!\p{L})(?:\s*\(\s*(?:hasta|fins)(?:\s+a)?(?:\s+l[ae]s)?\s*${HORA}\s*\))?`,
  "u",
);

/** An act introduced as following the one before, with its text and its end hour if written. */
export function continuacion(texto: string): { resto: string; fin: string | null } | null {
  const g = CONTINUACION.exec(plano(texto));
  if (!g) return null;
  const despues = texto.slice(g[0].length);
  const separador = SEPARADOR.exec(despues)![0];
  const resto = despues.slice(separador.length);
  // "Después" needs its comma or colon: "Después de comer…" may be an act's own words.
  if (!/[^\s]/.test(separador) && resto !== "" && g[0].startsWith("despu")) return null;
  return { resto, fin: esHora(g, 1) ? reloj(g[1], g[2]) : null };
}

/** Words that give an act a part of the day rather than an hour: "Durante todo el día", "Por la tarde". */
const PARTE_DEL_DIA =
  /^(?:(?:durante\s+)?tod[oa] (?:el dia|la manana|la tarde|la noche)|durante la (?:manana|tarde|noche)|por la (?:manana|tarde|noche)|(?:durant\s+)?tot el dia|(?:durant\s+)?tota la (?:tarda|nit)|al mati|a la tarda|per la tarda|a la nit)(?!\p{L})/u;

/** An act for a part of the day, with its text; null for other sentences. */
export function parteDelDia(texto: string): string | null {
  const g = PARTE_DEL_DIA.exec(plano(texto));
  if (!g) return null;
  const despues = texto.slice(g[0].length);
  return despues.slice(SEPARADOR.exec(despues)![0].length);
}

/** Minutes since midnight of "HH:MM". */
export const minutos = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));
