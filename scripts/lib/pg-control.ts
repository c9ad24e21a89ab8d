import { exec, execFileSync, execSync } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import pg from "pg";
import { env } from "../../lib/env";
import { DATA_DIR, ensureLocalCluster, findPostgres } from "./local-postgres";

/** How to stop and start the PostgreSQL server behind a database URL. */
export interface PgControl {
  /** The commands, as printed. */
  stopCommand: string;
  startCommand: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** The start, blocking: for exit and signal handlers, which cannot wait for a promise. */
  startSync(): void;
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]", ""]);

/** Runs a shell command without blocking the event loop (the load generator keeps timing). */
async function sh(command: string): Promise<void> {
  await promisify(exec)(command);
}

function shSync(command: string): void {
  execSync(command, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
}

/**
 * The stop/start commands for the server of `databaseUrl`: the given ones; else the
 * project-local cluster under .data/ (pg_ctl) when `localCluster` (DATABASE_URL was not set);
 * else the Debian cluster (pg_ctlcluster) listening on the URL's port on this machine.
 */
export function pgControl(
  databaseUrl: string,
  custom: { stop?: string; start?: string },
  { localCluster }: { localCluster: boolean },
): PgControl {
  if (custom.stop || custom.start) {
    if (!custom.stop || !custom.start) throw new Error("give both --pg-stop-cmd and --pg-start-cmd (or neither)");
    return {
      stopCommand: custom.stop,
      startCommand: custom.start,
      stop: () => sh(custom.stop!),
      start: () => sh(custom.start!),
      startSync: () => shSync(custom.start!),
    };
  }
  if (localCluster) {
    const pgCtl = path.join(findPostgres().bindir, "pg_ctl");
    const cluster = path.join(DATA_DIR, "pg");
    const asPostgres = process.getuid?.() === 0 ? "runuser -u postgres -- " : "";
    const stopCommand = `${asPostgres}${pgCtl} stop -D ${cluster} -m fast -w`;
    return {
      stopCommand,
      startCommand: `(the setup's own start of the local cluster: ${pgCtl} start -D ${cluster} …)`,
      stop: () => sh(stopCommand),
      // ensureLocalCluster runs pg_ctl synchronously: it is the blocking start too.
      start: () => ensureLocalCluster(env().LOCAL_PG_PORT),
      startSync: () => void ensureLocalCluster(env().LOCAL_PG_PORT).catch((e: unknown) => console.error(e)),
    };
  }
  const url = new URL(databaseUrl);
  if (!LOCAL_HOSTS.has(url.hostname)) {
    throw new Error(
      `PostgreSQL is on ${url.hostname}: give --pg-stop-cmd and --pg-start-cmd (or LOADTEST_PG_STOP / LOADTEST_PG_START) to restart it`,
    );
  }
  const port = Number(url.port || 5432);
  let clusters = "";
  try {
    clusters = execFileSync("pg_lsclusters", ["--no-header"], { encoding: "utf8" });
  } catch {
    throw new Error("pg_lsclusters is not available: give --pg-stop-cmd and --pg-start-cmd to restart PostgreSQL");
  }
  const line = clusters
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .find((cols) => Number(cols[2]) === port);
  if (!line)
    throw new Error(
      `no PostgreSQL cluster of this machine listens on port ${port}: give --pg-stop-cmd and --pg-start-cmd`,
    );
  const [version, name] = line;
  const stopCommand = `pg_ctlcluster --skip-systemctl-redirect ${version} ${name} stop -m fast`;
  const startCommand = `pg_ctlcluster --skip-systemctl-redirect ${version} ${name} start`;
  return {
    stopCommand,
    startCommand,
    stop: () => sh(stopCommand),
    start: () => sh(startCommand),
    startSync: () => shSync(startCommand),
  };
}

/** True when the server of `databaseUrl` accepts a query. */
export async function pgAnswers(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
