import sharp from "sharp";
import { anchoDe, trazar } from "@/lib/media/cartel-generado";
import { partirSegun } from "./pdf";

/**
 * A programme drawn as the poster a town hall photographs for its social networks: the title
 * in white over the darker top of a photo, the days in two columns of dark letters over the
 * photo's lighter part (blurred shapes of colour, not a plain ground), a slight tilt, saved as a
 * phone saves it (JPEG). Letters are drawn as paths from the brand's face (as the generated
 * posters are), so no machine's fonts are needed.
 */

const ANCHO = 1240;
const MARGEN = 60;
const CALLE = 44;
const TAM = 25;
const INTERLINEA = 36;
const TAM_TITULO = 46;

/** A line cut at words into lines no wider than `ancho` pixels of `tam`; an indented line's parts keep an indent. */
const partir = (linea: string, tam: number, ancho: number) =>
  partirSegun(linea.trimStart(), (t) => anchoDe(t, tam) <= ancho, /^\s+/.test(linea) ? "   " : "");

/** A photo's look: soft shapes of colour over a gradient, dark down to `cielo` (behind the title). Same seed, same photo. */
function foto(alto: number, semilla: number, cielo: number): string {
  let s = semilla;
  const azar = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const formas = Array.from({ length: 14 }, () => {
    const tono = Math.floor(azar() * 360);
    return `<ellipse cx="${Math.round(azar() * ANCHO)}" cy="${Math.round(azar() * alto)}" rx="${Math.round(120 + azar() * 320)}" ry="${Math.round(80 + azar() * 240)}" fill="hsl(${tono} 45% ${62 + Math.round(azar() * 22)}%)" fill-opacity="0.55"/>`;
  });
  return `<defs>
<linearGradient id="cielo" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b4a6b"/><stop offset="${(cielo / alto).toFixed(3)}" stop-color="#7d8fb0"/><stop offset="${((cielo + 40) / alto).toFixed(3)}" stop-color="#e9dcc4"/><stop offset="1" stop-color="#d8c8a6"/></linearGradient>
<filter id="blur"><feGaussianBlur stdDeviation="40"/></filter>
</defs>
<rect width="${ANCHO}" height="${alto}" fill="url(#cielo)"/>
<g filter="url(#blur)">${formas.join("")}</g>
<rect width="${ANCHO}" height="${cielo}" fill="#1f2a44" fill-opacity="0.55"/>`;
}

/**
 * A programme's poster: `cabecera` across the top, then `izquierda` and `derecha` as two columns
 * (enDosColumnas of test-support/pdf.ts splits a programme's text so), as a JPEG photo of it.
 */
export async function cartelDePrograma(
  cabecera: string[],
  izquierda: string[],
  derecha: string[],
  semilla = 7,
): Promise<Buffer> {
  const anchoColumna = (ANCHO - 2 * MARGEN - CALLE) / 2;
  const titulo = cabecera.flatMap((l) => partir(l, TAM_TITULO, ANCHO - 2 * MARGEN));
  const izq = izquierda.flatMap((l) => (l.trim() ? partir(l, TAM, anchoColumna) : [""]));
  const der = derecha.flatMap((l) => (l.trim() ? partir(l, TAM, anchoColumna) : [""]));
  const arriba = MARGEN + titulo.length * (TAM_TITULO + 18) + 40;
  const alto = Math.max(1754, arriba + Math.max(izq.length, der.length) * INTERLINEA + MARGEN);
  const trazos: string[] = [];
  titulo.forEach((l, i) =>
    trazos.push(`<g fill="#fff">${trazar(l, TAM_TITULO, MARGEN, MARGEN + (i + 1) * (TAM_TITULO + 18)).svg}</g>`),
  );
  for (const [lineas, x] of [
    [izq, MARGEN],
    [der, MARGEN + anchoColumna + CALLE],
  ] as const)
    lineas.forEach((l, i) => {
      if (l.trim()) trazos.push(`<g fill="#2a1c12">${trazar(l, TAM, x, arriba + (i + 1) * INTERLINEA).svg}</g>`);
    });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${ANCHO}" height="${alto}" viewBox="0 0 ${ANCHO} ${alto}">${foto(alto, semilla, arriba - 50)}${trazos.join("")}</svg>`;
  return sharp(Buffer.from(svg)).rotate(0.4, { background: "#d8c8a6" }).jpeg({ quality: 82 }).toBuffer();
}
