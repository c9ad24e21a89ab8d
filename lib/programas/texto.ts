/**
 * Text helpers the programme reader shares: a lower-case, accent-free copy of a line that keeps
 * every character where it was (so a match found in it cuts the original), and sentences.
 */

/**
 * Lower case without accents, character for character: "Sábado 15" → "sabado 15", of the same
 * length, so that an index found in it is the same in the original.
 */
export function plano(texto: string): string {
  let salida = "";
  for (const c of texto) {
    const sin = c.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    salida += sin.length === c.length ? sin : c;
  }
  return salida;
}

export const MAYUSCULA_INICIAL = /^\p{Lu}/u;

/** Whether a text has letters and none of them in lower case ("VERBENA EN LA PLAZA"). */
export const enCapitales = (texto: string) => /\p{L}/u.test(texto) && !/\p{Ll}/u.test(texto);

/** Words a full stop follows without ending the sentence: "Cia.", "D.", "Ntra. Sra.", "Tel.". */
const ABREVIATURAS = new Set(
  "cia d da dna dº don sr sra sres srta ntra ntro nra sta sto excmo excma ilmo ilma tel telf avda av pza pl c n nº p ej etc".split(
    " ",
  ),
);

/**
 * A sentence so far that is only an hour ("20.00 horas", "De 10 a 14 hrs", "19.00", "11.00 a
 * 13.00"): its full stop is the unit's, or the hour's before the act ("19.00. Pavelló. Sopar").
 */
const SOLO_HORA =
  /^[^\p{L}\d]*(?:a\s+l[ae]s?\s+)?(?:de\s+)?(?:\d{1,2}(?:[:.,'’]\d{2})?(?:\s*[-–a]\s*\d{1,2}(?:[:.,'’]\d{2})?)?\s?(?:horas?|hores|hrs?|h)|\d{1,2}[:.,'’]\d{2}(?:\s*[-–a]\s*\d{1,2}[:.,'’]\d{2})?)$/iu;

export interface Frase {
  texto: string;
  /** Where it starts in the text it was cut from. */
  desde: number;
}

/**
 * The sentences of a text: cut after ". ", "! ", "? " when a capital, a digit, a quote or a
 * bullet follows (a lower-case word follows an abbreviation), and after every "; ". Never inside
 * brackets or quotes, nor after an abbreviation or an initial.
 */
export function frases(texto: string): Frase[] {
  const salida: Frase[] = [];
  let inicio = 0;
  let parentesis = 0;
  let comillas = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i];
    if (c === "(" || c === "«" || c === "“") parentesis++;
    else if ((c === ")" || c === "»" || c === "”") && parentesis > 0) parentesis--;
    else if (c === '"') comillas = !comillas;
    if (parentesis > 0 || comillas || !/[.;!?]/.test(c) || !/\s/.test(texto[i + 1] ?? "")) continue;
    const siguiente = texto.slice(i + 1).trimStart();
    if (siguiente === "") break;
    if (c !== ";") {
      if (!/^[\p{Lu}\d¡¿"«“\-–•]/u.test(siguiente)) continue;
      const palabra = /([\p{L}º]+)$/u.exec(texto.slice(inicio, i))?.[1] ?? "";
      if (c === "." && (ABREVIATURAS.has(plano(palabra)) || palabra.length === 1)) continue;
      if (c === "." && SOLO_HORA.test(texto.slice(inicio, i))) continue;
    }
    salida.push({ texto: texto.slice(inicio, i + 1).trim(), desde: inicio });
    inicio = i + 1;
    while (/\s/.test(texto[inicio] ?? "")) inicio++;
  }
  const resto = texto.slice(inicio).trim();
  if (resto) salida.push({ texto: resto, desde: inicio });
  return salida;
}

/** Words a name writes in lower case ("Virgen de la Vega", "Nadal i Reis", "Vallbona d'Anoia"). */
const PARTICULAS = new Set("a al con de del d el en i la las les l los y e".split(" "));

/** Roman numerals as titles write ordinals: XV, XXVIII (not MI, DI, which are words). */
const ROMANO = /^(?=[IVXLC]{2})(C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/;

/**
 * A name written in capitals as a name is written ("PLAZA DEL AYUNTAMIENTO" → "Plaza del
 * Ayuntamiento", "XV FERIA DEL QUESO" → "XV Feria del Queso"); other text as it is.
 */
export function comoNombre(texto: string): string {
  if (!enCapitales(texto)) return texto;
  return texto.replace(/\p{L}+/gu, (w: string, i: number) => {
    const minusculas = w.toLocaleLowerCase("es");
    if (i > 0 && PARTICULAS.has(minusculas)) return minusculas;
    return ROMANO.test(w) ? w : w[0] + minusculas.slice(1);
  });
}
