import { SESSION_COOKIE } from "@/lib/cookies";

/*
 * The one place tests and scripts read cookies out of Set-Cookie headers (the `setCookie` of
 * `call`, from `Headers.getSetCookie()`). `nombre` defaults to the session cookie as served over
 * plain http.
 */

/** The whole Set-Cookie header (attributes included) of the cookie called `nombre`. */
export function setCookieDe(setCookie: string[], nombre = SESSION_COOKIE): string {
  const header = setCookie.find((c) => c.startsWith(`${nombre}=`));
  if (!header) throw new Error(`no ${nombre} cookie in ${JSON.stringify(setCookie)}`);
  return header;
}

/** The cookie called `nombre` as `name=value` (its header without the attributes), ready for a Cookie header. */
export const cookieDe = (setCookie: string[], nombre = SESSION_COOKIE) => setCookieDe(setCookie, nombre).split(";")[0];
