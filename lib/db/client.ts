import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { env } from "../env";

export type { PrismaClient };

export interface ClientOptions {
  /** PostgreSQL's application_name of the connections (pg_stat_activity tells the pools apart). */
  applicationName?: string;
  /** How long a new connection may take before the query fails. */
  connectTimeoutMs?: number;
}

/**
 * A PrismaClient on the pg driver adapter (no engine binary). Scripts and tests call this
 * directly; the app goes through lib/db/index.ts so there is one client per process (two with a
 * read replica).
 */
export function createPrismaClient(
  databaseUrl = env().DATABASE_URL,
  max = 10,
  { applicationName = "planazo", connectTimeoutMs = 5_000 }: ClientOptions = {},
): PrismaClient {
  // JIT compilation costs more than it saves on short OLTP queries like ours (measured: ~17 ms
  // of an 80 ms search), so it is off for the app's connections. So are parallel workers: a
  // search's count in a dense area would take two more processes, which makes one search
  // alone a little faster but, with many at once, leaves fewer cores for the others (32
  // connections on the load test's mix: 28 req/s with them, 44 req/s without).
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: applicationName,
    options: "-c jit=off -c max_parallel_workers_per_gather=0",
  });
  return new PrismaClient({ adapter });
}
