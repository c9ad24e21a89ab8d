import type { Browser, BrowserContext } from "playwright-core";
import { conCookiesAceptadas, EN_CASTELLANO } from "./browser";
import { cookieDeSesionNueva, freshIp } from "./users";
import { appUrl } from "./worker";

/**
 * A Chromium context logged in as the user (a session of its own: cookieDeSesionNueva), in Spanish and
 * Madrid time, with the cookie bar already accepted (unless `conAvisoCookies`, a first visit) and
 * every request outside the app refused (map tiles). `bloqueados` collects the refused hosts.
 * With `estado` (a closed context's storageState) it is the same browser opened again: its
 * cookies and local storage, and no new login.
 */
export async function contextoConectado(
  browser: Browser,
  usuario: { id: string } | null,
  {
    ancho = 390,
    alto = 844,
    bloqueados = new Set<string>(),
    conAvisoCookies = false,
    estado,
  }: {
    ancho?: number;
    alto?: number;
    bloqueados?: Set<string>;
    conAvisoCookies?: boolean;
    estado?: Awaited<ReturnType<BrowserContext["storageState"]>>;
  } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    storageState: estado,
    viewport: { width: ancho, height: alto },
    ...EN_CASTELLANO,
    timezoneId: "Europe/Madrid",
    extraHTTPHeaders: { "X-Forwarded-For": freshIp() },
  });
  if (!conAvisoCookies) await conCookiesAceptadas(ctx, appUrl());
  // The tests' Chromium resolves no name but localhost (CHROMIUM_ARGS): a request elsewhere
  // fails before it leaves, and is noted here (listening costs far less than intercepting).
  ctx.on("request", (r) => {
    const { protocol, hostname } = new URL(r.url());
    if (/^https?:$/.test(protocol) && hostname !== "127.0.0.1" && hostname !== "localhost") bloqueados.add(hostname);
  });
  if (usuario && !estado) await ctx.addCookies([{ ...(await cookieDeSesionNueva(usuario.id)), url: appUrl() }]);
  return ctx;
}
