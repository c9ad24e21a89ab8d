/**
 * Whether an error means PostgreSQL could not be reached (the API answers 503, not 500; a read
 * replica's query runs again on the primary). No imports: lib/http.ts and lib/db/replica.ts
 * both read it.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  // Prisma keeps the driver adapter's error in meta.driverAdapterError (not in `cause`); that
  // error's `cause` says what happened: a kind, and PostgreSQL's code (57P01 when the server
  // shuts down under a query).
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    const { code, message, kind, cause, meta } = e as {
      code?: unknown;
      message?: unknown;
      kind?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (
      typeof kind === "string" &&
      ["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"].includes(kind)
    )
      return true;
    if (
      typeof message === "string" &&
      /ECONNREFUSED|connection terminated|terminating connection|server has closed the connection|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|Can't reach database/i.test(
        message,
      )
    ) {
      return true;
    }
    e = cause ?? meta?.driverAdapterError;
  }
  return false;
}
