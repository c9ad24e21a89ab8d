/**
 * Words as search compares them, the same in the browser, in the app's in-process index and in
 * PostgreSQL: a text's words are its runs of letters and digits once accents and case are gone
 * (planazo_normaliza), and each word counts by its Spanish stem, so "conciertos" finds
 * "Concierto" — exactly the stem PostgreSQL's `spanish_stem` dictionary gives, with its stop
 * words left out. Typos are forgiven by edit distance (planazo_distancia_edicion is its twin).
 * lib/busqueda/palabras.test.ts proves each function equal to PostgreSQL's on a real vocabulary.
 * No server imports: the browser uses it to highlight the words a search matched.
 */

/**
 * What PostgreSQL's unaccent (unaccent.rules as PostgreSQL 15 ships it) makes of the characters
 * that the fallback below would get wrong, by what it makes of them: letters with a stroke or a
 * hook, ligatures, small capitals, symbols spelt out. The key is the rule's own replacement
 * (lower case; only its letters and digits survive normalizar). " ": symbols without a rule
 * whose compatibility decomposition would invent letters ("™", "Å" the ångström sign, "㎡").
 * Found by comparing planazo_normaliza('x' || chr(c) || 'x') with the fallback for every code
 * point; palabras.test.ts repeats the comparison for the BMP and the enclosed letters.
 */
const REGLAS_UNACCENT: Record<string, string> = {
  "'n": "ŉ",
  "(c)": "©",
  "(p)": "℗",
  "(r)": "®",
  "0": "〇",
  "1/2": "½",
  "1/4": "¼",
  "3/4": "¾",
  a: "Ⱥᴀᶏẚⱥ",
  aa: "Ꜳꜳ",
  ae: "Ææᴁ",
  ao: "Ꜵꜵ",
  au: "Ꜷꜷ",
  av: "ꜸꜹꜺꜻ",
  ay: "Ꜽꜽ",
  b: "ƀƁƂƃɃɓʙᴃᵬᶀ",
  c: "ƇƈȻȼɕᴄꞒꞓ",
  ce: "₠",
  cr: "₢",
  d: "ÐðĐđƉƊƋƌȡɖɗᴅᴆᵭᶁᶑꝱꝹꝺ",
  db: "ȸ",
  dz: "ǄǅǆǱǲǳʣʥ",
  e: "ƐɆɇɛᴇᶒᶓⱸ",
  f: "ƑƒᵮᶂꜰꝻꝼ",
  "fr.": "₣",
  g: "ƓǤǥɠɡɢʛᶃꞠꞡ",
  h: "ĦħɦɧʜⱧⱨꞪ",
  hv: "ƕ",
  i: "ıƖƗɨɪᵻᶖ",
  ij: "Ĳĳ",
  j: "ȷɈɉɟʝᴊ",
  k: "ƘƙᴋᶄⱩⱪꝀꝁꝂꝃꝄꝅꞢꞣ",
  l: "ĿŀŁłƚȴȽɫɬɭʟᴌᶅⱠⱡⱢꝆꝇꝈꝉꝲ",
  "l.": "₤",
  lj: "Ǉǈǉ",
  ll: "Ỻỻ",
  ls: "ʪ",
  lz: "ʫ",
  m: "ɱᴍᵯᶆⱮꝳ",
  n: "ŊŋƝƞȵɲɳɴᵰᶇꝴꞐꞑꞤꞥ",
  nj: "Ǌǋǌ",
  o: "ØøᴏⱺꝊꝋꝌꝍ",
  oe: "Œœɶ",
  oi: "Ƣƣ",
  oo: "Ꝏꝏ",
  p: "Ƥƥᴘᵱᵽᶈ℘ⱣꝐꝑꝒꝓꝔꝕ",
  pts: "₧",
  q: "ĸʠꝖꝗꝘꝙ",
  qp: "ȹ",
  r: "ɌɍɼɽɾʀᵲᵳᶉⱤꝵꝶꞦꞧ",
  rs: "₹",
  rx: "℞",
  s: "ſȿʂᵴᶊẜẝⱾꜱꞨꞩ",
  ss: "ßẞ",
  t: "ŦŧƫƬƭƮȶȾʈᴛᵵⱦꝷꞆꞇ",
  th: "ÞþᵺꝤꝥꝦꝧ",
  tl: "₺",
  ts: "ʦ",
  u: "Ʉʉᴜᵾᶙ",
  ue: "ᵫ",
  v: "ƲʋᴠᶌỼỽⱱⱴꝞꝟ",
  vy: "Ꝡꝡ",
  w: "ᴡⱲⱳ",
  x: "ᶍℌ",
  y: "ƳƴɎɏʏỾỿ",
  z: "ƵƶȤȥɀʐʑᴢᵶᶎⱫⱬⱿ",
  " ": "℠™Å㍸㍹㎂㎌㎍㎕㎖㎗㎘㎛㎟㎠㎡㎢㎣㎤㎥㎦㎨㎯㎲㎶㎼㏀㏁",
};

