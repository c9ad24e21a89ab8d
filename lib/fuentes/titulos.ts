import type { Lugar } from "./tipos";

/**
 * An imported item's title as a plan shows it, written as a person would type it:
 * - quotes that wrap the whole title go ("«Concierto»" → Concierto);
 * - a title in capitals (or a leading part in capitals before ". " or ": ") becomes sentence
 *   case, keeping Roman numerals (XV), acronyms (DJ, CEIP) and the words the item's description
 *   or place writes with a capital ("XV MERCADO DE LA FLOR DE BOÑAR" → "XV Mercado de la Flor de
 *   Boñar" when the description says "Mercado de la Flor" and the place is Boñar);
 * mapeo.ts then shortens it to the spec's 50 characters (acortarTitulo), never inside an open
 * bracket or quote (sinAbrir). A pure function of the item: the same item always gives the same title, so a sync writes a
 * plan again only when the rule itself changes.
 */
export function tituloImportado(titulo: string, contexto: { descripcion?: string; lugar?: Lugar | null } = {}): string {
  const sinComillas = quitarComillas(titulo.replace(/\s+/g, " ").trim());
  return enMinusculas(sinComillas, palabrasDelContexto(contexto));
}

/** Opening and closing quotes that may wrap a title. */
const PARES: Record<string, string> = { "«": "»", '"': '"', "“": "”", "„": "“", "'": "'", "‘": "’", "‹": "›" };

/** Quotes around the whole title go, as often as they wrap it ("«“Irati”»"); quotes inside it stay. */
export function quitarComillas(titulo: string): string {
  let t = titulo;
  for (;;) {
    const cierre = PARES[t[0]];
    if (!cierre || t.length < 3 || !t.endsWith(cierre)) return t;
    const dentro = t.slice(1, -1);
    // '"A" y "B"' is not one quotation: the closing quote appears inside.
    if (dentro.includes(cierre) || (cierre !== t[0] && dentro.includes(t[0]))) return t;
    t = dentro.trim();
  }
}

const LETRA = /\p{L}/u;
const MAYUSCULA = /\p{Lu}/u;
const MINUSCULA = /\p{Ll}/u;
/** A word: letters, with the apostrophes and digits written inside it ("D'ES", "3D"). */
const PALABRA = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const normal = (p: string) => p.toLocaleLowerCase("es");

/** Roman numerals as titles write ordinals and centuries: II, IV, XV, XXV, XIX, LX (not MI, DI, which are words). */
const ROMANO = /^(?=[IVXLC])(C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/;

/** Acronyms that have vowels, so that they cannot be told from a word by their letters alone. */
const SIGLAS = new Set([
  "CEIP",
  "IES",
  "CEO",
  "ONCE",
  "UNED",
  "AMPA",
  "AFA",
  "ONG",
  "UE",
  "EU",
  "ESO",
  "FP",
  "IA",
  "ADIF",
  "RENFE",
  "SEPE",
  "CEAS",
  "CIA",
]);

/** Words sentence case writes in lower case even where a name has them ("Vilanova i la Geltrú", "La Robla"). */
const PARTICULAS = new Set("a al con de del el en i la las le les lo los o para per por sin u y e d l".split(" "));

const enCapitales = (p: string) => [...p].some((c) => LETRA.test(c)) && !MINUSCULA.test(p);

/**
 * Whether text is written in capitals: all its words but a few particles ("de", "y"), out of
 * brackets ("… LEÓN (Sabero, León). EXPOSICIONES …" is; "'Awe' (PÁRAMO NEGRO)" is not, its
 * capitals being a company's name).
 */
function enMayusculas(texto: string): boolean {
  const palabras = [...texto.replace(/\([^)]*\)|\[[^\]]*\]/g, " ").matchAll(PALABRA)]
    .map((m) => m[0])
    .filter((p) => /\p{L}/u.test(p));
  const mayusculas = palabras.filter(enCapitales);
  if (mayusculas.join("").length < 4) return false;
  return palabras.every((p) => enCapitales(p) || PARTICULAS.has(normal(p)));
}

/**
 * The words the item's own text writes with a capital (not only because a sentence starts with
 * them), and those it writes in capitals (its acronyms), by their lower-case form: a description
 * that is itself written in capitals says nothing of its words' case.
 */
