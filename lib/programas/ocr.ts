import "server-only";
import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { mediana, type Trozo } from "./maqueta";

/**
 * Text from an image of a programme (a poster's photo, a scanned page) with Tesseract, Debian's
 * `tesseract-ocr` with its Spanish and Catalan data, run as a process with a time limit. Tesseract
 * gives words and their boxes; the page's columns are then found by the same layout as a PDF's
 * (maqueta.ts), because its own line finder joins a line of the left column to the line beside it.
 * Before, the image is binarised against its neighbourhood: light text over a photo, or a poster's
 * grey band, becomes black on white, as Tesseract reads best.
 */

/** One image's reading (or one page's rasterising) stops here; a page of a programme takes 2–5 s on this project's machines. */
const LIMITE_MS = 20_000;
/** The width Tesseract gets: a poster's small print at about 30 px a line, a phone's photo shrunk. */
const ANCHO_OCR = 2_000;
/** Refuse decompression bombs before decoding, as posters are. */
const MAX_PIXELES = 40_000_000;

export class OcrNoDisponible extends Error {}
export class OcrLento extends Error {}

const legible = (f: string, modo = constants.R_OK) => {
  try {
    accessSync(f, modo);
    return true;
  } catch {
    return false;
  }
};
const enPath = (programa: string) =>
  (process.env.PATH ?? "").split(path.delimiter).some((r) => r && legible(path.join(r, programa), constants.X_OK));
/** Whether Tesseract has a language's data (Debian's packages put it in the first folder). */
const hayLengua = (lengua: string) =>
  [process.env.TESSDATA_PREFIX, "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"].some(
    (d) => !!d && legible(path.join(d, `${lengua}.traineddata`)),
  );

let disponible: boolean | undefined;
/** Whether this server has `tesseract` with Spanish (checked once). */
export function ocrDisponible(): boolean {
  disponible ??= enPath("tesseract") && hayLengua("spa");
  return disponible;
}

/** `pdftoppm` from poppler-utils, for a scanned PDF's pages. */
export const rasterizadorDisponible = () => enPath("pdftoppm");

/** One OCR at a time per process: two at once take as long each on a small machine, and twice the memory. */
let cola: Promise<unknown> = Promise.resolve();
function enCola<T>(tarea: () => Promise<T>): Promise<T> {
  const turno = cola.then(tarea, tarea);
  cola = turno.catch(() => undefined);
  return turno;
}

/**
 * Greyscale, at OCR width, binarised by comparing each pixel with the mean of its neighbourhood
 * (a window of about two lines): the photo's slow shading goes, the letters' strokes stay, dark
 * on a light ground or light on a dark one.
 */
