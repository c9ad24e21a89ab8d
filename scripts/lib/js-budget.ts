import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

/** The home's first-load JS, gzip, must stay within this many kilobytes (1 KB = 1,000 bytes). */
export const PRESUPUESTO_HOME_KB = 165;
/**
 * And its own share, beyond what a legal page loads (the framework, the layout's bar and
 * messages), within this many: what the first screen does not need loads later.
 */
export const PRESUPUESTO_PROPIO_KB = 15;
/** The page whose first-load JS is the share every page carries. */
export const PAGINA_REFERENCIA = "/(legal)/aviso-legal/page";

export interface PrimeraCarga {
  /** The files under `.next/`, each once. */
  archivos: string[];
  bytesGzip: number;
}

/**
 * The JS a modern browser loads on first load of an App Router page, from a production build's
 * manifests (no server needed): the runtime and framework chunks every page loads
 * (`rootMainFiles` of build-manifest.json) and the entry chunks of the route's segments (its
 * layouts, error and not-found boundaries and the page) from the page's client reference
 * manifest. The polyfills go only to browsers without modules, so they do not count.
 * `pagina` is the route's entry as Next names it: `/page` for the home.
 */
export function primeraCarga(dirNext: string, pagina = "/page"): PrimeraCarga {
  const entrada = manifiestosDeCliente(dirNext, [`${pagina}_client-reference-manifest.js`])[pagina];
  if (!entrada?.entryJSFiles) throw new Error(`No client reference manifest for ${pagina} in ${dirNext}`);
  const archivos = archivosJs([...principales(dirNext), ...Object.values(entrada.entryJSFiles).flat()]);
  const bytesGzip = archivos.reduce(
    (total, f) => total + gzipSync(readFileSync(path.join(dirNext, f)), { level: 9 }).length,
    0,
  );
  return { archivos, bytesGzip };
}

/** Every route's first-load JS files together (under `.next/`, each once). */
export function primerasCargas(dirNext: string): string[] {
  const entradas = Object.values(manifiestosDeCliente(dirNext));
  return archivosJs([...principales(dirNext), ...entradas.flatMap((e) => Object.values(e.entryJSFiles ?? {}).flat())]);
}

/**
 * V8's explicit compile hint: Chrome compiles every function of a script that starts with it
 * while the script streams in, on a background thread, rather than each on the main thread
 * when first called (scripts/sugerencias-compilacion.ts).
 */
export const SUGERENCIA_COMPILACION = "//# allFunctionsCalledOnLoad\n";

/** Puts the compile hint at the top of every route's first-load JS; returns how many files it marked. */
export function marcarParaCompilar(dirNext: string): number {
  let marcados = 0;
  for (const archivo of primerasCargas(dirNext)) {
    const ruta = path.join(dirNext, archivo);
    const codigo = readFileSync(ruta, "utf8");
    if (codigo.startsWith(SUGERENCIA_COMPILACION)) continue;
    writeFileSync(ruta, SUGERENCIA_COMPILACION + codigo);
    marcados++;
  }
  return marcados;
}

type Manifiesto = Record<string, { entryJSFiles?: Record<string, string[]> }>;

/** The runtime and framework chunks every page loads. */
function principales(dirNext: string): string[] {
  const build = JSON.parse(readFileSync(path.join(dirNext, "build-manifest.json"), "utf8")) as {
    rootMainFiles?: string[];
  };
  return build.rootMainFiles ?? [];
}

const archivosJs = (archivos: string[]) => [...new Set(archivos)].filter((f) => f.endsWith(".js"));

/**
 * The routes' client reference manifests, by route ("/page", "/plan/[slug]/[id]/page"…): each
 * is a script under `.next/server/app` that assigns globalThis.__RSC_MANIFEST[route]. `archivos`
 * (paths under that folder) reads those only; by default every one.
 */
function manifiestosDeCliente(dirNext: string, archivos?: string[]): Manifiesto {
  const contexto: { globalThis?: unknown; self?: unknown; __RSC_MANIFEST?: Manifiesto } = {};
  contexto.globalThis = contexto;
  contexto.self = contexto;
  const app = path.join(dirNext, "server", "app");
  const leer =
    archivos ??
    readdirSync(app, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith("_client-reference-manifest.js"));
  for (const f of leer) runInNewContext(readFileSync(path.join(app, f), "utf8"), contexto);
  return contexto.__RSC_MANIFEST ?? {};
}

/** The line the build check prints, and whether both figures are within their budgets. */
export function informe(
  bytesGzip: number,
  referenciaGzip: number,
  presupuestoKb = PRESUPUESTO_HOME_KB,
  propioKb = PRESUPUESTO_PROPIO_KB,
): { linea: string; dentro: boolean } {
  const kb = bytesGzip / 1000;
  const propio = (bytesGzip - referenciaGzip) / 1000;
  const dentro = kb <= presupuestoKb && propio <= propioKb;
  return {
    linea:
      `home first-load JS: ${kb.toFixed(1)} KB gzip (budget ${presupuestoKb} KB), ` +
      `${propio.toFixed(1)} KB beyond a legal page's (budget ${propioKb} KB)${dentro ? "" : " — OVER BUDGET"}`,
    dentro,
  };
}
