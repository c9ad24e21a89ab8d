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
