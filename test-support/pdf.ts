import { leerEncabezado } from "@/lib/programas/dias";

/**
 * Small PDFs written by hand for tests: pages of text placed where a layout puts it (columns,
 * headings across them), and pages that are only a photographed or scanned image (a JPEG), as a
 * town hall's printer and its scanner make them. Helvetica with WinAnsi covers Spanish and Catalan.
 */

/** A line of text at (x, y) from the page's bottom-left corner, in points, at `tam` points. */
export interface TextoEnPagina {
  x: number;
  y: number;
  texto: string;
  tam?: number;
}

type Pagina = { texto: TextoEnPagina[] } | { jpeg: Buffer; ancho: number; alto: number };

const ANCHO = 595;
const ALTO = 842;

/** WinAnsi's codes outside Latin-1 that programmes use (bullets, dashes, quotes, the euro). */
const WIN_ANSI: Record<string, number> = {
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "€": 0x80,
  "…": 0x85,
};
/** A string in a content stream, in WinAnsi bytes (Latin-1 covers á, ñ, ç, l·l, à, è, ò). */
const cadena = (s: string) =>
  `(${[...s.replace(/[\\()]/g, (c) => `\\${c}`)].map((c) => (WIN_ANSI[c] ? String.fromCharCode(WIN_ANSI[c]) : c)).join("")})`;

function contenido(lineas: TextoEnPagina[]): Buffer {
  // Leading spaces are an indent: a layout moves the line, it writes no spaces.
  const ops = lineas.map(({ x, y, texto, tam = 11 }) => {
    const sangria = /^\s*/.exec(texto)![0].length * tam * 0.5;
    return `BT /F1 ${tam} Tf ${x + sangria} ${y} Td ${cadena(texto.trimStart())} Tj ET`;
  });
  return Buffer.from(ops.join("\n"), "latin1");
}