const POR_CARACTER = new Map<string, string>();
for (const [por, caracteres] of Object.entries(REGLAS_UNACCENT)) {
  for (const c of caracteres) POR_CARACTER.set(c, por);
}

/**
 * The fallback agrees with unaccent on every other character: a precomposed letter ("á", "ñ",
 * "ç", "ü") decomposes into its base and marks, and unaccent deletes exactly these marks (the
 * combining diacritics up to U+0362 and four enclosing ones). In these blocks unaccent spells
 * characters out as their compatibility decomposition does (letterlike symbols and Roman
 * numerals, "⒜", "㎏", "ﬁ", full-width forms, "🄐"); elsewhere only the canonical one applies,
 * so "ª" and "º" stay symbols ("1ª" → "1"), as in PostgreSQL.
 */
const MARCAS_QUE_BORRA = /[\u0300-\u0362\u20dd-\u20e0\u20e2-\u20e4]/g;
const BLOQUES_COMPATIBLES: readonly (readonly [number, number])[] = [
  [0x2100, 0x218f],
  [0x2474, 0x24b5],
  [0x3371, 0x33df],
  [0xfb00, 0xfb06],
  [0xff01, 0xff5e],
  [0x1f100, 0x1f129],
];

function sinAcento(c: string): string {
  let hecho = POR_CARACTER.get(c);
  if (hecho !== undefined) return hecho;
  const cp = c.codePointAt(0)!;
  const forma = BLOQUES_COMPATIBLES.some(([desde, hasta]) => cp >= desde && cp <= hasta) ? "NFKD" : "NFD";
  hecho = c.normalize(forma).replace(MARCAS_QUE_BORRA, "");
  // Remembered: a text repeats its few accented letters; the bound keeps odd input from growing it.
  if (POR_CARACTER.size < 4096) POR_CARACTER.set(c, hecho);
  return hecho;
}

/**
 * planazo_normaliza in JavaScript: unaccent, lower case, every run of anything but a-z and 0-9
 * to one space, trimmed. unaccent works character by character (all its rules have one
 * character), then lower() (glibc's, locale C.UTF-8), so only the characters outside ASCII
 * need a look.
 */
