import { describe, expect, it } from "vitest";
import { CABECERA_VISTA, VISTA_EMBEBIDA } from "../vista";
import { conPolitica, seguir } from "./pagina";
import { pedir } from "@/test-support/peticion-proxy";

const nonce = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

describe("a page's CSP and its way on to Next.js", () => {
  it("gives each request a fresh nonce, framable only on the widget's route", () => {
    const a = conPolitica(pedir("/buscar"));
    const b = conPolitica(pedir("/buscar"));
    expect(nonce(a.csp)).toBeTruthy();
    expect(nonce(a.csp)).not.toBe(nonce(b.csp));
    expect(a).toMatchObject({ enmarcable: false, nonceDeCopia: null });
    expect(a.csp).toContain("frame-ancestors 'none'");
    const widget = conPolitica(pedir("/embed/planes"));
    expect(widget.enmarcable).toBe(true);
    expect(widget.csp).not.toContain("frame-ancestors 'none'");
  });

  it("hands Next.js the CSP and the widget's mark, never a visitor's own mark", () => {
    const visitante = { headers: { [CABECERA_VISTA]: VISTA_EMBEBIDA } };
    const pagina = conPolitica(pedir("/buscar", visitante));
    const r = seguir(pagina);
    expect(r.headers.get("content-security-policy")).toBe(pagina.csp);
    expect(r.headers.get("x-middleware-request-content-security-policy")).toBe(pagina.csp);
    expect(r.headers.get(`x-middleware-request-${CABECERA_VISTA}`)).toBeNull();
    const widget = seguir(conPolitica(pedir("/embed/planes")));
    expect(widget.headers.get(`x-middleware-request-${CABECERA_VISTA}`)).toBe(VISTA_EMBEBIDA);
  });
});
