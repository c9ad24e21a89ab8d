import { randomBytes } from "node:crypto";
import pg from "pg";

/** The database a URL names. */
export const databaseName = (url: string): string => decodeURIComponent(new URL(url).pathname.slice(1));

/** The URL of database `name` on the same server as `url`. */
export function databaseUrlNamed(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

/**
 * Makes database `name` anew on the server of `url`: empty, or a copy of `template` (a database
 * URL on the same server that nobody is connected to). Returns its URL.
 */
export async function createDatabase(url: string, name: string, { template }: { template?: string } = {}) {
  const admin = databaseUrlNamed(url, "postgres");
  // A template must have no sessions: this process's kept connections to it go first.
  if (template) await cerrarConexiones(template);
  await query(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await query(admin, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${databaseName(template)}"` : ""}`);
  return databaseUrlNamed(url, name);
}

export async function dropDatabase(url: string): Promise<void> {
  await cerrarConexiones(url);
  await query(databaseUrlNamed(url, "postgres"), `DROP DATABASE IF EXISTS "${databaseName(url)}" WITH (FORCE)`);
}

/** A throw-away database on the test server (see createDatabase), dropped by the returned function. */
export async function createScratchDatabase(options: { template?: string } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const url = await createDatabase(
    process.env.DATABASE_URL!,
    `planazo_scratch_${randomBytes(4).toString("hex")}`,
    options,
  );
  return { url, drop: () => dropDatabase(url) };
}

// A few connections per database, kept for the queries that follow: a new PostgreSQL session
// forks a backend and loads PostGIS on its first spatial call, tens of milliseconds of CPU,
// where the query itself often takes one or two.
const pools = new Map<string, pg.Pool>();

function poolDe(url: string): pg.Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 8, idleTimeoutMillis: 2_000, allowExitOnIdle: true });
    // An idle connection whose database was dropped or restarted: the next query gets a new one.
    pool.on("error", () => undefined);
    pools.set(url, pool);
  }
  return pool;
}

/** A statement that sets something for the rest of its session (SET or RESET without LOCAL). */
const AJUSTE_DE_SESION = /(^|;)\s*(SET|RESET)\s+(?!LOCAL\b)/i;

/**
 * One statement on the database of `url` (its own transaction), on one of the connections kept
 * for it. What it sets for its session (`SET session_replication_role = replica; …`) ends with it:
 * the connection forgets it (DISCARD ALL) before it serves another query.
 */
export async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (!AJUSTE_DE_SESION.test(sql)) return (await poolDe(url).query<T>(sql, params)).rows;
  const client = await poolDe(url).connect();
  let roto: Error | undefined;
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.query("DISCARD ALL").catch((e: Error) => (roto = e));
    // A connection that could not forget is closed instead of kept.
    client.release(roto);
  }
}

/** Closes the connections kept for `url` (before its database is dropped or copied). */
export async function cerrarConexiones(url: string): Promise<void> {
  const pool = pools.get(url);
  pools.delete(url);
  await pool?.end();
}

/** The search version as the app reads it (planazo_version_busqueda(): the sum of its 16 counters). */
export async function versionDeBusqueda(url: string): Promise<string> {
  const [{ version }] = await query<{ version: string }>(url, "SELECT version::text FROM planazo_version_busqueda()");
  return version;
}
