/**
 * Prints the home's first-load JS (gzip) of the production build in `.next/`, in all and beyond
 * a legal page's, and exits 1 above either budget (lib/js-budget.ts). `scripts/test` runs it
 * right after `next build`.
 */
import path from "node:path";
import { informe, PAGINA_REFERENCIA, primeraCarga } from "./lib/js-budget";

const dir = path.join(import.meta.dirname, "..", ".next");
const { archivos, bytesGzip } = primeraCarga(dir);
const { linea, dentro } = informe(bytesGzip, primeraCarga(dir, PAGINA_REFERENCIA).bytesGzip);
console.log(`${linea} — ${archivos.length} files`);
if (!dentro) process.exit(1);
