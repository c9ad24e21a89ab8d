import "server-only";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ApiError } from "../http";
import { detectImageType } from "../media/images";
import { leerEncabezado } from "./dias";
import { horaInicial, horasEnCifras } from "./horas";
import { type Lectura, lineasDePagina, type Trozo } from "./maqueta";
import { mensajesProgramas } from "./mensajes";
import { OcrLento, OcrNoDisponible, ejecutar, ocrDisponible, palabrasDeImagen, rasterizadorDisponible } from "./ocr";

/**
 * The text of a programme's file, as the town hall has it: a PDF (its text in reading order, or a
 * scanned page read by OCR), a Word file, or an image of a poster. The kind is read from the
 * file's first bytes, never from its name or declared type.
 */

export const MAX_BYTES_ARCHIVO = 10 * 1024 * 1024;
export const MAX_PAGINAS = 30;
export const MAX_PAGINAS_ESCANEADAS = 6;
/** A Word file's parts, unzipped, at most: a programme is a few hundred KB, a zip bomb gigabytes. */
const MAX_DOCX_DESCOMPRIMIDO = 60 * 1024 * 1024;
/** A PDF page with fewer characters of text than this is a scan (or a poster exported as an image). */
const MIN_CARACTERES_PAGINA = 25;

export type TipoArchivo = "pdf" | "docx" | "imagen";

/** PDF, a Word file (a zip holding word/document.xml), PNG, JPEG or WebP; anything else null. */
export function tipoDeArchivo(bytes: Buffer): TipoArchivo | null {
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (detectImageType(bytes)) return "imagen";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP")
    return "imagen";
  if (
    bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) &&
    entradasZip(bytes)?.has("word/document.xml")
  )
    return "docx";
  return null;
}

/**
 * A zip's entries and their sizes unzipped, from its central directory; null when there is none
 * (not a zip, or a damaged one).
 */
function entradasZip(bytes: Buffer): Map<string, number> | null {
  // The end-of-central-directory record is in the last 64 KB + 22 bytes.
  const desde = Math.max(0, bytes.length - 65_557);
  const fin = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (fin < desde || fin + 22 > bytes.length) return null;
  const total = bytes.readUInt16LE(fin + 10);
  let p = bytes.readUInt32LE(fin + 16);
  const entradas = new Map<string, number>();
  for (let i = 0; i < total; i++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== 0x02014b50) return null;
    const tam = bytes.readUInt32LE(p + 24);
    const largoNombre = bytes.readUInt16LE(p + 28);
    const nombre = bytes.subarray(p + 46, p + 46 + largoNombre).toString("utf8");
    entradas.set(nombre, tam);
    p += 46 + largoNombre + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
  }
  return entradas;
}

/** A line that a programme's column starts with: an hour or a day's heading. */
const lineaDePrograma = (l: string) => {
  const limpia = l.replace(/^[^\p{L}\d]+/u, "").trim();
  return !!horaInicial(limpia) || !!leerEncabezado(limpia);
};
/** An hour anywhere in a line, as prose writes it ("a las 20:00 horas", "a las 12 h"; spoken ones in digits first). */
const HORA = /\b\d{1,2}(?:[:.]\d{2}\s*(?:h\b|horas?|hores)?|\s?(?:h|horas?|hores)\b)/iu;
/**
 * How a programme's page is laid out: a side of a gutter is one of its columns when a sixth of
 * its lines are days or hold an hour (a table's column of places holds none).
 */
const PROGRAMA: Lectura = {
  esColumna: (lineas) =>
    lineas.filter((l) => lineaDePrograma(l) || HORA.test(horasEnCifras(l))).length >= Math.max(1, lineas.length / 6),
  empieza: (linea) => lineaDePrograma(linea) || /^\s*[-–—•·*►▪■]/.test(linea),
};

/** The text of a file: 415 for other kinds, 400 for a damaged file or too many pages. */
export async function textoDeArchivo(bytes: Buffer): Promise<string> {
  const tipo = tipoDeArchivo(bytes);
  if (!tipo) throw new ApiError(415, mensajesProgramas.tipoNoAdmitido);
  try {
    if (tipo === "pdf") return await textoDePdf(bytes);
    if (tipo === "docx") return await textoDeDocx(bytes);
    return (await lineasDeImagen(bytes)).join("\n");
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof OcrNoDisponible) throw new ApiError(415, mensajesProgramas.sinOcr);
    if (error instanceof OcrLento) throw new ApiError(400, mensajesProgramas.ocrLento);
    throw new ApiError(400, mensajesProgramas.archivoIlegible);
  }
}