/** A PDF of these pages (A4). */
export function pdf(paginas: Pagina[]): Buffer {
  const objetos: Buffer[] = [];
  const nuevo = (cuerpo: Buffer | string) => {
    objetos.push(typeof cuerpo === "string" ? Buffer.from(cuerpo, "latin1") : cuerpo);
    return objetos.length;
  };
  const flujo = (dic: string, datos: Buffer) =>
    Buffer.concat([Buffer.from(`<< ${dic} /Length ${datos.length} >>\nstream\n`), datos, Buffer.from("\nendstream")]);

  const catalogo = nuevo("");
  const arbol = nuevo("");
  const fuente = nuevo("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const hojas: number[] = [];
  for (const p of paginas) {
    let recursos: string;
    let datos: Buffer;
    if ("texto" in p) {
      recursos = `<< /Font << /F1 ${fuente} 0 R >> >>`;
      datos = contenido(p.texto);
    } else {
      const imagen = nuevo(
        flujo(
          `/Type /XObject /Subtype /Image /Width ${p.ancho} /Height ${p.alto} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`,
          p.jpeg,
        ),
      );
      recursos = `<< /XObject << /Im1 ${imagen} 0 R >> >>`;
      datos = Buffer.from(`q ${ANCHO} 0 0 ${ALTO} 0 0 cm /Im1 Do Q`);
    }
    const c = nuevo(flujo("", datos));
    hojas.push(
      nuevo(
        `<< /Type /Page /Parent ${arbol} 0 R /MediaBox [0 0 ${ANCHO} ${ALTO}] /Resources ${recursos} /Contents ${c} 0 R >>`,
      ),
    );
  }
  objetos[catalogo - 1] = Buffer.from(`<< /Type /Catalog /Pages ${arbol} 0 R >>`);
  objetos[arbol - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${hojas.map((h) => `${h} 0 R`).join(" ")}] /Count ${hojas.length} >>`,
  );

  const partes: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let posicion = partes[0].length;
  const posiciones: number[] = [];
  objetos.forEach((o, i) => {
    posiciones.push(posicion);
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from("\nendobj\n")]);
    partes.push(b);
    posicion += b.length;
  });
  const xref =
    `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n` +
    posiciones.map((p) => `${String(p).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objetos.length + 1} /Root ${catalogo} 0 R >>\nstartxref\n${posicion}\n%%EOF\n`;
  partes.push(Buffer.from(xref));
  return Buffer.concat(partes);
}

/**
 * A programme's lines laid out as a printer does: the header's lines across the first page, then
 * the days flowing down the left column, the right one and on to the next page's (`izquierda`
 * then `derecha`), wrapped to a column's width. Each page is stored row by row across its columns,
 * as some layout programs write one: the reader must not interleave them.
 */
export function pdfDePrograma(cabecera: string[], izquierda: string[], derecha: string[]): Buffer {
  const cuerpo = [...izquierda, ...derecha].flatMap((l) => (l.trim() ? partir(l, 46) : [""]));
  const paginas: TextoEnPagina[][] = [];
  let y = ALTO - 60;
  const primera: TextoEnPagina[] = [];
  for (const l of cabecera.flatMap((l) => partir(l, 60))) {
    primera.push({ x: 60, y, texto: l, tam: 16 });
    y -= 24;
  }
  let arriba = y - 10;
  let texto = primera;
  while (cuerpo.length > 0) {
    const filas = Math.floor((arriba - 50) / 15) + 1;
    const [izq, der] = [cuerpo.splice(0, filas), cuerpo.splice(0, filas)];
    for (let i = 0; i < izq.length; i++) {
      texto.push({ x: 50, y: arriba - i * 15, texto: izq[i], tam: 10 });
      if (i < der.length) texto.push({ x: 310, y: arriba - i * 15, texto: der[i], tam: 10 });
    }
    paginas.push(texto);
    texto = [];
    arriba = ALTO - 60;
  }
  return pdf(paginas.map((t) => ({ texto: t })));
}

/** Helvetica's advance widths (its AFM, thousandths of an em) from the space to the tilde. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const OTROS: Record<string, number> = {
  "•": 350,
  "–": 556,
  "—": 1000,
  "€": 556,
  "’": 222,
  "‘": 222,
  "“": 333,
  "”": 333,
  "…": 1000,
  "·": 278,
  "«": 556,
  "»": 556,
  "¡": 333,
  "¿": 611,
  º: 365,
  ª: 370,
};
/** How wide Helvetica writes a text, in ems (an accented letter as its letter). */
const ems = (texto: string) =>
  [...texto.normalize("NFD").replace(/[\u0300-\u036f]/g, "")].reduce((n, c) => {
    const code = c.charCodeAt(0);
    return n + (OTROS[c] ?? HELVETICA[code - 32] ?? 556) / 1000;
  }, 0);

/**
 * A line cut at words into lines that `cabe` says fit (a column's width, measured as its layout
 * measures); an indented line's parts keep an indent (a place under its act, wrapped): its own,
 * or `sangria`.
 */
export function partirSegun(
  linea: string,
  cabe: (texto: string) => boolean,
  sangria = /^\s*/.exec(linea)![0],
): string[] {
  const salida: string[] = [];
  let actual = "";
  for (const palabra of linea.split(/\s+/).filter(Boolean)) {
    if (actual && !cabe(sangria + `${actual} ${palabra}`)) {
      salida.push(actual);
      actual = palabra;
    } else actual = actual ? `${actual} ${palabra}` : palabra;
  }
  if (actual || salida.length === 0) salida.push(actual);
  return salida.map((l) => sangria + l);
}

/** A line cut at word boundaries into lines no wider in Helvetica than `max` small letters. */
export const partir = (linea: string, max: number) => partirSegun(linea, (t) => ems(t.trimStart()) <= max * 0.5);

/**
 * A programme's text as a two-column page lays it out: what comes before its first day across
 * the top, then its days split into two columns at the day heading nearest the middle of its
 * text. Each layout wraps the lines to its own width. `esDia` tells a day's heading (the reader's, by default).
 */
export function enDosColumnas(
  texto: string,
  esDia: (linea: string) => boolean = (l) => !!leerEncabezado(l.trim()),
): { cabecera: string[]; izquierda: string[]; derecha: string[] } {
  const lineas = texto.split("\n");
  const primerDia = Math.max(
    0,
    lineas.findIndex((l) => esDia(l)),
  );
  const cabecera = lineas.slice(0, primerDia).filter((l) => l.trim());
  const cuerpo = lineas.slice(primerDia);
  // Where each line starts in the text's characters, to find its middle.
  const total = cuerpo.reduce((n, l) => n + l.length + 1, 0);
  let hasta = 0;
  const inicio = cuerpo.map((l) => ((hasta += l.length + 1), hasta - l.length - 1));
  const dias = cuerpo.flatMap((l, i) => (i > 0 && esDia(l) ? [i] : []));
  const corte = dias.length
    ? dias.reduce((a, b) => (Math.abs(inicio[b] - total / 2) < Math.abs(inicio[a] - total / 2) ? b : a))
    : cuerpo.length;
  return { cabecera, izquierda: cuerpo.slice(0, corte), derecha: cuerpo.slice(corte) };
}
