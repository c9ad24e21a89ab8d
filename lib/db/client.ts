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
  // JIT compilation costs more than it saves on short OLTP queries like ours, so it is off. So
  // are parallel workers: they speed up one search alone but, with many at once, leave fewer
  // cores for the others (figures in docs/performance.md).
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: applicationName,
    options: "-c jit=off -c max_parallel_workers_per_gather=0",
  });
  return new PrismaClient({ adapter });
}
