/**
 * What this process knows about PostgreSQL going away, in one place:
 *
 * - whether an error means it went away (`isDatabaseUnavailable`: refused, ended mid-query by a
 *   shutdown, "shutting down", a connection closed under a query, however Prisma, the pg adapter
 *   or Better Auth wrapped it);
 * - the mark that it did, a moment ago. Set the moment it is seen: by the primary's client on
 *   any query that fails so (lib/db/client.ts) and by its pool when PostgreSQL ends its idle
 *   connections, which is the first thing a shutdown does, so the mark covers the shutting-down
 *   window too. proxy.ts reads it and answers pages with a quick Spanish 503 instead of
 *   rendering pages that will fail; while it is set, page requests ask PostgreSQL again through
 *   one shared probe (registered at start-up, at most one at a time), whose first answer clears
 *   it, so pages come back as soon as the database does;
 * - what a request already rendering answers when the database goes away under it: the API's
 *   route() answers 503; a page's render error carries `DIGEST_SIN_BASE` (app/error.tsx shows
 *   the outage's message) and its 500 becomes 503 (`paginasResponden503`).
 *
 * Kept on globalThis because proxy, pages and route handlers are separate bundles of one process.
 * No imports: the proxy reads it cheaply.
 */
const DOWN_UNTIL = Symbol.for("planazo.databaseDownUntil");
const LAST_SEEN = Symbol.for("planazo.databaseLastSeenDown");
const PROBE = Symbol.for("planazo.databaseProbe");
const PROBE_RUNNING = Symbol.for("planazo.databaseProbeRunning");
const PATCHED = Symbol.for("planazo.pages503");
/** Without a probe (scripts, tests of this module) the mark simply expires after this. */
const PAUSE_MS = 2_000;
/** How long after the last outage error a page's 500 is taken for one of the outage. */
const RECENT_MS = 10_000;

/** The digest of a page's render error when PostgreSQL went away (app/error.tsx reads it). */
export const DIGEST_SIN_BASE = "planazo-sin-base-de-datos";

type WithMark = typeof globalThis & {
  [DOWN_UNTIL]?: number;
  [LAST_SEEN]?: number;
  [PROBE]?: () => Promise<boolean>;
  [PROBE_RUNNING]?: Promise<boolean>;
  [PATCHED]?: boolean;
};
const g = () => globalThis as WithMark;

export function markDatabaseDown(now = Date.now()): void {
  g()[DOWN_UNTIL] = now + PAUSE_MS;
  g()[LAST_SEEN] = now;
}

/**
 * For an error of a query on the primary: when it means PostgreSQL went away, marks it down
 * and gives the error the digest a page's error boundary recognizes. Returns the error.
 */
export function notarCaida<E>(error: E): E {
  if (isDatabaseUnavailable(error)) {
    markDatabaseDown();
    if (error && typeof error === "object" && !("digest" in error)) {
      (error as { digest?: string }).digest = DIGEST_SIN_BASE;
    }
  }
  return error;
}

/** The check the proxy runs while the mark is set: true when PostgreSQL answers again. */
export function registerDatabaseProbe(probe: () => Promise<boolean>): void {
  g()[PROBE] = probe;
}

/** Whether pages should be answered 503 now. */
export async function databaseMarkedDown(now = Date.now()): Promise<boolean> {
  const state = g();
  if ((state[DOWN_UNTIL] ?? 0) <= now) return false;
  const probe = state[PROBE];
  if (!probe) return true;
  state[PROBE_RUNNING] ??= probe()
    .catch(() => false)
    .finally(() => {
      state[PROBE_RUNNING] = undefined;
    });
  const up = await state[PROBE_RUNNING];
  if (up) state[DOWN_UNTIL] = 0;
  return !up;
}

interface Respuesta {
  writeHead(status: number, ...rest: unknown[]): unknown;
  setHeader(name: string, value: string): unknown;
  end(...args: unknown[]): unknown;
  headersSent: boolean;
  statusCode: number;
}

/** What Next.js sends when even its error page failed to render (base-server.js), as plain text. */
const SIN_PAGINA_DE_ERROR = "Internal Server Error";

const caidaReciente = () => Date.now() - (g()[LAST_SEEN] ?? -Infinity) < RECENT_MS;

/**
 * Next.js answers a page whose render threw with 500, and gives a page no way to answer 503
 * (its error statuses are 401, 403 and 404). A page that was rendering when PostgreSQL went away
 * is not a bug of ours but the service being unavailable: this makes the server's 500 a 503 with
 * Retry-After when an outage error was seen a moment ago. When its error page could not render
 * either (its layout needs the database too), Next.js has only a plain English "Internal Server
 * Error" to send: that becomes `paginaCaida`, the proxy's Spanish outage page. Called once at
 * start-up with node:http's ServerResponse.prototype (instrumentation.ts).
 */
export function paginasResponden503(proto: Respuesta, paginaCaida: string): void {
  if (g()[PATCHED]) return;
  g()[PATCHED] = true;
  const end = proto.end;
  proto.end = function (this: Respuesta, ...args: unknown[]) {
    if (this.statusCode === 500 && !this.headersSent && args[0] === SIN_PAGINA_DE_ERROR && caidaReciente()) {
      this.setHeader("Content-Type", "text/html; charset=utf-8");
      // Not Buffer: the error pages import this file, and Buffer would bring its polyfill to every page.
      this.setHeader("Content-Length", String(new TextEncoder().encode(paginaCaida).length));
      args[0] = paginaCaida;
    }
    return end.apply(this, args);
  };
  const writeHead = proto.writeHead;
  proto.writeHead = function (this: Respuesta, status: number, ...rest: unknown[]) {
    if (status === 500 && caidaReciente()) {
      status = 503;
      if (typeof rest[0] === "string") rest = rest.slice(1);
      if (!this.headersSent) this.setHeader("Retry-After", "5");
    }
    return writeHead.call(this, status, ...rest);
  };
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
/** The pg adapter's kinds of error (a DriverAdapterError's cause). */
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/**
 * What pg, PostgreSQL and Prisma say when the error carries no code of the above: among them a
 * transaction that got no connection in time (P2028), as after a restart when every new
 * connection waits.
 */
const UNAVAILABLE_MESSAGE =
  /ECONNREFUSED|connection terminated|terminating connection|server has closed the connection|timeout exceeded when trying to connect|the database system is (starting up|shutting down|not yet accepting connections|in recovery mode)|Can't reach database|connection error and is not queryable|Client was closed and is not queryable|Unable to start a transaction in the given time/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Prisma keeps the driver adapter's error in meta.driverAdapterError (not in `cause`); that
  // error's `cause` says what happened: a kind, and PostgreSQL's code (57P01 when the server
  // shuts down under a query). Better Auth wraps what its adapter threw in its own error's cause.
  const pendientes: unknown[] = [error];
  for (let visto = 0; pendientes.length && visto < 12; visto++) {
    const e = pendientes.shift();
    if (!e || typeof e !== "object") continue;
    const { code, message, kind, cause, meta } = e as {
      code?: unknown;
      message?: unknown;
      kind?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof kind === "string" && UNAVAILABLE_KINDS.has(kind)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    pendientes.push(cause, meta?.driverAdapterError);
  }
  return false;
}
