/**
 * Whether PostgreSQL was found unreachable a moment ago, in this process. Set where a failure
 * is seen (an API error answer, a page's render error in instrumentation.ts) and read by
 * proxy.ts, which answers page requests with a quick Spanish 503 meanwhile instead of rendering
 * pages that will fail. It expires by itself: the first request after it tries again, so the app
 * recovers without anyone stepping in. Kept on globalThis because proxy, pages and route
 * handlers are separate bundles of one process. No imports: the proxy reads it cheaply.
 */
const CLAVE = Symbol.for("planazo.baseDeDatosCaidaHasta");
const PAUSA_MS = 2_000;

type ConMarca = typeof globalThis & { [CLAVE]?: number };

export function marcarBaseDeDatosCaida(ahora = Date.now()): void {
  (globalThis as ConMarca)[CLAVE] = ahora + PAUSA_MS;
}

export function baseDeDatosCaida(ahora = Date.now()): boolean {
  return ((globalThis as ConMarca)[CLAVE] ?? 0) > ahora;
}
