import "./lib/load-env";
import { env } from "../lib/env";
import { migrate } from "../lib/db/migrate";

const { applied, alreadyApplied } = await migrate(env().DATABASE_URL);
console.log(`migrations: ${applied.length} applied, ${alreadyApplied.length} already there`);
for (const name of applied) console.log(`  applied ${name}`);