export function normalizar(texto: string): string {
  return texto
    .replace(/[^\x00-\x7f]/gu, sinAcento)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** A text's words as normalizar leaves them, in order. */
export function tokens(texto: string): string[] {
  const n = normalizar(texto);
  return n === "" ? [] : n.split(" ");
}

/**
 * PostgreSQL's spanish.stop (Snowball's Spanish stop list, as PostgreSQL ships it in
 * tsearch_data), word for word, typos ("vosostros") and accents included. ts_lexize compares a
 * token with the list as it is, and tokens carry no accents, so "esta" is a stop word and "más"
 * (token "mas") is not: the list is deliberately not normalised.
 */
export const PALABRAS_VACIAS: ReadonlySet<string> = new Set(
  `
de la que el en y a los del se las por un para con no una su al lo como más pero sus le ya o este sí porque
esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno les ni
contra otros ese eso ante ellos e esto mí antes algunos qué unos yo otro otras otra él tanto esa estos mucho
quienes nada muchos cual poco ella estar estas algunas algo nosotros mi mis tú te ti tu tus ellas nosotras
vosostros vosostras os mío mía míos mías tuyo tuya tuyos tuyas suyo suya suyos suyas nuestro nuestra
nuestros nuestras vuestro vuestra vuestros vuestras esos esas estoy estás está estamos estáis están esté
estés estemos estéis estén estaré estarás estará estaremos estaréis estarán estaría estarías estaríamos
estaríais estarían estaba estabas estábamos estabais estaban estuve estuviste estuvo estuvimos estuvisteis
estuvieron estuviera estuvieras estuviéramos estuvierais estuvieran estuviese estuvieses estuviésemos
estuvieseis estuviesen estando estado estada estados estadas estad he has ha hemos habéis han haya hayas
hayamos hayáis hayan habré habrás habrá habremos habréis habrán habría habrías habríamos habríais habrían
había habías habíamos habíais habían hube hubiste hubo hubimos hubisteis hubieron hubiera hubieras
hubiéramos hubierais hubieran hubiese hubieses hubiésemos hubieseis hubiesen habiendo habido habida habidos
habidas soy eres es somos sois son sea seas seamos seáis sean seré serás será seremos seréis serán sería
serías seríamos seríais serían era eras éramos erais eran fui fuiste fue fuimos fuisteis fueron fuera fueras
fuéramos fuerais fueran fuese fueses fuésemos fueseis fuesen sintiendo sentido sentida sentidos sentidas
siente sentid tengo tienes tiene tenemos tenéis tienen tenga tengas tengamos tengáis tengan tendré tendrás
tendrá tendremos tendréis tendrán tendría tendrías tendríamos tendríais tendrían tenía tenías teníamos
teníais tenían tuve tuviste tuvo tuvimos tuvisteis tuvieron tuviera tuvieras tuviéramos tuvierais tuvieran
tuviese tuvieses tuviésemos tuvieseis tuviesen teniendo tenido tenida tenidos tenidas tened
`
    .split(/\s+/)
    .filter(Boolean),
);

// ───────────── Snowball's Spanish stemmer (spanish.sbl, unchanged from Snowball 2.0 to 2.2) ─────────────
// PostgreSQL runs the C that Snowball generates from it, which counts UTF-8 bytes where this
// counts UTF-16 code units. Both grow along the word, so every comparison of a position with a
// region's start agrees; the one change that shortens a word before such a start (an accent
// dropped with an attached pronoun, "dándo|selo") is always followed by verb_suffix removing
// that whole ending, so it never reaches a later comparison.

const VOCALES = "aeiouáéíóúü";
const esVocal = (s: string, i: number) => i < s.length && VOCALES.includes(s[i]);
/** Code units of the character at i (a character outside the BMP is two). */
const ancho = (s: string, i: number) => {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
};

/** The UTF-8 bytes of s. */
function bytesUtf8(s: string): number {
  let n = s.length;
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c >= 0x80) n += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2;
  }
  return n;
}

/** `gopast v`: just past the next vowel from i, or -1. */
function pasaVocal(s: string, i: number): number {
  for (; i < s.length; i += ancho(s, i)) if (esVocal(s, i)) return i + 1;
  return -1;
}

/** `gopast non-v`: just past the next non-vowel from i, or -1. */
function pasaConsonante(s: string, i: number): number {
  for (; i < s.length; i++) if (!esVocal(s, i)) return i + ancho(s, i);
  return -1;
}

/**
 * Where RV starts: after the next vowel when the second letter is a consonant, after the next
 * consonant when the first two are vowels, after the third letter when a consonant is followed
 * by a vowel; null when there is no such place (RV is then empty).
 */
function inicioRV(s: string): number | null {
  if (s.length === 0) return null;
  if (esVocal(s, 0)) {
    if (s.length > 1 && !esVocal(s, 1)) {
      const j = pasaVocal(s, 1 + ancho(s, 1));
      return j >= 0 ? j : null;
    }
    const j = esVocal(s, 1) ? pasaConsonante(s, 2) : -1;
    return j >= 0 ? j : null;
  }
  const i = ancho(s, 0);
  if (i < s.length && !esVocal(s, i)) {
    const j = pasaVocal(s, i + ancho(s, i));
    if (j >= 0) return j;
  }
  if (esVocal(s, i) && i + 1 < s.length) return i + 1 + ancho(s, i + 1);
  return null;
}

/** Longest first, as Snowball's `among` picks. */
const porLongitud = (lista: string) => lista.split(" ").sort((a, b) => b.length - a.length);

const PRONOMBRES = porLongitud("me se sela selo selas selos la le lo las les los nos");
const ANTES_DE_PRONOMBRE = porLongitud("iéndo ándo ár ér ír ando iendo ar er ir yendo");
const ESTANDAR = porLongitud(
  "anza anzas ico ica icos icas ismo ismos able ables ible ibles ista istas oso osa osos osas amiento amientos " +
    "imiento imientos adora ador ación adoras adores aciones ante antes ancia ancias logía logías ución uciones " +
    "encia encias amente mente idad idades iva ivo ivas ivos",
);
const Y_VERBO = porLongitud("ya ye yan yen yeron yendo yo yó yas yes yais yamos");
const VERBO_GU = new Set(["en", "es", "éis", "emos"]);
const VERBO = porLongitud(
  "en es éis emos arían arías arán arás aríais aría aréis aríamos aremos ará aré erían erías erán erás eríais " +
    "ería eréis eríamos eremos erá eré irían irías irán irás iríais iría iréis iríamos iremos irá iré aba ada ida " +
    "ía ara iera ad ed id ase iese aste iste an aban ían aran ieran asen iesen aron ieron ado ido ando iendo ió ar " +
    "er ir as abas adas idas ías aras ieras ases ieses ís áis abais íais arais ierais aseis ieseis asteis isteis " +
    "ados idos amos ábamos íamos imos áramos iéramos iésemos ásemos",
);
const RESIDUAL = porLongitud("os a o á í ó e é");
const SIN_TILDE: Record<string, string> = { á: "a", é: "e", í: "i", ó: "o", ú: "u" };

