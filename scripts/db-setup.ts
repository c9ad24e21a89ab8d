/**
 * Gets a database ready: with DATABASE_URL set it uses that server; without it, it creates and
 * starts a project-local PostgreSQL cluster under .data/ with the machine's own binaries.
 * Then it creates the database and extensions, migrates, loads the municipality gazetteer and,
 * with --seed, the demo data.
 *
 *   tsx scripts/db-setup.ts [--database NAME] [--seed] [--reset]
 */
import { parseArgs } from "node:util";
import { env, localDatabaseUrl } from "../lib/env";
import { migrate } from "../lib/db/migrate";
import { SetupError, ensureDatabase, ensureLocalCluster } from "./lib/local-postgres";
import { loadGazetteer } from "../lib/geo/load-gazetteer";
import { createPrismaClient } from "../lib/db/client";
import { seedDemo } from "../prisma/seed";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    seed: { type: "boolean", default: false },
    reset: { type: "boolean", default: false },
  },
});

async function main(): Promise<void> {
  const config = env();
  let databaseUrl: string;
  if (process.env.DATABASE_URL) {
    databaseUrl = config.DATABASE_URL;
    if (values.database) {
      const url = new URL(databaseUrl);
      url.pathname = `/${values.database}`;
      databaseUrl = url.toString();
    }
  } else {
    await ensureLocalCluster(config.LOCAL_PG_PORT);
    databaseUrl = localDatabaseUrl(values.database ?? "planazo", config.LOCAL_PG_PORT);
  }

  await ensureDatabase(databaseUrl);
  const { applied } = await migrate(databaseUrl);
  console.log(`database ${new URL(databaseUrl).pathname.slice(1)}: ${applied.length} migration(s) applied`);

  const prisma = createPrismaClient(databaseUrl, 4);
  try {
    const count = await loadGazetteer(prisma);
    console.log(`gazetteer: ${count} municipalities loaded`);
    if (values.seed) {
      const summary = await seedDemo(prisma, { reset: values.reset });
      console.log(summary);
    }
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  if (error instanceof SetupError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
