import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { migrate } from "@/lib/db/migrate";
import { asPostgresUser, assertPostgis, ensureDatabase, findPostgres } from "@/scripts/lib/local-postgres";
import { freePort } from "./app-server";
import { query } from "./database";

const run = promisify(execFile);

/**
 * PostgreSQL servers of a test's own, under a temporary folder on free ports, for tests that
 * stop, restart or replicate them: never the cluster the other workers share. With the machine's
 * binaries of the test server's major version, whose PostGIS is installed; as root (CI) they run
 * as the postgres user. Durability is off (fsync): nothing here outlives the test. `remove()`
 * stops every server and deletes the folder, and so does the process's exit if a test never got
 * there.
 */
export interface PgServers {
  dir: string;
  /** Runs one of the PostgreSQL binaries (initdb, pg_ctl, pg_basebackup…) as its user. */
  pg(name: string, args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** The server on the data folder `name` of `dir` (created by initdb or a base backup). */
  server(name: string, port: number): PgServer;
  remove(): void;
}

export interface PgServer {
  data: string;
  port: number;
  /** A database's URL on this server (planazo by default). */
  url(database?: string): string;
  start(extra?: string): Promise<void>;
  /** pg_ctl stop with this mode (fast: ends sessions, like a service restart). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** The end of its log, for an error message. */
  log(): string;
}

export async function pgServers(prefix = "planazo-pg-"): Promise<PgServers> {
  const [{ major }] = await query<{ major: number }>(
    process.env.DATABASE_URL!,
    "SELECT current_setting('server_version_num')::int / 10000 AS major",
  );
  const install = findPostgres({ major });
  assertPostgis(install);
  const bin = (name: string) => path.join(install.bindir, name);
  const pg = (name: string, args: string[]) => {
    const [cmd, argv] = asPostgresUser(bin(name), args);
    return run(cmd, argv, { encoding: "utf8" });
  };
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const started = new Set<string>();
  const remove = () => {
    for (const data of started) {
      try {
        const [cmd, argv] = asPostgresUser(bin("pg_ctl"), ["stop", "-D", data, "-m", "immediate"]);
        execFileSync(cmd, argv, { stdio: "ignore" });
      } catch {
        // already stopped
      }
    }
    started.clear();
    rmSync(dir, { recursive: true, force: true });
    process.removeListener("exit", remove);
  };
  process.once("exit", remove);

  return {
    dir,
    pg,
    remove,
    server(name, port) {
      const data = path.join(dir, name);
      return {
        data,
        port,
        url: (database = "planazo") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
        async start(extra = "") {
          started.add(data);
          const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off ${extra}`;
          await pg("pg_ctl", ["start", "-w", "-t", "60", "-D", data, "-l", `${data}.log`, "-o", options]);
        },
        async stop(mode = "fast") {
          await pg("pg_ctl", ["stop", "-w", "-D", data, "-m", mode]).catch(() => undefined);
        },
        log() {
          try {
            return readFileSync(`${data}.log`, "utf8").split("\n").slice(-10).join("\n");
          } catch {
            return "";
          }
        },
      };
    },
  };
}

/** A new cluster of its own with planazo created and migrated, started on a free port. */
export async function startOwnCluster(): Promise<{ servers: PgServers; server: PgServer; url: string }> {
  const servers = await pgServers();
  const server = servers.server("primary", await freePort());
  try {
    await initCluster(servers, server.data);
    await server.start("-c full_page_writes=off");
    await ensureDatabase(server.url());
    await migrate(server.url());
  } catch (error) {
    const log = server.log();
    servers.remove();
    throw new Error(`could not start a PostgreSQL of the test's own: ${error}\n${log}`);
  }
  return { servers, server, url: server.url() };
}

export async function initCluster(servers: PgServers, data: string): Promise<void> {
  await servers.pg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "-N"]);
}