function palabrasDelContexto({ descripcion, lugar }: { descripcion?: string; lugar?: Lugar | null }) {
  const formas = new Map<string, string>();
  const leer = (texto: string | null | undefined, todas: boolean) => {
    if (!texto || enMayusculas(texto)) return;
    for (const m of texto.matchAll(PALABRA)) {
      const p = m[0];
      if (!MAYUSCULA.test(p[0])) continue;
      // A sentence's first word is capital whatever it is; a place's words are names.
      if (!todas && /(^|[.!?¡¿:\n#*>«"“(\-–])[\s*_]*$/u.test(texto.slice(0, m.index))) continue;
      const siglas = p.length > 1 && [...p].every((c) => !MINUSCULA.test(c));
      const clave = normal(p);
      if (!formas.has(clave) || siglas) formas.set(clave, p);
    }
  };
  leer(descripcion, false);
  for (const t of [lugar?.municipio, lugar?.texto, lugar?.direccion, lugar?.provincia]) leer(t, true);
  return formas;
}

/** A word of a title in capitals, as sentence case writes it. */
function palabraEnMinusculas(p: string, formas: Map<string, string>): string {
  // A word written in lower or mixed case is as its author wrote it (a place in brackets).
  if (!enCapitales(p) || ROMANO.test(p)) return p;
  if (/\p{N}/u.test(p)) return p;
  if (SIGLAS.has(p)) return p;
  // No vowel: an acronym (DJ, BTT, PP).
  if (p.length > 1 && !/[AEIOUÁÉÍÓÚÀÈÌÒÙÜÏY]/u.test(p)) return p;
  const conocida = PARTICULAS.has(normal(p)) ? undefined : formas.get(normal(p));
  if (conocida) return conocida;
  return normal(p);
}

/**
 * The first letter of text in capitals, past any opening quote or bracket; after an ordinal
 * written in Roman numerals, the word it numbers too ("XV Mercado…", "II Ruta…").
 */
function conMayuscula(t: string): string {
  const arriba = (s: string) =>
    s.replace(/^([^\p{L}\p{N}]*)(\p{L})/u, (_, a: string, l: string) => a + l.toLocaleUpperCase("es"));
  const ordinal = /^([^\p{L}\p{N}]*)([IVXLC]+)(\s+)/u.exec(t);
  if (ordinal && ROMANO.test(ordinal[2])) return ordinal[0] + arriba(t.slice(ordinal[0].length));
  return arriba(t);
}

/**
 * Sentence case for a title in capitals, or for its leading part in capitals ("CICLO PREPARANDO
 * HALLOWEEN. Laboratorio infantil…"); a title written in mixed case is left as it is, names in
 * capitals included ("'Raíces' (FETÉN FETÉN)").
 */
export function enMinusculas(titulo: string, formas: Map<string, string> = new Map()): string {
  const convertir = (parte: string) =>
    conMayuscula(parte.replace(PALABRA, (p) => palabraEnMinusculas(p, formas)))
      // A new sentence starts after a full stop.
      .replace(/([.!?]\s+)(\p{Ll})/gu, (_, a: string, l: string) => a + l.toLocaleUpperCase("es"));
  if (enMayusculas(titulo)) return convertir(titulo);
  const corte = /^(.+?[.:])\s/u.exec(titulo);
  if (corte && enMayusculas(corte[1]) && corte[1].split(/\s+/).length >= 2) {
    return convertir(corte[1]) + titulo.slice(corte[1].length);
  }
  return titulo;
}

/** Brackets and quotes a shortened title must not leave open. */
const ABREN: Record<string, string> = { "(": ")", "[": "]", "«": "»", "“": "”", "¿": "?", "¡": "!" };
const IGUALES = ['"', "'"];

/** Where the first bracket or quote that `texto` leaves open starts, or -1. */
function primeraAbierta(texto: string): number {
  const pila: { c: string; i: number }[] = [];
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i];
    const arriba = pila.at(-1);
    if (arriba && (ABREN[arriba.c] === c || (IGUALES.includes(c) && arriba.c === c))) pila.pop();
    else if (ABREN[c]) pila.push({ c, i });
    // A straight quote opens only at a word's start (not the apostrophe of "d'havaneres").
    else if (IGUALES.includes(c) && (i === 0 || /[\s(«“[]/.test(texto[i - 1]))) pila.push({ c, i });
  }
  return pila[0]?.i ?? -1;
}

/**
 * A shortened text without the brackets and quotes it leaves open: an opening quote that starts
 * it goes alone (the quotation's end was cut), one further on goes with what follows it
 * ("Concierto (Ciclo de" → "Concierto ").
 */
export function sinAbrir(corte: string): string {
  let t = corte;
  for (let abierta = primeraAbierta(t); abierta >= 0; abierta = primeraAbierta(t)) {
    t = abierta === 0 ? t.slice(1) : t.slice(0, abierta);
  }
  return t;
}
