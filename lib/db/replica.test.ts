import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test-support/app-server";
import { startReplicaPair, type ReplicaPair } from "@/test-support/replica-pair";
import { createPrismaClient, type PrismaClient } from "./client";
import { BREAKER_MS, parseLsn, ReplicaRouter, replicaWithFallback } from "./replica";

describe("parseLsn", () => {
  it("reads PostgreSQL's WAL positions in order, and nothing else", () => {
    expect(parseLsn("0/3000000")).toBe(0x3000000n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn("1/0")! > parseLsn("0/FFFFFFFF")!).toBe(true);
    for (const bad of ["", "0/", "x/1", "1/2/3", "123456789/0", null, undefined]) expect(parseLsn(bad)).toBeNull();
  });
});

/** The router and the replica's client against a real primary and hot standby, with a clock the test moves. */
describe("ReplicaRouter against a real hot standby", () => {
  let pair: ReplicaPair;
  let primary: PrismaClient;
  let replica: PrismaClient;
  const clients: PrismaClient[] = [];
  let now = 1_000_000;
  const MAX_LAG_MS = 1_000;

  const client = (url: string, connectTimeoutMs = 1_000) => {
    const c = createPrismaClient(url, 2, { connectTimeoutMs });
    clients.push(c);
    return c;
  };
  const newRouter = (replicaClient = replica, maxLagMs = MAX_LAG_MS) =>
    new ReplicaRouter(primary, replicaClient, { maxLagMs, now: () => now });
  /** A change on the primary, and the WAL position a person who made it would carry. */
  const change = async () => {
    await primary.$executeRaw`UPDATE busqueda_version SET recarga = recarga`;
    const [{ lsn }] = await primary.$queryRaw<{ lsn: string }[]>`SELECT pg_current_wal_insert_lsn()::text AS lsn`;
    return parseLsn(lsn)!;
  };
  const port = (db: PrismaClient) =>
    db.$queryRaw<{ port: string }[]>`SELECT current_setting('port') AS port`.then(([r]) => Number(r.port));

  beforeAll(async () => {
    pair = await startReplicaPair();
    primary = client(pair.primaryUrl);
    replica = client(pair.replicaUrl);
    // The standby replays the migration while it starts: on busy cores it may still be behind
    // when the first test probes it, which would read as a lagging replica.
    await pair.waitForReplay(60_000);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.$disconnect()));
    await pair?.stop();
  });

  it("uses the replica once a probe finds it caught up, and waits for it to replay a person's own change", async () => {
    const router = newRouter();
    expect(router.usable()).toBe(false); // nothing known yet: the primary
    await router.refresh();
    expect(router.usable()).toBe(true);

    await pair.pauseReplay();
    try {
      const mine = await change();
      now += 100;
      await router.refresh();
      // 100 ms behind: fine for everyone, but not for whoever made that change.
      expect(router.usable()).toBe(true);
      expect(router.usable(mine)).toBe(false);

      // Longer behind than the bound: nobody reads it.
      now += MAX_LAG_MS + 100;
      await router.refresh();
      expect(router.usable()).toBe(false);
    } finally {
      await pair.resumeReplay();
    }
    await pair.waitForReplay();
    now += 100;
    await router.refresh();
    expect(router.usable()).toBe(true);
    const [{ lsn }] = await replica.$queryRaw<{ lsn: string }[]>`SELECT pg_last_wal_replay_lsn()::text AS lsn`;
    expect(router.usable(parseLsn(lsn))).toBe(true);
  });

  it("an idle primary does not make the replica look behind", async () => {
    const router = newRouter();
    await router.refresh();
    for (let i = 0; i < 3; i++) {
      now += MAX_LAG_MS * 5; // long pauses between requests, no change in between
      await router.refresh();
      expect(router.usable()).toBe(true);
    }
  });

  it("a replica that goes down: its reads run on the primary, none waits for it, and it is read again once back", async () => {
    // A bound longer than all of this: only the breaker keeps reads off the replica.
    const router = newRouter(replica, 60_000);
    const reads = replicaWithFallback(replica, primary, router);
    await router.refresh();
    expect(await port(reads)).toBe(Number(new URL(pair.replicaUrl).port));

    await pair.stopReplica();
    try {
      // The query that finds it down runs again on the primary: an answer, not an error.
      expect(await port(reads)).toBe(Number(new URL(pair.primaryUrl).port));
      expect(router.usable()).toBe(false);
      // The breaker: no probe before it ends, then one, which finds it still down.
      now += BREAKER_MS / 2;
      expect(router.usable()).toBe(false);
      now += BREAKER_MS;
      expect(router.usable()).toBe(false);
      await router.refresh();
      expect(router.usable()).toBe(false);
    } finally {
      await pair.startReplica();
    }
    now += BREAKER_MS + 1;
    expect(router.usable()).toBe(false); // this call starts the probe; it answers the next
    await router.refresh();
    expect(router.usable()).toBe(true);
    expect(await port(reads)).toBe(Number(new URL(pair.replicaUrl).port));
  }, 60_000);

  it("a replica that takes connections and never answers costs one connection timeout, then the primary", async () => {
    const sockets = new Set<Socket>();
    const blackHole: Server = createServer((s) => sockets.add(s));
    const holePort = await freePort();
    await new Promise<void>((resolve) => blackHole.listen(holePort, "127.0.0.1", resolve));
    try {
      const silent = client(`postgresql://postgres@127.0.0.1:${holePort}/planazo`);
      const router = newRouter(silent);
      const reads = replicaWithFallback(silent, primary, router);
      const t0 = performance.now();
      expect(await port(reads)).toBe(Number(new URL(pair.primaryUrl).port));
      expect(performance.now() - t0).toBeLessThan(3_000);
      expect(router.usable()).toBe(false);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => blackHole.close(r));
    }
  });

  it("a query cancelled by a conflict with recovery runs again on the primary; other errors are errors", async () => {
    // What a standby answers when replay must remove rows a query reads (SQLSTATE 40001).
    await primary.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION prueba_conflicto() RETURNS int LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_is_in_recovery() THEN
          RAISE EXCEPTION 'canceling statement due to conflict with recovery' USING ERRCODE = '40001';
        END IF;
        RETURN 1;
      END $$`);
    await pair.waitForReplay();
    const router = newRouter();
    const reads = replicaWithFallback(replica, primary, router);
    await router.refresh();
    expect(await reads.$queryRaw`SELECT prueba_conflicto() AS n`).toEqual([{ n: 1 }]);
    expect(router.usable()).toBe(true); // the replica is fine: no breaker
    await expect(reads.$queryRaw`SELECT 1/0`).rejects.toThrow(/division by zero/);
  });
});
