/**
 * A printed page's text in reading order, from pieces of text and where they sit (a PDF's text
 * items, or the words an OCR found): a programme laid out in two or three columns is read column
 * by column, and a heading across the columns (the title, a day over both) between them. The
 * order in which a file stores its pieces is never trusted: a layout program may write a page row
 * by row across its columns.
 */

/** A piece of text: its left edge, its baseline from the page's top, its width and its font size. */
export interface Trozo {
  texto: string;
  x: number;
  y: number;
  ancho: number;
  alto: number;
}

/** Gutters narrower than this share of the font size are spaces between words, not columns. */
const CALLE_MINIMA = 1.2;

/**
 * Where the widest gutter is, if the pieces make columns: a run of x that no piece crosses but
 * a few headings across the page (a tenth of the lines at most), wider than a space between
 * words, in the middle three fifths of the text, with a fifth of the lines on each side.
 */
function calle(trozos: Trozo[], esColumna: (lineas: string[]) => boolean): number | null {
  if (trozos.length < 4) return null;
  const izquierda = Math.floor(Math.min(...trozos.map((t) => t.x)));
  const derecha = Math.ceil(Math.max(...trozos.map((t) => t.x + t.ancho)));
  const ancho = derecha - izquierda;
  if (ancho <= 0) return null;
  const alto = mediana(trozos.map((t) => t.alto));
  // How many pieces cover each unit of x (a difference array, then its running sum).
  const cambios = new Int32Array(ancho + 2);
  for (const t of trozos) {
    // A line across most of the page (a title, a paragraph over the columns) says nothing of them.
    if (t.ancho > ancho * 0.55) continue;
    cambios[Math.max(0, Math.floor(t.x - izquierda))]++;
    cambios[Math.min(ancho + 1, Math.ceil(t.x + t.ancho - izquierda))]--;
  }
  const permitidos = Math.max(1, Math.floor(lineas(trozos).length * 0.1));
  let mejor: { x: number; ancho: number; cruces: number } | null = null;
  let desde = -1;
  let cruces = 0;
  let cubre = 0;
  for (let i = 0; i <= ancho + 1; i++) {
    cubre += cambios[i] ?? 0;
    const libre = i <= ancho && cubre <= permitidos && i > ancho * 0.2 && i < ancho * 0.8;
    if (libre) {
      if (desde < 0) [desde, cruces] = [i, cubre];
      cruces = Math.max(cruces, cubre);
      continue;
    }
    if (desde >= 0 && i - desde >= CALLE_MINIMA * alto) {
      const candidata = { x: izquierda + (desde + i) / 2, ancho: i - desde, cruces };
      if (
        !mejor ||
        candidata.cruces < mejor.cruces ||
        (candidata.cruces === mejor.cruces && candidata.ancho > mejor.ancho)
      )
        mejor = candidata;
    }
    desde = -1;
  }
  if (!mejor) return null;
  const x = mejor.x;
  const a = lineas(trozos.filter((t) => t.x + t.ancho <= x)).map((l) => l.texto);
  const b = lineas(trozos.filter((t) => t.x >= x)).map((l) => l.texto);
  const todas = a.length + b.length;
  return a.length >= todas * 0.2 && b.length >= todas * 0.2 && esColumna(a) && esColumna(b) ? x : null;
}

/** The middle of some values (10, a usual font size, of none). */
export function mediana(valores: number[]): number {
  const v = [...valores].sort((a, b) => a - b);
  return v[Math.floor(v.length / 2)] ?? 10;
}

interface Linea {
  texto: string;
  y: number;
  alto: number;
  /** Its left and right edges. */
  x: number;
  fin: number;
}

/** Pieces on one baseline (within half a font size) make a line, read left to right. */
function lineas(trozos: Trozo[]): Linea[] {
  const orden = [...trozos].sort((a, b) => a.y - b.y || a.x - b.x);
  const grupos: Trozo[][] = [];
  for (const t of orden) {
    const ultimo = grupos.at(-1);
    if (ultimo && Math.abs(t.y - ultimo[0].y) < Math.max(ultimo[0].alto, t.alto) * 0.5) ultimo.push(t);
    else grupos.push([t]);
  }
  return grupos.map((g) => {
    g.sort((a, b) => a.x - b.x);
    let texto = "";
    let fin = -Infinity;
    for (const t of g) {
      // Pieces that touch are one word cut by the file; a gap is a space (and a wide one, a tab's
      // worth, stays wide: a table's hour and act must not run together).
      const hueco = t.x - fin;
      if (texto && hueco > t.alto * 0.15) texto += hueco > t.alto * 1.5 ? "   " : " ";
      texto += t.texto;
      fin = t.x + t.ancho;
    }
    return { y: g[0].y, alto: Math.max(...g.map((t) => t.alto)), texto: texto.replace(/\s+$/, ""), x: g[0].x, fin };
  });
}

/** What the layout asks of the text it lays out. */
export interface Lectura {
  /** Whether lines on one side of a gutter are a column of text, not a table's column (the places beside its acts, which stay on their rows). */
  esColumna: (lineas: string[]) => boolean;
  /** Whether a line starts something of its own (an hour, a day, a bullet): it never continues the line above. */
  empieza: (linea: string) => boolean;
}

/**
 * The page's lines in reading order: a column's lines that were wrapped to its width joined
 * again, an indented line indented (a place under its act), and a blank line where the text
 * leaves a gap of more than a line and a half (between a programme's days, as its paragraphs).
 */