/** The longest of `lista` that ends s and starts at `limite` or later, or null. */
function sufijo(s: string, lista: readonly string[], limite = 0): string | null {
  for (const x of lista) if (s.endsWith(x) && s.length - x.length >= limite) return x;
  return null;
}

interface Regiones {
  rv: number;
  r1: number;
  r2: number;
}

function pronombre(s: string, { rv }: Regiones): string {
  const p = sufijo(s, PRONOMBRES);
  if (!p) return s;
  const sin = s.slice(0, s.length - p.length);
  const t = sufijo(sin, ANTES_DE_PRONOMBRE);
  if (!t) return s;
  const e = sin.length - t.length;
  if (e < rv) return s;
  if (t === "yendo") return e > 0 && s[e - 1] === "u" ? sin : s;
  return /[áéí]/.test(t) ? s.slice(0, e) + t.replace(/[áéí]/, (c) => SIN_TILDE[c]) : sin;
}

function estandar(s: string, { r1, r2 }: Regiones): string | null {
  const x = sufijo(s, ESTANDAR);
  if (!x) return null;
  const i = s.length - x.length;
  if (x === "amente") {
    if (i < r1) return null;
  } else if (i < r2) return null;
  let r = s.slice(0, i);
  const quita = (fin: string) => {
    if (r.endsWith(fin) && r.length - fin.length >= r2) {
      r = r.slice(0, r.length - fin.length);
      return true;
    }
    return false;
  };
  switch (x) {
    case "adora":
    case "ador":
    case "ación":
    case "adoras":
    case "adores":
    case "aciones":
    case "ante":
    case "antes":
    case "ancia":
    case "ancias":
      quita("ic");
      return r;
    case "logía":
    case "logías":
      return r + "log";
    case "ución":
    case "uciones":
      return r + "u";
    case "encia":
    case "encias":
      return r + "ente";
    case "amente": {
      const y = sufijo(r, ["iv", "os", "ic", "ad"]);
      if (y && quita(y) && y === "iv") quita("at");
      return r;
    }
    case "mente": {
      const y = sufijo(r, ["ante", "able", "ible"]);
      if (y) quita(y);
      return r;
    }
    case "idad":
    case "idades": {
      const y = sufijo(r, ["abil", "ic", "iv"]);
      if (y) quita(y);
      return r;
    }
    case "iva":
    case "ivo":
    case "ivas":
    case "ivos":
      quita("at");
      return r;
    default:
      return r;
  }
}

function verboY(s: string, { rv }: Regiones): string | null {
  if (s.length < rv) return null;
  const x = sufijo(s, Y_VERBO, rv);
  if (!x) return null;
  const i = s.length - x.length;
  return i > 0 && s[i - 1] === "u" ? s.slice(0, i) : null;
}

function verbo(s: string, { rv }: Regiones): string | null {
  if (s.length < rv) return null;
  const x = sufijo(s, VERBO, rv);
  if (!x) return null;
  let i = s.length - x.length;
  if (VERBO_GU.has(x) && i >= 2 && s[i - 1] === "u" && s[i - 2] === "g") i--;
  return s.slice(0, i);
}

function residual(s: string, { rv }: Regiones): string {
  const x = sufijo(s, RESIDUAL);
  if (!x || s.length - x.length < rv) return s;
  const r = s.slice(0, s.length - x.length);
  if ((x === "e" || x === "é") && r.endsWith("gu") && r.length - 1 >= rv) return r.slice(0, -1);
  return r;
}

/**
 * A token's Spanish stem, as `ts_lexize('spanish_stem', token)` gives it when the token is not
 * a stop word (see terminos). Like PostgreSQL, a token over 1000 bytes is left as it is.
 */
