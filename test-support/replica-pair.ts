import { ensureDatabase } from "@/scripts/lib/local-postgres";
import { migrate } from "@/lib/db/migrate";
import { freePort } from "./app-server";
import { query } from "./database";
import { initCluster, pgServers } from "./pg-cluster";

/**
 * A PostgreSQL primary and a hot standby streaming from it, of their own (test-support/pg-cluster.ts):
 * the test clusters cannot serve (their pg_hba.conf may have no replication rule, and a base
 * backup of them would copy every database on them). `stop()` removes everything.
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

/** The URL of the pair's database on the server at `port`. */
export const pairDatabaseUrl = (port: number) => `postgresql://postgres@127.0.0.1:${port}/planazo`;

/**
 * Starts the pair, on the given ports if any: a test that picks them first can start what
 * connects to the pair (the app) meanwhile.
 */
export async function startReplicaPair(
  ports: { primaryPort?: number; replicaPort?: number } = {},
): Promise<ReplicaPair> {
  const servers = await pgServers("planazo-replica-");
  const primary = servers.server("primary", ports.primaryPort ?? (await freePort()));
  const replica = servers.server("replica", ports.replicaPort ?? (await freePort()));
  const primaryPort = primary.port;
  const url = pairDatabaseUrl;
  try {
    await initCluster(servers, primary.data);
    await primary.start("-c full_page_writes=off");
    // The base backup and the standby's start overlap the migration: the standby replays it.
    await Promise.all([
      (async () => {
        await servers.pg("pg_basebackup", [
          ...["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres"],
          ...["-D", replica.data, "-R", "-X", "stream", "-c", "fast", "-N"],
        ]);
        await replica.start();
      })(),
      (async () => {
        await ensureDatabase(url(primaryPort));
        await migrate(url(primaryPort));
      })(),
    ]);
  } catch (error) {
    const logs = `${primary.log()}\n${replica.log()}`;
    servers.remove();
    throw new Error(`could not start the primary and standby: ${error}\n${logs}`);
  }

  const primaryUrl = url(primaryPort);
  const replicaUrl = url(replica.port);
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
      await replica.stop();
    },
    async startReplica() {
      await replica.start();
    },
    async stop() {
      await Promise.all([replica.stop(), primary.stop()]);
      servers.remove();
    },
  };
  return pair;
}
