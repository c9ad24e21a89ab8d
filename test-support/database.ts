import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A throw-away database on the test server, dropped by the returned function: empty, or a copy
 * of `template` (a database URL on the same server that nobody is connected to).
 */
export async function createScratchDatabase({ template }: { template?: string } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `planazo_scratch_${randomBytes(4).toString("hex")}`;
  const admin = new URL(base);
  admin.pathname = "/postgres";
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const from = template ? ` TEMPLATE "${decodeURIComponent(new URL(template).pathname.slice(1))}"` : "";
  await run(`CREATE DATABASE ${name}${from}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
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
