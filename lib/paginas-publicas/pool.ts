import pg from "pg";
import { env } from "../env";

const POOL = Symbol.for("planazo.paginasPublicasPool");

/**
 * The public pages' few connections to the primary (never a replica: a page's version must be
 * the one just written), so their lookups never wait behind slow queries in the app's pool:
 * the page cache's version, a rendered page's tags, and the purges.
 */
export function pool(): pg.Pool {
  const g = globalThis as { [POOL]?: pg.Pool };
  if (!g[POOL]) {
    g[POOL] = new pg.Pool({
      connectionString: env().DATABASE_URL,
      max: 4,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
      // No JIT: these are small queries, and on a table without statistics yet (purga_reloj, a
      // new database's) the planner's guess made the purges' clock query compile for 0.4 s idle
      // and past the 2 s limit on a busy host.
      options: "-c statement_timeout=2000 -c jit=off",
    });
    // An idle connection that breaks (PostgreSQL restarted) must not end the process.
    g[POOL].on("error", () => {});
  }
  return g[POOL];
}