export function raiz(token: string): string {
  if (bytesUtf8(token) > 1000) return token;
  const n = token.length;
  const rv = inicioRV(token);
  const v1 = pasaVocal(token, 0);
  const r1 = v1 < 0 ? -1 : pasaConsonante(token, v1);
  const v2 = r1 < 0 ? -1 : pasaVocal(token, r1);
  const r2 = v2 < 0 ? -1 : pasaConsonante(token, v2);
  const regiones: Regiones = { rv: rv ?? n, r1: r1 < 0 ? n : r1, r2: r2 < 0 ? n : r2 };
  let s = pronombre(token, regiones);
  s = estandar(s, regiones) ?? verboY(s, regiones) ?? verbo(s, regiones) ?? s;
  s = residual(s, regiones).replace(/[áéíóú]/g, (c) => SIN_TILDE[c]);
  // PostgreSQL keeps the word when the stemmer leaves nothing (Spanish never does).
  return s || token;
}

/** What a text contributes to search: its tokens in order, stop words left out, each as its stem. */
export function terminos(texto: string): string[] {
  const salida: string[] = [];
  for (const t of tokens(texto)) if (!PALABRAS_VACIAS.has(t)) salida.push(raiz(t));
  return salida;
}

// ─────────────────────────── Typos ───────────────────────────

const CON_PARES = /[\ud800-\udfff]/;

/** Three rows of the table, reused by every call (grown when a word is longer than any before). */
let celdas = new Int32Array(3 * 32);

/**
 * The optimal string alignment distance between a and b (Levenshtein's insertions, deletions
 * and substitutions, plus a swap of two neighbouring letters as one edit: "cocnierto" is one
 * from "concierto"), or tope + 1 as soon as it is sure to exceed tope. Counts characters, as
 * planazo_distancia_edicion does in PostgreSQL.
 */
export function distanciaEdicion(a: string, b: string, tope: number): number {
  // A character outside the BMP is two code units here and one character in PostgreSQL.
  if (CON_PARES.test(a) || CON_PARES.test(b)) return osa(Array.from(a), Array.from(b), tope);
  return osa(a, b, tope);
}

function osa(a: ArrayLike<string>, b: ArrayLike<string>, tope: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > tope) return tope + 1;
  if (la === 0 || lb === 0) return Math.max(la, lb);
  const ancho = lb + 1;
  if (celdas.length < 3 * ancho) celdas = new Int32Array(6 * ancho);
  // Offsets of rows i - 2, i - 1 and i.
  let antepenultima = 0;
  let penultima = ancho;
  let fila = 2 * ancho;
  for (let j = 0; j <= lb; j++) celdas[penultima + j] = j;
  for (let i = 1; i <= la; i++) {
    const ai = a[i - 1];
    celdas[fila] = i;
    let minimo = i;
    for (let j = 1; j <= lb; j++) {
      const bj = b[j - 1];
      let v = Math.min(
        celdas[penultima + j] + 1,
        celdas[fila + j - 1] + 1,
        celdas[penultima + j - 1] + (ai === bj ? 0 : 1),
      );
      if (i > 1 && j > 1 && ai === b[j - 2] && a[i - 2] === bj) v = Math.min(v, celdas[antepenultima + j - 2] + 1);
      celdas[fila + j] = v;
      if (v < minimo) minimo = v;
    }
    // No later row holds less than this row's least (a swap reaches back two rows, but never
    // below what the row between already holds), so the distance is past tope.
    if (minimo > tope) return tope + 1;
    const libre = antepenultima;
    antepenultima = penultima;
    penultima = fila;
    fila = libre;
  }
  return Math.min(celdas[penultima + lb], tope + 1);
}

/**
 * A word's letters as a set of 31 bits (each character's code point modulo 31): a cheap test that rules
 * out most words before their distance is computed. An edit changes the set by at most two
 * letters (a substitution takes one away and brings another), a swap by none, so words within
 * `tope` edits differ in at most 2 × tope bits (`lejosDeLetras`).
 */
export function firmaLetras(palabra: string): number {
  let firma = 0;
  for (const letra of palabra) firma |= 1 << (letra.codePointAt(0)! % 31);
  return firma;
}

/** Whether words of these signatures are surely more than `tope` edits apart. */
export function lejosDeLetras(a: number, b: number, tope: number): boolean {
  let x = a ^ b;
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24 > 2 * tope;
}

/**
 * How many typos a typed word forgives, by its length (Meilisearch's defaults): none under 5
 * letters, where one edit already makes another word ("gato", "pato"), one up to 8, two from 9.
 * The word as typed once normalised (a token), not its stem.
 */
export function erroresPermitidos(palabra: string): number {
  return palabra.length < 5 ? 0 : palabra.length < 9 ? 1 : 2;
}
