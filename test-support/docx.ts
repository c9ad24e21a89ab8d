import { crc32 } from "node:zlib";

/**
 * Small Word files written by hand for tests: paragraphs and a table, as a town hall types its
 * programme. A .docx is a zip of XML parts; this one stores them uncompressed.
 */

/** A zip of these files, stored (no compression). */
export function zip(ficheros: Record<string, Buffer | string>): Buffer {
  const locales: Buffer[] = [];
  const centrales: Buffer[] = [];
  let posicion = 0;
  for (const [nombre, contenido] of Object.entries(ficheros)) {
    const datos = typeof contenido === "string" ? Buffer.from(contenido, "utf8") : contenido;
    const n = Buffer.from(nombre, "utf8");
    const crc = crc32(datos);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(datos.length, 18);
    local.writeUInt32LE(datos.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(datos.length, 20);
    central.writeUInt32LE(datos.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(posicion, 42);
    locales.push(local, n, datos);
    centrales.push(central, n);
    posicion += local.length + n.length + datos.length;
  }
  const directorio = Buffer.concat(centrales);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  fin.writeUInt16LE(Object.keys(ficheros).length, 8);
  fin.writeUInt16LE(Object.keys(ficheros).length, 10);
  fin.writeUInt32LE(directorio.length, 12);
  fin.writeUInt32LE(posicion, 16);
  return Buffer.concat([...locales, directorio, fin]);
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const parrafo = (texto: string, negrita = false) =>
  `<w:p><w:r>${negrita ? "<w:rPr><w:b/></w:rPr>" : ""}<w:t xml:space="preserve">${xml(texto)}</w:t></w:r></w:p>`;

/** A Word document of paragraphs (a string) and tables (rows of cells), in order. */
export function docx(bloques: (string | string[][])[]): Buffer {
  const cuerpo = bloques
    .map((b) =>
      typeof b === "string"
        ? parrafo(b, b === b.toUpperCase())
        : `<w:tbl>${b.map((fila) => `<w:tr>${fila.map((c) => `<w:tc>${parrafo(c)}</w:tc>`).join("")}</w:tr>`).join("")}</w:tbl>`,
    )
    .join("");
  return zip({
    "[Content_Types].xml":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${cuerpo}</w:body></w:document>`,
  });
}
