import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "../generated/prisma/client";
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

/** What begins the text of a statement each connection prepares once (preparada). */
const MARCA_PREPARADA = "/* preparada */ ";

/**
 * A query whose text never changes (its values are parameters), prepared once per connection:
 * PostgreSQL then parses and plans it once instead of on every call. For the hot reads only
 * (a search's cards, the search version, a plan's page): a connection keeps every statement it
 * prepared, so a text that varies (a list of parameters of any length) must never be one.
 */
export const preparada = (sql: Prisma.Sql): Prisma.Sql => Prisma.sql([MARCA_PREPARADA, ""], sql);

/** The names of the prepared statements by text: as few as the texts marked with preparada. */
const nombres = new Map<string, string>();

/** The name of a prepared statement (preparada): its text's hash, so one name is always one text. */
function nombreDeSentencia({ sql }: { sql: string }): string {
  // pg runs a statement without a name unprepared.
  if (!sql.startsWith(MARCA_PREPARADA)) return undefined as unknown as string;
  let nombre = nombres.get(sql);
  if (nombre === undefined)
    nombres.set(sql, (nombre = `planazo_${createHash("sha1").update(sql).digest("base64url")}`));
  return nombre;
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
    {
      statementNameGenerator: nombreDeSentencia,
      ...(marcaCaidas && { onPoolError: notarCaida, onConnectionError: notarCaida }),
    },
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
