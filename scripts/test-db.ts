/**
 * Prepares the test database anew (migrations and the gazetteer, nothing else: every test
 * worker's database is a copy of it) and prints its URL on stdout (progress goes to stderr).
 * The tests never touch the development database: TEST_DATABASE_URL if set; otherwise the
 * DATABASE_URL server with a database whose name ends in _test; otherwise the local cluster's
 * planazo_test.
 */
import { prepareDatabase, runScript } from "./lib/prepare-database";

function testDatabaseName(): string {
  if (!process.env.DATABASE_URL) return "planazo_test";
  const name = decodeURIComponent(new URL(process.env.DATABASE_URL).pathname.slice(1)) || "planazo";
  return name.endsWith("_test") ? name : `${name}_test`;
}

runScript(async () => {
  const explicit = process.env.TEST_DATABASE_URL;
  if (explicit) process.env.DATABASE_URL = explicit;
  const url = await prepareDatabase({
    database: explicit ? undefined : testDatabaseName(),
    fresh: true,
    log: (line) => console.error(line),
  });
  process.stdout.write(`${url}\n`);
});
