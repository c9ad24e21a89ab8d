/**
 * Prints the home's first-load JS (gzip) of the production build in `.next/` and exits 1 above
 * the budget (180 KB). `scripts/test` runs it right after `next build`.
 */
import path from "node:path";
import { informe, primeraCarga } from "./lib/js-budget";

const { archivos, bytesGzip } = primeraCarga(path.join(import.meta.dirname, "..", ".next"));
const { linea, dentro } = informe(bytesGzip);
console.log(`${linea} — ${archivos.length} files`);
if (!dentro) process.exit(1);
