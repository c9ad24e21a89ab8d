import type { Instrumentation } from "next";

/**
 * Runs once when a server instance starts: a bad environment stops it here, not on the first
 * request. It also gives proxy.ts the probe that tells when PostgreSQL is back after an outage,
 * makes a page that was rendering when PostgreSQL went away answer 503 (lib/db/outage.ts), and
 * answers a TRACE 405 before Next.js fails on it (lib/http.ts), and starts the purges' and the
 * fediverse's workers.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { env } = await import("./lib/env");
    try {
      env();
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
    const [
      { checkDatabase },
      { registerDatabaseProbe, paginasResponden503 },
      { Server, ServerResponse },
      { metodosProhibidosResponden405 },
      { HTML_NO_DISPONIBLE },
    ] = await Promise.all([
      import("./lib/db/health"),
      import("./lib/db/outage"),
      import("node:http"),
      import("./lib/http"),
      import("./lib/proxy/caida"),
    ]);
    registerDatabaseProbe(() => checkDatabase(1_000));
    paginasResponden503(ServerResponse.prototype, HTML_NO_DISPONIBLE);
    metodosProhibidosResponden405(Server.prototype);
    // Purges of the CDN or caching proxy in front (lib/paginas-publicas/purga.ts).
    const { iniciarPurgas } = await import("./lib/paginas-publicas/purga");
    iniciarPurgas();
    // The fediverse, once there is work for it (lib/federacion/arranque.ts).
    const { federacionCuandoHagaFalta } = await import("./lib/federacion/arranque");
    federacionCuandoHagaFalta();
  }
}

/**
 * A page that failed because PostgreSQL is unreachable marks it down for a moment, so proxy.ts
 * answers the next page requests with a Spanish 503 instead of rendering them to fail too.
 */
export const onRequestError: Instrumentation.onRequestError = async (error) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { notarCaida } = await import("./lib/db/outage");
  notarCaida(error);
};
