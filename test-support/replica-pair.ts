import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { migrate } from "@/lib/db/migrate";
import { asPostgresUser, assertPostgis, ensureDatabase, findPostgres } from "@/scripts/lib/local-postgres";
import { freePort } from "./app-server";
import { query } from "./database";

/**
 * A PostgreSQL primary and a hot standby streaming from it, of their own, under a temporary
 * folder on free ports: the test clusters cannot serve (their pg_hba.conf may have no replication
 * rule, and a base backup of them would copy every database on them). With the machine's
 * binaries of the test server's major version, whose PostGIS is installed; as root (CI) they run
 * as the postgres user. Durability is off (fsync, full-page writes): nothing here outlives the
 * test. `stop()` removes everything, and so does the process's exit if a test never got there.
 */
export interface ReplicaPair {
  /** planazo on the primary, migrated. */
  primaryUrl: string;
  /** The same database on the standby. */
  replicaUrl: string;
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the standby has replayed everything the primary had written when called. */
  waitForReplay(timeoutMs?: number): Promise<void>;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  stop(): Promise<void>;
}

const run = promisify(execFile);

/** The URL of the pair's database on the server at `port`. */
export const pairDatabaseUrl = (port: number) => `postgresql://postgres@127.0.0.1:${port}/planazo`;

/**
 * Starts the pair, on the given ports if any: a test that picks them first can start what
 * connects to the pair (the app) meanwhile.
 */
export async function startReplicaPair(
  ports: { primaryPort?: number; replicaPort?: number } = {},
): Promise<ReplicaPair> {
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

  const dir = mkdtempSync(path.join(tmpdir(), "planazo-replica-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const primaryDir = path.join(dir, "primary");
  const replicaDir = path.join(dir, "replica");
  const primaryPort = ports.primaryPort ?? (await freePort());
  const replicaPort = ports.replicaPort ?? (await freePort());
  const url = pairDatabaseUrl;
  const options = (port: number) => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = (data: string, port: number, extra = "") =>
    pg("pg_ctl", ["start", "-w", "-t", "60", "-D", data, "-l", `${data}.log`, "-o", `${options(port)} ${extra}`]);
  const stopServer = (data: string) => pg("pg_ctl", ["stop", "-D", data, "-m", "fast"]).catch(() => undefined);
  const started = new Set<string>();

  const stopNow = () => {
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
  };
  process.once("exit", stopNow);

  try {
    await pg("initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "-N"]);
    started.add(primaryDir);
    await start(primaryDir, primaryPort, "-c full_page_writes=off");
    // The base backup and the standby's start overlap the migration: the standby replays it.
    await Promise.all([
      (async () => {
        await pg("pg_basebackup", [
          ...["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres"],
          ...["-D", replicaDir, "-R", "-X", "stream", "-c", "fast", "-N"],
        ]);
        started.add(replicaDir);
        await start(replicaDir, replicaPort);
      })(),
      (async () => {
        await ensureDatabase(url(primaryPort));
        await migrate(url(primaryPort));
      })(),
    ]);
  } catch (error) {
    const logs = [primaryDir, replicaDir]
      .map((d) => {
        try {
          return readFileSync(`${d}.log`, "utf8").split("\n").slice(-10).join("\n");
        } catch {
          return "";
        }
      })
      .join("\n");
    stopNow();
    process.removeListener("exit", stopNow);
    throw new Error(`could not start the primary and standby: ${error}\n${logs}`);
  }

  const primaryUrl = url(primaryPort);
  const replicaUrl = url(replicaPort);
  const pair: ReplicaPair = {
    primaryUrl,
    replicaUrl,
    async pauseReplay() {
      await query(replicaUrl, "SELECT pg_wal_replay_pause()");
      for (;;) {
        const [{ state }] = await query<{ state: string }>(
          replicaUrl,
          "SELECT pg_get_wal_replay_pause_state() AS state",
        );
        if (state === "paused") return;
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async resumeReplay() {
      await query(replicaUrl, "SELECT pg_wal_replay_resume()");
    },
    async waitForReplay(timeoutMs = 10_000) {
      const [{ lsn }] = await query<{ lsn: string }>(primaryUrl, "SELECT pg_current_wal_insert_lsn()::text AS lsn");
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [{ ok }] = await query<{ ok: boolean }>(
          replicaUrl,
          "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok",
          [lsn],
        );
        if (ok) return;
        if (Date.now() > deadline) throw new Error(`the standby did not replay ${lsn} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stopReplica() {
      await stopServer(replicaDir);
    },
    async startReplica() {
      await start(replicaDir, replicaPort);
    },
    async stop() {
      await Promise.all([stopServer(replicaDir), stopServer(primaryDir)]);
      started.clear();
      stopNow();
      process.removeListener("exit", stopNow);
    },
  };
  return pair;
}
