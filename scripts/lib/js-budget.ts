import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

/** The home's first-load JS, gzip, must stay within this many kilobytes (1 KB = 1,000 bytes). */
export const PRESUPUESTO_HOME_KB = 180;

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
  const build = JSON.parse(readFileSync(path.join(dirNext, "build-manifest.json"), "utf8")) as {
    rootMainFiles?: string[];
  };
  // The client reference manifest is a script that assigns globalThis.__RSC_MANIFEST[pagina].
  const contexto: {
    globalThis?: unknown;
    self?: unknown;
    __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }>;
  } = {};
  contexto.globalThis = contexto;
  contexto.self = contexto;
  runInNewContext(
    readFileSync(path.join(dirNext, "server", "app", `${pagina}_client-reference-manifest.js`), "utf8"),
    contexto,
  );
  const entrada = contexto.__RSC_MANIFEST?.[pagina];
  if (!entrada?.entryJSFiles) throw new Error(`No client reference manifest for ${pagina} in ${dirNext}`);
  const archivos = [...new Set([...(build.rootMainFiles ?? []), ...Object.values(entrada.entryJSFiles).flat()])].filter(
    (f) => f.endsWith(".js"),
  );
  const bytesGzip = archivos.reduce(
    (total, f) => total + gzipSync(readFileSync(path.join(dirNext, f)), { level: 9 }).length,
    0,
  );
  return { archivos, bytesGzip };
}

/** The line the build check prints, and whether it is within the budget. */
export function informe(bytesGzip: number, presupuestoKb = PRESUPUESTO_HOME_KB): { linea: string; dentro: boolean } {
  const kb = bytesGzip / 1000;
  const dentro = kb <= presupuestoKb;
  return {
    linea: `home first-load JS: ${kb.toFixed(1)} KB gzip (budget ${presupuestoKb} KB)${dentro ? "" : " — OVER BUDGET"}`,
    dentro,
  };
}
