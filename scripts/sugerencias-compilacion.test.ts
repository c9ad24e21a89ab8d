import { describe, expect, it } from "vitest";
import { SUGERENCIA_COMPILACION } from "./lib/js-budget";
import { appUrl } from "@/test-support/worker";

/** The scripts a modern browser loads from our build for a page's document (not the noModule polyfills). */
async function scriptsDe(ruta: string): Promise<string[]> {
  const html = await (await fetch(`${appUrl()}${ruta}`, { headers: { accept: "text/html" } })).text();
  const etiquetas = [...html.matchAll(/<script[^>]* src="(\/_next\/static\/chunks\/[^"]+\.js)"[^>]*>/g)];
  return [...new Set(etiquetas.filter((m) => !/\bnoModule\b/i.test(m[0])).map((m) => m[1]))];
}

describe("the build's first-load JS", () => {
  it("starts with V8's compile hint on the home, a town search and a legal page, so Chrome compiles it off the main thread", async () => {
    for (const ruta of ["/", "/?municipio=Albarrac%C3%ADn&lat=40.4079&lng=-1.4443&radio=30", "/aviso-legal"]) {
      const scripts = await scriptsDe(ruta);
      expect(scripts.length, ruta).toBeGreaterThan(3);
      for (const src of scripts) {
        const codigo = await (await fetch(`${appUrl()}${src}`)).text();
        expect(codigo.startsWith(SUGERENCIA_COMPILACION), `${ruta}: ${src}`).toBe(true);
      }
    }
  });
});