async function binarizar(imagen: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(imagen, { limitInputPixels: MAX_PIXELES })
    .rotate()
    .resize({ width: ANCHO_OCR, withoutEnlargement: false })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  // Integral image of the grey values, for each window's mean in four reads.
  const suma = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let fila = 0;
    for (let x = 0; x < w; x++) {
      fila += data[y * w + x];
      suma[(y + 1) * (w + 1) + x + 1] = suma[y * (w + 1) + x + 1] + fila;
    }
  }
  const r = Math.max(8, Math.round(w / 80));
  const media = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s = suma[y1 * (w + 1) + x1] - suma[y0 * (w + 1) + x1] - suma[y1 * (w + 1) + x0] + suma[y0 * (w + 1) + x0];
      media[y * w + x] = s / ((y1 - y0) * (x1 - x0));
    }
  }
  const contraste = (m: number) => Math.max(16, m * 0.12);
  // The letters are the fewer pixels of a patch that stand out from their neighbourhood: dark
  // ones on a light ground, light ones where the ground is dark (a title over the photo's sky, a
  // coloured band). Each patch of about two lines decides which, and its letters come out black.
  const lado = 4 * r;
  const salida = Buffer.alloc(w * h, 255);
  for (let ty = 0; ty < h; ty += lado)
    for (let tx = 0; tx < w; tx += lado) {
      const yf = Math.min(h, ty + lado);
      const xf = Math.min(w, tx + lado);
      let claros = 0;
      let oscuros = 0;
      for (let y = ty; y < yf; y++)
        for (let x = tx; x < xf; x++) {
          const i = y * w + x;
          const d = data[i] - media[i];
          if (d > contraste(media[i])) claros++;
          else if (d < -contraste(media[i])) oscuros++;
        }
      const letrasClaras = claros < oscuros;
      for (let y = ty; y < yf; y++)
        for (let x = tx; x < xf; x++) {
          const i = y * w + x;
          const d = data[i] - media[i];
          if (letrasClaras ? d > contraste(media[i]) : d < -contraste(media[i])) salida[i] = 0;
        }
    }
  return sharp(salida, { raw: { width: w, height: h, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * A program of the machine (Tesseract, pdftoppm) run with a time limit: its output, OcrLento when
 * it was killed for taking too long. `entrada` goes to its standard input.
 */
export function ejecutar(programa: string, args: string[], entrada?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const hijo = execFile(
      programa,
      args,
      {
        timeout: LIMITE_MS,
        killSignal: "SIGKILL",
        maxBuffer: 16 * 1024 * 1024,
        // Tesseract's own threads would fight the app's for a small machine's cores.
        env: { ...process.env, OMP_THREAD_LIMIT: "1" },
      },
      (error, stdout) => {
        if (error && (error as { killed?: boolean }).killed) reject(new OcrLento());
        else if (error) reject(error);
        else resolve(stdout);
      },
    );
    hijo.stdin?.end(entrada);
  });
}

/**
 * The words Tesseract finds in an image, with their boxes (its TSV output), as pieces for the
 * page's layout: a word's baseline is its box's bottom, its size the box's height.
 */
export async function palabrasDeImagen(imagen: Buffer): Promise<Trozo[]> {
  if (!ocrDisponible()) throw new OcrNoDisponible();
  const lenguas = existeCatalan() ? "spa+cat" : "spa";
  // Binarised in its turn too: an image's buffers are held only while it is read.
  // Page segmentation 11 (sparse text): words found wherever they are, the layout ours.
  const tsv = await enCola(async () =>
    ejecutar("tesseract", ["stdin", "stdout", "-l", lenguas, "--psm", "11", "tsv"], await binarizar(imagen)),
  );
  // Words of one line of Tesseract's share its baseline and size: a "y" or a "p" hangs below its
  // line, and would otherwise start a line of its own. (Its lines may run across two columns;
  // the layout parts them by x.)
  const porLinea = new Map<string, (Trozo & { abajo: number })[]>();
  for (const fila of tsv.split("\n").slice(1)) {
    const c = fila.split("\t");
    if (c.length < 12 || c[0] !== "5") continue;
    const texto = c[11].trim();
    const confianza = Number(c[10]);
    // What Tesseract reads in a photo's shading: low confidence, or no letter nor digit at all.
    if (!texto || confianza < 30 || !/[\p{L}\d]/u.test(texto)) continue;
    const [x, y, ancho, alto] = [Number(c[6]), Number(c[7]), Number(c[8]), Number(c[9])];
    const clave = `${c[2]}-${c[3]}-${c[4]}`;
    const linea = porLinea.get(clave) ?? [];
    linea.push({ texto, x, y: y + alto, ancho, alto, abajo: y + alto });
    porLinea.set(clave, linea);
  }
  return [...porLinea.values()].flatMap((palabras) => {
    const y = mediana(palabras.map((p) => p.abajo));
    const alto = mediana(palabras.map((p) => p.alto));
    // Words a space apart are one piece, as a PDF's text runs are; a wider gap (a gutter, a
    // table's columns) parts them.
    const grupos: (typeof palabras)[] = [];
    for (const p of palabras.sort((a, b) => a.x - b.x)) {
      const ultimo = grupos.at(-1)?.at(-1);
      if (ultimo && p.x - (ultimo.x + ultimo.ancho) < alto * 0.9) grupos.at(-1)!.push(p);
      else grupos.push([p]);
    }
    const trozos: Trozo[] = [];
    for (const g of grupos) {
      // A bullet before an hour is read as a letter ("e 20:30 h."): it is a bullet again.
      if (g.length > 1 && /^[eoc°º•·*»«-]$/u.test(g[0].texto) && /^\d/.test(g[1].texto)) g[0].texto = "•";
      const fin = g.at(-1)!;
      const texto = g.map((p) => p.texto).join(" ");
      // A piece of three letters or fewer on its own is the photo's shading read as letters ("er]").
      if ((texto.match(/\p{L}/gu)?.length ?? 0) <= 3 && !/\d/.test(texto)) continue;
      trozos.push({
        texto: arreglarLinea(texto),
        x: g[0].x,
        y,
        ancho: fin.x + fin.ancho - g[0].x,
        alto,
      });
    }
    return trozos;
  });
}

let catalan: boolean | undefined;
function existeCatalan(): boolean {
  catalan ??= hayLengua("cat");
  return catalan;
}

/** Letters OCR gives for digits. */
const CIFRA: Record<string, string> = { G: "6", b: "6", O: "0", o: "0", I: "1", l: "1", S: "5", B: "8", Z: "2" };
/** A weekday or "Día" and a day's number with such a letter in it ("Dissabte G de febrer"). */
const DIA_CON_LETRAS =
  /^(\s*(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|d[ií]a|dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge),?\s+)((?=[0-9GbOoIlSBZ]{1,2}\b)(?=[^\s]*[GbOoIlSBZ])[0-9GbOoIlSBZ]{1,2})\b/iu;

/**
 * What OCR does to the start of a programme's line (a piece of it, as the layout gets it), undone:
 * a day's number with a letter ("Dissabte G de febrer"), "Ales 22.30 h" and "A 11.30 h" for
 * "A les 22.30 h", "les 10 h" with its "A" lost. The rest of the line is left as read.
 */
export function arreglarLinea(linea: string): string {
  return linea
    .replace(DIA_CON_LETRAS, (todo: string, antes: string, numero: string) =>
      // One letter alone is a digit only as OCR writes one ("G", "l"), not a word ("o domingo").
      /\d/.test(numero) || /^[GOISBZl]$/.test(numero) ? antes + [...numero].map((c) => CIFRA[c] ?? c).join("") : todo,
    )
    .replace(/^(\s*(?:[•·*-]\s*)?)Al([ae]s?)\s+(?=\d)/u, "$1A l$2 ")
    .replace(/^(\s*(?:[•·*-]\s*)?)l([ae]s?)\s+(?=\d)/u, "$1A l$2 ")
    .replace(/^(\s*(?:[•·*-]\s*)?)A\s+(?=\d{1,2}(?:[.:,]\d{2})?\s*h)/u, "$1A las ");
}
