import "./load-env";
import { createPrismaClient } from "../../lib/db/client";
import { migrate } from "../../lib/db/migrate";
import { env, localDatabaseUrl } from "../../lib/env";
import { loadGazetteer } from "../../lib/geo/load-gazetteer";
import { seedDemo } from "../../prisma/seed";
import { ensureDatabase, ensureLocalCluster } from "./local-postgres";

export interface PrepareOptions {
  /** Database name: on the DATABASE_URL server, or in the local cluster. */
  database?: string;
  seed?: boolean;
  reset?: boolean;
  /** Drop the database first: migrations and the gazetteer only (the tests' template). */
  fresh?: boolean;
  log?: (line: string) => void;
}

/** The URL of `database` on the configured server, or in the project-local cluster (started if needed). */
export async function resolveDatabaseUrl(
  database?: string,
  log: (line: string) => void = console.log,
): Promise<string> {
  const config = env();
  if (process.env.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    if (database) url.pathname = `/${database}`;
    return url.toString();
  }
  await ensureLocalCluster(config.LOCAL_PG_PORT, log);
  return localDatabaseUrl(database ?? "planazo", config.LOCAL_PG_PORT);
}

/** Creates the database and extensions, migrates, loads the gazetteer and optionally the demo data. */
export async function prepareDatabase(options: PrepareOptions = {}): Promise<string> {
  const log = options.log ?? console.log;
  // The progress goes through `log`: scripts/test-db.ts prints only the URL on its stdout.
  const databaseUrl = await resolveDatabaseUrl(options.database, log);
  await ensureDatabase(databaseUrl, { fresh: options.fresh });
  const { applied } = await migrate(databaseUrl);
  log(`database ${new URL(databaseUrl).pathname.slice(1)}: ${applied.length} migration(s) applied`);
  const prisma = createPrismaClient(databaseUrl, 4);
  try {
    log(`gazetteer: ${await loadGazetteer(prisma)} municipalities loaded`);
    if (options.seed) log(await seedDemo(prisma, { reset: options.reset }));
  } finally {
    await prisma.$disconnect();
  }
  return databaseUrl;
}

/** Runs a setup script's main, printing setup problems without a stack trace. */
export function runScript(main: () => Promise<void>): void {
  main().catch(async (error: unknown) => {
    const { SetupError } = await import("./local-postgres");
    console.error(error instanceof SetupError ? `\n${error.message}\n` : error);
    process.exit(1);
  });
}
