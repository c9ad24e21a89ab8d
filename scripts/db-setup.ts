/**
 * Gets the database ready: with DATABASE_URL set it uses that server; without it, it creates
 * and starts a project-local PostgreSQL cluster under .data/ with the machine's own binaries.
 * Then: database, extensions, migrations, municipality gazetteer and, with --seed, demo data.
 *
 *   tsx scripts/db-setup.ts [--database NAME] [--seed] [--reset]
 */
import { parseArgs } from "node:util";
import { prepareDatabase, runScript } from "./lib/prepare-database";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    seed: { type: "boolean", default: false },
    reset: { type: "boolean", default: false },
  },
});

runScript(async () => {
  await prepareDatabase(values);
});
