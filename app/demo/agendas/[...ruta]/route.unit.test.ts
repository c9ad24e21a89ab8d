import { afterEach, describe, expect, it, vi } from "vitest";
import { adaptadorDelTipo } from "@/lib/fuentes/adaptadores";
import { FORMAS } from "@/lib/fuentes/agendas/muestras";
import { releerEnv } from "@/lib/env";
import { mensajes } from "@/lib/messages";
import { GET } from "./route";

const BASE = "http://127.0.0.1:3000/demo/agendas";

describe("the demo's regional agendas", () => {
  const demo = (valor: string) => {
    vi.stubEnv("DEMO_AGENDAS", valor);
    releerEnv();
  };
  afterEach(() => {
    vi.unstubAllEnvs();
    releerEnv();
  });

  it("serves each agenda's sample as that agenda answers, which its adapter reads page by page", async () => {
    demo("1");
    for (const tipo of Object.keys(FORMAS)) {
      const url = BASE + FORMAS[tipo].ejemplo;
      const r = GET(new Request(url));
      expect(r.status).toBe(200);
      const texto = await r.text();
      const adaptador = adaptadorDelTipo(tipo)!;
      expect(adaptador.reconoce(texto, url), tipo).toBe(true);
      const pagina = adaptador.leerPagina!(texto, { url, ahora: new Date() });
      expect(pagina.items.length, tipo).toBeGreaterThan(2);
      // Every record fits one page of the demo: the next one is empty or not asked for.
      if (pagina.siguiente)
        expect(
          adaptador.leerPagina!(await GET(new Request(pagina.siguiente)).text(), {
            url: pagina.siguiente,
            ahora: new Date(),
          }).items,
        ).toEqual([]);
    }
  });

  it("answers 404 outside a demo, and for a path no agenda has", async () => {
    demo("");
    const fuera = GET(new Request(BASE + FORMAS.kulturklik.ejemplo));
    expect(fuera.status).toBe(404);
    expect(await fuera.json()).toEqual({ mensaje: mensajes.paginaNoEncontrada });
    demo("1");
    expect(GET(new Request(`${BASE}/otra/cosa.json`)).status).toBe(404);
  });
});
