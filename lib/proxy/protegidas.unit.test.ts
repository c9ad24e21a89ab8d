import { describe, expect, it } from "vitest";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../cookies";
import { LOGIN_PATH, PARAM_REDIRIGIR } from "../users/protected-pages";
import { paginaProtegida } from "./protegidas";
import { pedir } from "@/test-support/peticion-proxy";

describe("protected pages", () => {
  it("sends a visitor without a session to the login page, which brings them back", async () => {
    const r = (await paginaProtegida(pedir("/publicar?paso=2")))!;
    expect(r.status).toBe(307);
    const login = new URL(r.headers.get("location")!);
    expect(login.pathname).toBe(LOGIN_PATH);
    expect(login.searchParams.get(PARAM_REDIRIGIR)).toBe("/publicar?paso=2");
  });

  it("lets a request with a session cookie through (the page checks it), and a public page", async () => {
    for (const cookie of [SESSION_COOKIE, SECURE_SESSION_COOKIE])
      expect(await paginaProtegida(pedir("/publicar", { headers: { cookie: `${cookie}=x` } }))).toBeUndefined();
    expect(await paginaProtegida(pedir("/buscar"))).toBeUndefined();
    expect(await paginaProtegida(pedir("/publicarlo"))).toBeUndefined();
  });
});