/** An image's lines by OCR, laid out as a page's. */
const lineasDeImagen = async (imagen: Buffer) => lineasDePagina(await palabrasDeImagen(imagen), PROGRAMA);

async function textoDePdf(bytes: Buffer): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const documento = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  }).promise;
  try {
    if (documento.numPages > MAX_PAGINAS) throw new ApiError(400, mensajesProgramas.demasiadasPaginas);
    const paginas: (string[] | null)[] = [];
    for (let n = 1; n <= documento.numPages; n++) {
      const pagina = await documento.getPage(n);
      const alto = pagina.getViewport({ scale: 1 }).height;
      const { items } = await pagina.getTextContent();
      const trozos: Trozo[] = [];
      for (const item of items) {
        if (!("str" in item) || !item.str.trim()) continue;
        const [a, b, c, d, x, y] = item.transform as number[];
        trozos.push({ texto: item.str, x, y: alto - y, ancho: item.width, alto: Math.hypot(c, d) || Math.hypot(a, b) });
      }
      const caracteres = trozos.reduce((n, t) => n + t.texto.trim().length, 0);
      paginas.push(caracteres >= MIN_CARACTERES_PAGINA ? lineasDePagina(trozos, PROGRAMA) : null);
      pagina.cleanup();
    }
    const escaneadas = paginas.flatMap((p, i) => (p ? [] : [i + 1]));
    if (escaneadas.length > MAX_PAGINAS_ESCANEADAS) throw new ApiError(400, mensajesProgramas.demasiadasEscaneadas);
    if (escaneadas.length > 0) {
      if (!ocrDisponible() || !rasterizadorDisponible()) {
        // A PDF with some text is read for what it has; one that is only scans needs the OCR.
        if (escaneadas.length === paginas.length) throw new OcrNoDisponible();
      } else {
        const imagenes = await paginasComoImagenes(bytes, escaneadas);
        for (const [i, n] of escaneadas.entries()) paginas[n - 1] = await lineasDeImagen(imagenes[i]);
      }
    }
    return paginas.map((p) => (p ?? []).join("\n")).join("\n\n");
  } finally {
    await documento.destroy();
  }
}

/** Pages of a PDF as PNG images at 200 dpi (poppler's pdftoppm), in a folder removed afterwards. */
async function paginasComoImagenes(bytes: Buffer, paginas: number[]): Promise<Buffer[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "planazo-programa-"));
  try {
    const pdf = path.join(dir, "programa.pdf");
    await writeFile(pdf, bytes);
    const imagenes: Buffer[] = [];
    for (const n of paginas) {
      await ejecutar("pdftoppm", ["-r", "200", "-f", String(n), "-l", String(n), "-png", pdf, path.join(dir, `p${n}`)]);
      const fichero = (await readdir(dir)).find((f) => f.startsWith(`p${n}-`) && f.endsWith(".png"));
      if (!fichero) throw new Error(`pdftoppm wrote no image of page ${n}`);
      imagenes.push(await readFile(path.join(dir, fichero)));
    }
    return imagenes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const ENTIDADES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
const sinEtiquetas = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTIDADES[e])
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));

/**
 * A Word file's text: each paragraph a line, each table row a line with its cells apart (a
 * programme typed as a table of hour, act and place).
 */
async function textoDeDocx(bytes: Buffer): Promise<string> {
  const entradas = entradasZip(bytes);
  const descomprimido = [...(entradas?.values() ?? [])].reduce((a, b) => a + b, 0);
  if (!entradas || descomprimido > MAX_DOCX_DESCOMPRIMIDO) throw new ApiError(400, mensajesProgramas.archivoIlegible);
  const mammoth = await import("mammoth");
  const { value: html } = await mammoth.convertToHtml({ buffer: bytes });
  return html
    .replace(
      /<td[^>]*>([\s\S]*?)<\/td>/g,
      (_, celda: string) => `${sinEtiquetas(celda.replace(/<\/p>/g, " ")).trim()}   `,
    )
    .replace(/<\/(p|h[1-6]|li|tr)>|<br\s*\/?>/g, "\n")
    .split("\n")
    .map((l) => sinEtiquetas(l).replace(/\s+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
