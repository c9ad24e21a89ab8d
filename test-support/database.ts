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
  await query(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await query(admin, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${databaseName(template)}"` : ""}`);
  return databaseUrlNamed(url, name);
}

export async function dropDatabase(url: string): Promise<void> {
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

export async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The search version as the app reads it (planazo_version_busqueda(): the sum of its 16 counters). */
export async function versionDeBusqueda(url: string): Promise<string> {
  const [{ version }] = await query<{ version: string }>(url, "SELECT version::text FROM planazo_version_busqueda()");
  return version;
}
