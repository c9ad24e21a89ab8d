import { describe, expect, it } from "vitest";
import { mensajes } from "../messages";
import { direccionLegible, sinBarraFinal } from "./direccion";
import { pedir } from "@/test-support/peticion-proxy";

describe("the address's steps", () => {
  it("answers an API call or a file whose address does not decode, in Spanish, and lets a good one on", async () => {
    const api = (await direccionLegible(pedir("/api/plan/%FF")))!;
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ mensaje: mensajes.datosNoValidos });
    const archivo = (await direccionLegible(pedir("/media/carteles/%FF.webp")))!;
    expect(archivo.status).toBe(404);
    expect(await archivo.json()).toEqual({ mensaje: mensajes.archivoNoEncontrado });
    const buena = (await direccionLegible(pedir("/api/geocode%20x")))!;
    expect(buena.headers.get("x-middleware-next")).toBe("1");
  });

  it("rewrites a page whose address does not decode to the not-found page, with a CSP, and lets a good one pass", async () => {
    const r = (await direccionLegible(pedir("/plan/%FF/x")))!;
    expect(new URL(r.headers.get("x-middleware-rewrite")!).pathname).toBe("/_not-found");
    expect(r.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    expect(r.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(await direccionLegible(pedir("/plan/%C3%B1/x"))).toBeUndefined();
  });

  it("sends a page's address with trailing slashes to the one without, for good", async () => {
    const r = (await sinBarraFinal(pedir("/buscar//?q=mus")))!;
    expect(r.status).toBe(308);
    expect(r.headers.get("location")).toBe("http://localhost:3000/buscar?q=mus");
    expect((await sinBarraFinal(pedir("//")))!.headers.get("location")).toBe("http://localhost:3000/");
    expect(await sinBarraFinal(pedir("/"))).toBeUndefined();
    expect(await sinBarraFinal(pedir("/buscar"))).toBeUndefined();
  });
});
