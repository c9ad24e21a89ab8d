import { afterEach, describe, expect, it } from "vitest";
import { CABECERA_PERSONA, NINGUNA } from "../app-instalable/sin-conexion";
import { SESSION_COOKIE } from "../cookies";
import { markDatabaseDown } from "../db/outage";
import { caminoDePagina } from "./camino";
import { pedir } from "@/test-support/peticion-proxy";

const camino = (ruta: string, headers?: Record<string, string>) => caminoDePagina(pedir(ruta, { headers }).request);
const conSesion = { cookie: `${SESSION_COOKIE}=x` };

describe("proxy.ts's way for a request", () => {
  afterEach(() => markDatabaseDown(Date.now() - 60_000));

  it("answers the address before the session, and says whose session every page was answered for", async () => {
    const barra = await camino("/publicar/");
    expect(barra.status).toBe(308);
    expect(barra.headers.get(CABECERA_PERSONA)).toBe(NINGUNA);
    const login = await camino("/publicar");
    expect(login.status).toBe(307);
    expect(login.headers.get(CABECERA_PERSONA)).toBe(NINGUNA);
  });

  it("sends a page on to Next.js with its CSP when no step answers it", async () => {
    const r = await camino("/buscar", conSesion);
    expect(r.headers.get("x-middleware-next")).toBe("1");
    expect(r.headers.get("content-security-policy")).toMatch(/'nonce-/);
    expect(r.headers.get(CABECERA_PERSONA)).not.toBe(NINGUNA);
  });

  it("answers pages 503 while PostgreSQL is down, after the address's and the session's redirects, and lets the API on", async () => {
    markDatabaseDown();
    expect((await camino("/buscar", conSesion)).status).toBe(503);
    expect((await camino("/buscar/")).status).toBe(308);
    expect((await camino("/publicar")).status).toBe(307);
    const api = await camino("/api/geocode%20x", { accept: "application/json" });
    expect(api.headers.get("x-middleware-next")).toBe("1");
    expect(api.headers.get(CABECERA_PERSONA)).toBeNull();
  });
});

describe("proxy.ts and the languages", () => {
  /** What Next.js is told the page's language is (the header next-intl reads). */
  const idiomaPedido = (r: Response) => r.headers.get("x-middleware-request-x-next-intl-locale");

  it("takes a language's prefix off the address, as a whole segment, and tells the page its language", async () => {
    const ca = await camino("/ca/planes/barcelona/girona?categoria=musica", conSesion);
    expect(new URL(ca.headers.get("x-middleware-rewrite")!).pathname).toBe("/planes/barcelona/girona");
    expect(new URL(ca.headers.get("x-middleware-rewrite")!).search).toBe("?categoria=musica");
    expect(idiomaPedido(ca)).toBe("ca");
    expect(ca.headers.get("x-middleware-request-x-planazo-ruta")).toBe("/planes/barcelona/girona?categoria=musica");
    const eu = await camino("/eu", conSesion);
    expect(new URL(eu.headers.get("x-middleware-rewrite")!).pathname).toBe("/");
    expect(idiomaPedido(eu)).toBe("eu");
    // A page whose name starts like a prefix is Spanish, at its own address.
    const eurona = await camino("/eurona", conSesion);
    expect(eurona.headers.get("x-middleware-rewrite")).toBeNull();
    expect(idiomaPedido(eurona)).toBe("es");
    for (const ruta of ["/english", "/cat/x", "/EN/planes"])
      expect(idiomaPedido(await camino(ruta, conSesion))).toBe("es");
  });

  it("lets its own rewritten request through untouched on Next.js's second run, and no visitor's", async () => {
    const primera = await camino("/ca/nosotros");
    const destino = new URL(primera.headers.get("x-middleware-rewrite")!);
    // The headers Next.js gives the rewritten request: the first run's.
    const cabeceras: Record<string, string> = { accept: "text/html" };
    for (const [k, v] of primera.headers)
      if (k.startsWith("x-middleware-request-")) cabeceras[k.slice("x-middleware-request-".length)] = v;
    const segunda = await caminoDePagina(pedir(`${destino.pathname}${destino.search}`, { headers: cabeceras }).request);
    expect(segunda.headers.get("x-middleware-next")).toBe("1");
    expect(idiomaPedido(segunda)).toBeNull();
    expect(segunda.headers.get("content-security-policy")).toBe(cabeceras["content-security-policy"]);
    // Without the process's mark, the same request is a visitor's: Spanish, at its own address.
    const falsa = await camino("/nosotros", { ...cabeceras, ...conSesion, "x-planazo-reescrita": "x".repeat(48) });
    expect(idiomaPedido(falsa)).toBe("es");
  });

  it("never takes the language from a visitor's header", async () => {
    const r = await camino("/buscar", { ...conSesion, "x-next-intl-locale": "eu", "x-planazo-ruta": "/otra" });
    expect(idiomaPedido(r)).toBe("es");
    expect(r.headers.get("x-middleware-request-x-planazo-ruta")).toBe("/buscar");
  });

  it("keeps the language through its redirects", async () => {
    const barra = await camino("/gl/");
    expect(barra.status).toBe(308);
    expect(new URL(barra.headers.get("location")!).pathname).toBe("/gl");
    const login = await camino("/en/publicar?x=1");
    expect(login.status).toBe(307);
    const destino = new URL(login.headers.get("location")!);
    expect(destino.pathname).toBe("/en/iniciar-sesion");
    expect([...destino.searchParams.values()]).toContain("/en/publicar?x=1");
  });
});
