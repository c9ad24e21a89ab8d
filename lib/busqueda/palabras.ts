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