export function lineasDePagina(
  trozos: Trozo[],
  lectura: Lectura = { esColumna: () => true, empieza: () => false },
  profundidad = 0,
  /** The size of the page's text (its most common letters): bigger lines are titles. */
  cuerpo = mediana(trozos.map((t) => t.alto)),
): string[] {
  const { esColumna } = lectura;
  const utiles = trozos.filter((t) => t.texto.trim());
  const x = profundidad < 2 ? calle(utiles, esColumna) : null;
  if (x === null) return enTexto(lineas(utiles), lectura.empieza, cuerpo);
  // Bands between the pieces that cross the gutter (headings across the columns), top to bottom.
  const salida: string[] = [];
  let banda: Trozo[] = [];
  const cerrar = () => {
    const izquierda = lineasDePagina(
      banda.filter((t) => t.x + t.ancho / 2 < x),
      lectura,
      profundidad + 1,
      cuerpo,
    );
    const derecha = lineasDePagina(
      banda.filter((t) => t.x + t.ancho / 2 >= x),
      lectura,
      profundidad + 1,
      cuerpo,
    );
    // A column's last line that goes on at the top of the next (an act cut by the column's foot).
    const ultima = izquierda.at(-1);
    if (ultima && derecha[0] && sigue(ultima, derecha[0], lectura.empieza, false)) {
      izquierda[izquierda.length - 1] = `${ultima} ${derecha.shift()!.trim()}`;
    }
    salida.push(...izquierda, ...derecha);
    banda = [];
  };
  const cruces = lineas(utiles.filter((t) => t.x < x && t.x + t.ancho > x));
  const porY = [...utiles].sort((a, b) => a.y - b.y);
  let c = 0;
  // Lines across the columns that follow one another are read as one column's (a paragraph
  // over the page, wrapped to its width).
  const atravesar = (hasta: number) => {
    const grupo: Linea[] = [];
    while (c < cruces.length && cruces[c].y < hasta) grupo.push(cruces[c++]);
    salida.push(...enTexto(grupo, lectura.empieza, cuerpo));
  };
  for (const t of porY) {
    if (t.x < x && t.x + t.ancho > x) continue;
    if (c < cruces.length && cruces[c].y < t.y) {
      if (banda.length) cerrar();
      atravesar(t.y);
    }
    banda.push(t);
  }
  if (banda.length) cerrar();
  atravesar(Infinity);
  return salida;
}

/** A table's dotted leader ("Misa ........ 12:00 h"), at a line's start or before its end. */
const LIDER = /^[.·…_]{4,}/u;
const TRAS_LIDER = /[.·…_]{4,}\s*[^.·…_\s][^.·…_]*$/u;

/** A line ending in one of these words goes on in the next ("hasta el jueves / 12 de febrero"). */
const SIGUE =
  /(?:^|\s)(?:el|la|los|las|lo|un|una|de|del|a|al|en|y|e|o|u|con|por|para|hasta|desde|entre|sobre|que|les|els|i|amb|per|fins|des|lunes|martes|miércoles|jueves|viernes|sábado|domingo|dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge)$/iu;

/**
 * Whether `siguiente` goes on with `linea`: the first did not end its sentence, and the second
 * goes on in small letters, or the first ends in a word that cannot end one ("hasta el"), or it
 * reached its column's edge (`alBorde`) and the second starts nothing of its own.
 */
function sigue(linea: string, siguiente: string, empieza: (linea: string) => boolean, alBorde = true): boolean {
  const texto = siguiente.trim();
  // A dotted leader and its hour, wrapped under their act, are the act's; an act whose leader
  // and hour are on its line has ended.
  if (LIDER.test(texto)) return true;
  if (/[.:;!?]$/.test(linea.trimEnd()) || TRAS_LIDER.test(linea)) return false;
  return /^\p{Ll}/u.test(texto) || SIGUE.test(linea) || (alBorde && !empieza(texto));
}

function enTexto(ls: Linea[], empieza: (linea: string) => boolean, cuerpo: number): string[] {
  if (ls.length === 0) return [];
  const izquierda = Math.min(...ls.map((l) => l.x));
  // The column's edge is where most of its text's lines end: a title across the page above a
  // single column, or a line of the other column beside a short one, reaches further.
  const texto = ls.filter((l) => l.alto < cuerpo * 1.15);
  const fines = (texto.length > 3 ? texto : ls).map((l) => l.fin).sort((a, b) => a - b);
  const derecha = fines[Math.floor((fines.length - 1) * 0.8)];
  const ancho = derecha - izquierda;
  const salida: string[] = [];
  let previa: Linea | null = null;
  for (const l of ls) {
    const sangria = l.x - izquierda < l.alto * 0.8 ? 0 : Math.min(12, Math.round((l.x - izquierda) / (l.alto * 0.3)));
    if (previa && l.y - previa.y > Math.max(l.alto, previa.alto) * 2.2) salida.push("");
    else if (
      previa &&
      // The line above did not end its sentence, and this one goes on in small letters, or the
      // one above reached near the column's right edge and this one starts nothing of its own:
      // in the same size of letters and not indented under it, it is the line above, cut by the
      // column's width.
      l.x - previa.x < l.alto * 0.8 &&
      Math.abs(l.alto - previa.alto) < previa.alto * 0.15 &&
      // Letters bigger than the text's are a title's or a heading's lines, each its own.
      previa.alto < cuerpo * 1.15 &&
      // (A column's edge is known from a few lines: three short title lines have none.)
      sigue(previa.texto, l.texto, empieza, ls.length > 3 && previa.fin >= derecha - ancho * 0.3)
    ) {
      salida[salida.length - 1] += ` ${l.texto}`;
      previa = l;
      continue;
    }
    salida.push(" ".repeat(sangria) + l.texto);
    previa = l;
  }
  return salida;
}
