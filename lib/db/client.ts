import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { env } from "../env";
import { notarCaida } from "./outage";

export type { PrismaClient };

export interface ClientOptions {
  /** PostgreSQL's application_name of the connections (pg_stat_activity tells the pools apart). */
  applicationName?: string;
  /** How long a new connection may take before the query fails. */
  connectTimeoutMs?: number;
  /**
   * The process's primary: PostgreSQL going away, seen by a query or by the pool, marks it down
   * (lib/db/outage.ts). A read replica's client does not: the primary may still answer.
   */
  marcaCaidas?: boolean;
}

/**
 * A PrismaClient on the pg driver adapter (no engine binary). Scripts and tests call this
 * directly; the app goes through lib/db/index.ts so there is one client per process (two with a
 * read replica).
 */
export function createPrismaClient(
  databaseUrl = env().DATABASE_URL,
  max = 10,
  { applicationName = "planazo", connectTimeoutMs = 5_000, marcaCaidas = false }: ClientOptions = {},
): PrismaClient {
  // JIT compilation costs more than it saves on short OLTP queries like ours, so it is off. So
  // are parallel workers: they speed up one search alone but, with many at once, leave fewer
  // cores for the others (figures in docs/performance.md).
  const adapter = new PrismaPg(
    {
      connectionString: databaseUrl,
      max,
      connectionTimeoutMillis: connectTimeoutMs,
      application_name: applicationName,
      options: "-c jit=off -c max_parallel_workers_per_gather=0",
    },
    // A shutdown first ends every idle connection ("terminating connection due to administrator
    // command"): the pool hears it before any query fails.
    marcaCaidas ? { onPoolError: notarCaida, onConnectionError: notarCaida } : undefined,
  );
  const client = new PrismaClient({ adapter });
  if (!marcaCaidas) return client;
  return client.$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          return await query(args);
        } catch (error) {
          throw notarCaida(error);
        }
      },
    },
  }) as unknown as PrismaClient;
}
