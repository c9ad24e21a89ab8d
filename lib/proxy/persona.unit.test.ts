import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { CABECERA_PERSONA, NINGUNA } from "../app-instalable/sin-conexion";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../cookies";
import { conPersona } from "./persona";

const pagina = (cookie?: string) =>
  new NextRequest("http://localhost:3000/buscar", { headers: { accept: "text/html", ...(cookie && { cookie }) } });

describe("whose session a page was answered for", () => {
  it("says none, or an id that tells sessions apart without showing the cookie", async () => {
    const persona = async (r: NextRequest) => (await conPersona(r, new Response("x"))).headers.get(CABECERA_PERSONA);
    expect(await persona(pagina())).toBe(NINGUNA);
    const a = await persona(pagina(`${SESSION_COOKIE}=token-a`));
    expect(a).not.toBe(NINGUNA);
    expect(a).not.toContain("token-a");
    expect(await persona(pagina(`${SECURE_SESSION_COOKIE}=token-a`))).toBe(a);
    expect(await persona(pagina(`${SESSION_COOKIE}=token-b`))).not.toBe(a);
  });

  it("says nothing on an answer that is not a page", async () => {
    const api = new NextRequest("http://localhost:3000/api/x", { headers: { accept: "application/json" } });
    expect((await conPersona(api, new Response("x"))).headers.get(CABECERA_PERSONA)).toBeNull();
  });
});
