import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { informe, primeraCarga } from "./js-budget";

describe("the home's first-load JS from a build's manifests", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "js-budget-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const chunk = (nombre: string, contenido: string) => {
    writeFileSync(path.join(dir, "static", "chunks", nombre), contenido);
    return gzipSync(contenido, { level: 9 }).length;
  };

  it("adds the runtime chunks and every segment's entry chunks once each, without polyfills or CSS", () => {
    mkdirSync(path.join(dir, "static", "chunks"), { recursive: true });
    mkdirSync(path.join(dir, "server", "app"), { recursive: true });
    const tamanos =
      chunk("runtime.js", "console.log('runtime');".repeat(40)) +
      chunk("compartido.js", "export const a = 1;".repeat(300)) +
      chunk("pagina.js", "function pagina() { return 42 }".repeat(100));
    chunk("polyfills.js", "x".repeat(5000));
    writeFileSync(
      path.join(dir, "build-manifest.json"),
      JSON.stringify({ polyfillFiles: ["static/chunks/polyfills.js"], rootMainFiles: ["static/chunks/runtime.js"] }),
    );
    const manifiesto = {
      entryJSFiles: {
        "[project]/app/layout": ["static/chunks/compartido.js"],
        "[project]/app/error": ["static/chunks/compartido.js"],
        "[project]/app/page": ["static/chunks/compartido.js", "static/chunks/pagina.js", "static/chunks/estilos.css"],
      },
    };
    writeFileSync(
      path.join(dir, "server", "app", "page_client-reference-manifest.js"),
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/page"] = ${JSON.stringify(manifiesto)};\n`,
    );
    const r = primeraCarga(dir);
    expect(r.archivos.sort()).toEqual([
      "static/chunks/compartido.js",
      "static/chunks/pagina.js",
      "static/chunks/runtime.js",
    ]);
    expect(r.bytesGzip).toBe(tamanos);
  });

  it("prints both figures in KB and fails above either budget", () => {
    expect(informe(152_340, 140_000)).toEqual({
      linea: "home first-load JS: 152.3 KB gzip (budget 165 KB), 12.3 KB beyond a legal page's (budget 15 KB)",
      dentro: true,
    });
    expect(informe(165_000, 150_000).dentro).toBe(true);
    expect(informe(165_001, 150_001)).toEqual({
      linea:
        "home first-load JS: 165.0 KB gzip (budget 165 KB), 15.0 KB beyond a legal page's (budget 15 KB) — OVER BUDGET",
      dentro: false,
    });
    // The home's own share over its budget while the whole is within it.
    expect(informe(160_000, 144_999).dentro).toBe(false);
  });
});
