/**
 * How well lib/programas/leer.ts reads a corpus of fiesta programmes (by default its fixtures,
 * lib/programas/fixtures/corpus): per programme and in all, recall on day and hour, precision,
 * right titles, places and nights among matched acts, and time per programme.
 *
 *   npm run bench:programas [-- DIR] [-- --detalle] [-- --como pdf|cartel]
 *
 * --detalle: each file's misses and mismatches. --como pdf: each programme laid out in two
 * columns as a PDF and read from it; --como cartel: drawn as a poster photo (two columns, a photo
 * behind, a slight tilt, JPEG) and read by OCR (Tesseract must be installed).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { readGazetteer } from "../lib/geo/load-gazetteer";
import { construirNomenclator } from "../lib/geo/slug";
import { textoDeArchivo } from "../lib/programas/archivos";
import { porcentajes, puntuarCorpus, puntuarCorpusComo } from "../lib/programas/puntuar";
import { cartelDePrograma } from "../test-support/cartel-programa";
import { enDosColumnas, pdfDePrograma } from "../test-support/pdf";

const { values, positionals } = parseArgs({
  options: { detalle: { type: "boolean", default: false }, como: { type: "string", default: "texto" } },
  allowPositionals: true,
});
const dir = path.resolve(positionals[0] ?? "lib/programas/fixtures/corpus");
const columnas = (texto: string) => enDosColumnas(texto);
const hacer = {
  pdf: (texto: string) => {
    const c = columnas(texto);
    return pdfDePrograma(c.cabecera, c.izquierda, c.derecha);
  },
  cartel: (texto: string) => {
    const c = columnas(texto);
    return cartelDePrograma(c.cabecera, c.izquierda, c.derecha);
  },
}[values.como as "pdf" | "cartel"];
if (values.como !== "texto" && !hacer) throw new Error(`--como ${values.como}: texto, pdf or cartel`);
// The town each programme names for itself, looked up in the gazetteer as the call does.
const nomenclator = construirNomenclator(await readGazetteer());
const { ficheros, total } = hacer
  ? await puntuarCorpusComo(dir, hacer, textoDeArchivo, nomenclator)
  : puntuarCorpus(dir, nomenclator);

const pct = (n: number) => `${n.toFixed(1).padStart(5)}%`;
const fila = (cols: string[]) => console.log(cols.map((c, i) => (i === 0 ? c.padEnd(42) : c.padStart(8))).join(" "));
fila(["programme", "expected", "read", "recall", "precis.", "titles", "places", "nights", "noise", "ms"]);
for (const f of ficheros) {
  const p = porcentajes(f);
  fila([
    f.fichero,
    `${f.esperados}`,
    `${f.leidos}`,
    pct(p.exhaustividad),
    pct(p.precision),
    pct(p.titulos),
    pct(p.lugares),
    pct(p.noches),
    `${f.ruidoSinLeer}`,
    f.ms.toFixed(1),
  ]);
  if (values.detalle) {
    for (const l of f.perdidos) console.log(`    missed    ${l}`);
    for (const l of f.sobrantes) console.log(`    extra     ${l}`);
    for (const l of f.distintos) console.log(`    ${l}`);
  }
}
const p = porcentajes(total);
const maximo = Math.max(...ficheros.map((f) => f.ms));
console.log(
  `\nIn all (${ficheros.length} programmes, ${total.esperados} acts expected, ${total.leidos} read):\n` +
    `  recall on day and hour ${p.exhaustividad.toFixed(1)}% (goal ≥ ${values.como === "cartel" ? 85 : 95}) · precision ${p.precision.toFixed(1)}% (≥ 97) · ` +
    `right titles ${p.titulos.toFixed(1)}% (≥ 90) · right places ${p.lugares.toFixed(1)}% (≥ 80) · ` +
    `after midnight on the right date ${p.noches.toFixed(1)}% (${total.nochesBien}/${total.noches}) · noise lines left unread ${total.ruidoSinLeer} · ` +
    `right town ${total.municipiosBien}/${total.municipios}\n` +
    `  ${(total.ms / Math.max(1, ficheros.length)).toFixed(1)} ms a programme (at most ${maximo.toFixed(1)} ms; ` +
    `goal < ${values.como === "cartel" ? "10,000 from a one-page image" : "200 from text"})`,
);
