import type { Browser, BrowserContext } from "playwright-core";
import { expect, inject } from "vitest";
import { conCookiesAceptadas } from "./browser";
import { nombreYValor } from "./cookies";
import { call, freshIp } from "./users";

/**
 * A Chromium context logged in as the user (the session cookie of a real login), in Spanish and
 * Madrid time, with the cookie bar already accepted (unless `conAvisoCookies`, a first visit) and
 * every request outside the app refused (map tiles). `bloqueados` collects the refused hosts.
 */
export async function contextoConectado(
  browser: Browser,
  usuario: { correo: string; password: string } | null,
  {
    ancho = 390,
    alto = 844,
    bloqueados = new Set<string>(),
    conAvisoCookies = false,
  }: { ancho?: number; alto?: number; bloqueados?: Set<string>; conAvisoCookies?: boolean } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: { width: ancho, height: alto },
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    extraHTTPHeaders: { "X-Forwarded-For": freshIp() },
  });
  if (!conAvisoCookies) await conCookiesAceptadas(ctx, inject("baseUrl"));
  await ctx.route("**/*", (r) => {
    const { hostname } = new URL(r.request().url());
    if (hostname === "127.0.0.1" || hostname === "localhost") return r.continue();
    bloqueados.add(hostname);
    return r.abort();
  });
  if (usuario) {
    const login = await call("POST", "/api/usuario/login", {
      body: { correo: usuario.correo, password: usuario.password },
    });
    expect(login.status).toBe(200);
    await ctx.addCookies([{ ...nombreYValor(login.setCookie), url: inject("baseUrl") }]);
  }
  return ctx;
}
