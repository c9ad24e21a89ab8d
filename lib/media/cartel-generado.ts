import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import sharp from "sharp";

/**
 * The poster drawn for a plan that has none (many imported plans), as an image: the same card the
 * pages draw with CSS (components/plans/CartelGenerado.tsx), so that the apps get an
 * `archivoCartel` and a shared link an og:image. sharp's SVG renderer ignores @font-face and the
 * brand's face ships as WOFF2 only, so the words are drawn as paths from the font file itself
 * (fontkit), never depending on the fonts a machine has.
 */

const ANCHO = 1200;
const ALTO = 800;
/** The og:image is this image's middle 1200×630 (its 'og' variant covers): the words stay inside it. */
const MARGEN_Y = (ALTO - 630) / 2 + 40;
const MARGEN_X = 84;
const MARRON = "#9a3412";
const NARANJA = "#c2410c";

/** Where the face's files are: read from the project's node_modules (a bundler would turn a require.resolve into a module id). */
const CARA = path.join(process.cwd(), "node_modules/@fontsource-variable/bricolage-grotesque/files");
/** A face as fontkit reads it: the WOFF2's default instance is weight 800, the weight the card's CSS draws its title at. */
type Fuente = fontkit.Font;
let fuentes: { latin: Fuente; ext: Fuente } | null = null;

/** The brand's display face in its Latin and Latin Extended halves (ñ, à, ŀ, ő…). */
function cargarFuentes(): { latin: Fuente; ext: Fuente } {
  if (fuentes) return fuentes;
  const cargar = (subconjunto: string): Fuente => {
    const ruta = path.join(CARA, `bricolage-grotesque-${subconjunto}-wght-normal.woff2`);
    return fontkit.create(readFileSync(ruta)) as fontkit.Font;
  };
  fuentes = { latin: cargar("latin"), ext: cargar("latin-ext") };
  return fuentes;
}

/** Each character's glyph, from the Latin half unless only the extended one has it, with its scale to `tamano` pixels. */
function* glifos(texto: string, tamano: number): Generator<{ glifo: fontkit.Glyph; escala: number }> {
  const { latin, ext } = cargarFuentes();
  for (const caracter of texto) {
    const cp = caracter.codePointAt(0)!;
    const fuente = latin.hasGlyphForCodePoint(cp) || !ext.hasGlyphForCodePoint(cp) ? latin : ext;
    yield { glifo: fuente.glyphForCodePoint(cp), escala: tamano / fuente.unitsPerEm };
  }
}

/** A line's width in pixels of `tamano`, without drawing it. */
export function anchoDe(texto: string, tamano: number): number {
  let ancho = 0;
  for (const { glifo, escala } of glifos(texto, tamano)) ancho += glifo.advanceWidth * escala;
  return ancho;
}

/** A line of text as SVG paths at (x, baseline) and its width, in pixels of `tamano`. */
export function trazar(texto: string, tamano: number, x: number, y: number): { svg: string; ancho: number } {
  let cursor = 0;
  const partes: string[] = [];
  for (const { glifo, escala } of glifos(texto, tamano)) {
    const d = glifo.path.toSVG();
    if (d)
      partes.push(
        `<path transform="translate(${(x + cursor).toFixed(1)} ${y}) scale(${escala} ${-escala})" d="${d}"/>`,
      );
    cursor += glifo.advanceWidth * escala;
  }
  return { svg: partes.join(""), ancho: cursor };
}

/** The title in at most `max` lines of `ancho` pixels, cut at a word with "…" when it does not fit. */
function lineas(texto: string, tamano: number, ancho: number, max: number): string[] {
  const salida: string[] = [];
  let actual = "";
  for (const palabra of texto.split(/\s+/).filter(Boolean)) {
    const prueba = actual ? `${actual} ${palabra}` : palabra;
    if (anchoDe(prueba, tamano) <= ancho || !actual) actual = prueba;
    else {
      salida.push(actual);
      actual = palabra;
    }
  }
  if (actual) salida.push(actual);
  if (salida.length <= max) return salida;
  const cortadas = salida.slice(0, max);
  let ultima = `${cortadas[max - 1]}…`;
  while (anchoDe(ultima, tamano) > ancho && ultima.includes(" "))
    ultima = `${ultima.slice(0, ultima.lastIndexOf(" "))}…`;
  cortadas[max - 1] = ultima;
  return cortadas;
}

export interface DatosCartel {
  titulo: string;
  /** The category shown in its pill (the plan's first but "Otros"), or null. */
  categoria: string | null;
  /** "SÁB 29 NOV", or an experience's days. */
  fecha: string | null;
  municipio: string;
  /** The caption that says it was generated ("Cartel generado"). */
  marca: string;
}

/** The SVG of a generated poster, 1200×800, every word a path, the words centred as the card centres them. */
export function svgCartel(d: DatosCartel): string {
  const partes: string[] = [];
  let y = 0;
  if (d.categoria) {
    const t = d.categoria.toUpperCase();
    const texto = trazar(t, 30, MARGEN_X + 22, y + 38);
    partes.push(
      `<rect x="${MARGEN_X}" y="${y}" width="${(texto.ancho + 44).toFixed(1)}" height="52" rx="26" fill="none" stroke="#fff" stroke-width="3"/>`,
      texto.svg,
    );
    y += 52 + 34;
  }
  const tamTitulo = 76;
  for (const l of lineas(d.titulo, tamTitulo, ANCHO - 2 * MARGEN_X, 3)) {
    y += tamTitulo * 0.92;
    partes.push(trazar(l, tamTitulo, MARGEN_X, Math.round(y)).svg);
    y += tamTitulo * 0.13;
  }
  if (d.fecha) {
    y += 62;
    partes.push(trazar(lineas(d.fecha.toUpperCase(), 42, ANCHO - 2 * MARGEN_X, 1)[0], 42, MARGEN_X, Math.round(y)).svg);
  }
  y += 56;
  partes.push(trazar(lineas(d.municipio, 38, ANCHO - 2 * MARGEN_X, 1)[0], 38, MARGEN_X, Math.round(y)).svg);
  // Centred in the image, and never above the og:image's band.
  const arriba = Math.max(MARGEN_Y, Math.round((ALTO - y - 12) / 2));
  const marca = anchoDe(d.marca, 26);
  const xMarca = ANCHO - MARGEN_X - marca - 36;
  const yMarca = ALTO - MARGEN_Y - 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ANCHO}" height="${ALTO}" viewBox="0 0 ${ANCHO} ${ALTO}">
<rect width="${ANCHO}" height="${ALTO}" fill="${MARRON}"/>
<circle cx="${ANCHO * 0.92}" cy="${ALTO * 0.08}" r="${ALTO * 0.42}" fill="${NARANJA}"/>
<circle cx="${ANCHO * 0.04}" cy="${ALTO * 1.04}" r="${ALTO * 0.32}" fill="${NARANJA}"/>
<g fill="#fff" transform="translate(0 ${arriba})">${partes.join("")}</g>
<rect x="${xMarca.toFixed(1)}" y="${yMarca}" width="${(marca + 36).toFixed(1)}" height="44" rx="22" fill="#000" fill-opacity="0.4"/>
<g fill="#fff">${trazar(d.marca, 26, xMarca + 18, yMarca + 31).svg}</g></svg>`;
}

/** A generated poster as a PNG, for the media pipeline (storeImage) to store as any poster. */
export function dibujarCartelGenerado(d: DatosCartel): Promise<Buffer> {
  return sharp(Buffer.from(svgCartel(d)))
    .png({ compressionLevel: 3 })
    .toBuffer();
}
