import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { CABECERA_CACHE } from "@/lib/paginas-publicas/cache";
import { planPath } from "@/lib/plans/plan";
import { READ_YOUR_WRITES_COOKIE } from "@/lib/cookies";
import { freePort, startAppServer, type AppServer } from "@/test-support/app-server";
import { cookieDe, setCookieDe } from "@/test-support/cookies";
import { query } from "@/test-support/database";
import {
  camposEvento,
  camposOrganizacion,
  enviarFormulario,
  enviarFormularioConCookies,
  formulario,
  png,
} from "@/test-support/forms";
import { pairDatabaseUrl, startReplicaPair, type ReplicaPair } from "@/test-support/replica-pair";
import { confirmedUser, freshIp } from "@/test-support/users";
import { worker } from "@/test-support/worker";

import { createPrismaClient, type PrismaClient } from "./client";
import { BREAKER_MS, parseLsn, ReplicaRouter, replicaWithFallback } from "./replica";

/**
 * One PostgreSQL primary with a hot standby of its own for this file (test-support/replica-pair.ts),
 * made once: the replica router's tests use it directly, then two instances of the built app
 * with DATABASE_READ_URL naming the standby, started while the pair is made.
 */
let pair: ReplicaPair;
let a: AppServer;
let b: AppServer;

beforeAll(async () => {
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  // Replay stays paused for a few seconds at a time here, well inside this bound.
  const env = {
    ...worker().appEnv,
    DATABASE_URL: pairDatabaseUrl(primaryPort),
    DATABASE_READ_URL: pairDatabaseUrl(replicaPort),
    DATABASE_READ_MAX_LAG: "120",
  };
  // The instances start while the pair is made: they answer /api/health once the primary does.
  const [p, x, y] = await Promise.allSettled([
    startReplicaPair({ primaryPort, replicaPort }),
    startAppServer(env, { timeoutMs: 120_000 }),
    startAppServer(env, { timeoutMs: 120_000 }),
  ]);
  // What started is stopped by afterAll, also when something else did not.
  if (p.status === "fulfilled") pair = p.value;
  if (x.status === "fulfilled") a = x.value;
  if (y.status === "fulfilled") b = y.value;
  for (const r of [p, x, y]) if (r.status === "rejected") throw r.reason;
  // The standby replays the migration while it starts: on busy cores it may still be behind
  // when the first test probes it, which would read as a lagging replica.
  await pair.waitForReplay(60_000);
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pair?.stop();
});

/** The router and the replica's client against a real primary and hot standby, with a clock the test moves. */
describe("ReplicaRouter against a real hot standby", () => {
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
    primary = client(pair.primaryUrl);
    replica = client(pair.replicaUrl);
    // The standby replays the migration while it starts: on busy cores it may still be behind
    // when the first test probes it, which would read as a lagging replica.
    await pair.waitForReplay(60_000);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.$disconnect()));
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

/**
 * The two app instances on the pair. Pausing the standby's replay (pg_wal_replay_pause) makes
 * what it serves observable: a change made meanwhile is on the primary only, so whoever does not
 * see it read the replica.
 */
describe("a read replica (DATABASE_READ_URL)", () => {
  let autora: { token: string };

  beforeAll(async () => {
    autora = await confirmedUser("Autora Réplica", a.url, pair.primaryUrl);
  });

  /** A GET as a visitor (or with a bearer token or a cookie): status and body. */
  async function get(app: AppServer, ruta: string, { token, cookie }: { token?: string; cookie?: string } = {}) {
    const res = await fetch(`${app.url}${ruta}`, {
      headers: {
        "X-Forwarded-For": freshIp(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      redirect: "manual",
    });
    return { status: res.status, text: await res.text() };
  }

  /** The ids of the plans a search around the point finds. */
  async function encontrados(app: AppServer, [lng, lat]: number[], quien: { token?: string; cookie?: string } = {}) {
    const res = await get(app, `/api/plan?lat=${lat}&lng=${lng}&radio=5`, quien);
    expect(res.status).toBe(200);
    return (JSON.parse(res.text).planes as { _id: string }[]).map((p) => p._id);
  }

  async function publicar(titulo: string, [lng, lat]: number[]) {
    const campos = {
      ...camposEvento(),
      titulo,
      ubicacion: JSON.stringify({ type: "Point", coordinates: [lng, lat] }),
      archivoCartel: { bytes: await png(300, 420), nombre: "cartel.png" },
    };
    const res = await enviarFormularioConCookies("POST", "/api/plan", formulario(campos), autora.token, a.url);
    expect(res.status).toBe(201);
    return { id: (res.body.plan as { _id: string })._id, setCookie: res.setCookie };
  }

  let marcas = 0;
  /**
   * Both instances read the replica: each has probed it since it last caught up. A probe runs in
   * the background of the request that starts it (and a first one also connects), so on a busy
   * machine it may not have ended after any fixed wait: this proves it instead. A town added on
   * the primary while replay is paused is unknown to a visitor of an instance that reads the
   * replica; until both say so, they catch up and are asked again.
   */
  async function conLecturasEnLaReplica() {
    const t0 = Date.now();
    for (;;) {
      await pair.waitForReplay();
      for (const app of [a, b]) await get(app, "/api/geocode?q=Teruel");
      await new Promise((r) => setTimeout(r, 100));
      const marca = `Testigorréplica ${++marcas}`;
      await pair.pauseReplay();
      try {
        const ine = String(98000 + marcas);
        await query(
          pair.primaryUrl,
          `INSERT INTO municipio (ine, nombre, nombre_oficial, nombres_alternativos, provincia, comunidad, lat, lng, poblacion)
           VALUES ($1, $2, $2, ARRAY[]::text[], 'Teruel', 'Aragón', 40.3, -1.1, 10)`,
          [ine, marca],
        );
        await query(pair.primaryUrl, "INSERT INTO municipio_clave (ine, clave) VALUES ($1, planazo_normaliza($2))", [
          ine,
          marca,
        ]);
        let ambas = true;
        for (const app of [a, b]) {
          const { results } = JSON.parse((await get(app, `/api/geocode?q=${encodeURIComponent(marca)}`)).text);
          if (JSON.stringify(results).includes(marca)) ambas = false;
        }
        if (ambas) return;
      } finally {
        await pair.resumeReplay();
      }
      expect(Date.now() - t0).toBeLessThan(20_000);
    }
  }

  const enLaReplica = async (tabla: string, id: string) =>
    (await query(pair.replicaUrl, `SELECT 1 FROM ${tabla} WHERE id = $1`, [id])).length === 1;
  const enLaPrimaria = async (tabla: string, id: string) =>
    (await query(pair.primaryUrl, `SELECT 1 FROM ${tabla} WHERE id = $1`, [id])).length === 1;

  it("serves searches, plan and organization pages, the ICS feed, the sitemap and geocoding from the replica; changes go to the primary; whoever made one reads it at once", async () => {
    const punto = [-1.1, 40.3];
    await conLecturasEnLaReplica();
    await pair.pauseReplay();
    let id = "";
    try {
      let setCookie: string[];
      ({ id, setCookie } = await publicar("Concierto en la réplica", punto));
      const logo = { bytes: await png(), nombre: "logo.png" };
      const org = await enviarFormulario(
        "POST",
        "/api/organizacion",
        formulario({ ...camposOrganizacion(), nombre: "Peña de la Réplica", archivoLogo: logo }),
        autora.token,
        a.url,
      );
      expect(org.status).toBe(201);
      const orgId = (org.body.organizacion as { _id: string })._id;
      await query(
        pair.primaryUrl,
        `INSERT INTO municipio (ine, nombre, nombre_oficial, nombres_alternativos, provincia, comunidad, lat, lng, poblacion)
         VALUES ('99001', 'Villarréplica', 'Villarréplica', ARRAY[]::text[], 'Teruel', 'Aragón', 40.3, -1.1, 10);
         INSERT INTO municipio_clave (ine, clave) VALUES ('99001', planazo_normaliza('Villarréplica'))`,
      );

      // The changes are on the primary only: they were made there (the standby is read-only).
      expect(await enLaPrimaria("plan", id)).toBe(true);
      expect(await enLaPrimaria("organizacion", orgId)).toBe(true);
      expect(await enLaReplica("plan", id)).toBe(false);
      expect(await enLaReplica("organizacion", orgId)).toBe(false);

      // A visitor, on either instance, is answered from the replica: none of it is there yet.
      for (const app of [a, b]) {
        expect(await encontrados(app, punto)).not.toContain(id);
        expect((await get(app, `/api/plan/detalle/${id}`)).status).toBe(404);
        expect((await get(app, planPath("Concierto en la réplica", id))).status).toBe(404);
        expect((await get(app, `${planPath("Concierto en la réplica", id)}/calendario.ics`)).status).toBe(404);
        expect((await get(app, `/api/organizacion/detalle/${orgId}`)).status).toBe(404);
        expect((await get(app, organizacionPath("Peña de la Réplica", orgId))).status).toBe(404);
        expect((await get(app, "/sitemap/0.xml")).text).not.toContain(id);
        expect(JSON.parse((await get(app, "/api/geocode?q=Villarréplica")).text).results).toEqual([]);
      }
      const lectores = await query<{ n: number }>(
        pair.replicaUrl,
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'planazo-read'",
      );
      expect(lectores[0].n).toBeGreaterThan(0);

      // The author reads their own change, through the primary, until the replica has it: with
      // the bearer token the change was made with, or with the cookie its answer set.
      expect(setCookieDe(setCookie, READ_YOUR_WRITES_COOKIE)).toMatch(
        /^planazo\.lsn=[0-9A-F]+\/[0-9A-F]+; .*HttpOnly/i,
      );
      const cookie = cookieDe(setCookie, READ_YOUR_WRITES_COOKIE);
      for (const app of [a, b]) {
        for (const quien of [{ token: autora.token }, { cookie }]) {
          expect(await encontrados(app, punto, quien)).toContain(id);
          expect((await get(app, `/api/plan/detalle/${id}`, quien)).status).toBe(200);
          expect((await get(app, `/api/organizacion/detalle/${orgId}`, quien)).status).toBe(200);
        }
        expect((await get(app, planPath("Concierto en la réplica", id), { cookie })).status).toBe(200);
      }
    } finally {
      await pair.resumeReplay();
    }

    // Once replay catches up, a visitor of the other instance finds all of it there.
    const t0 = Date.now();
    while (!(await encontrados(b, punto)).includes(id)) {
      expect(Date.now() - t0).toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await get(b, `/api/plan/detalle/${id}`)).status).toBe(200);
    expect((await get(b, planPath("Concierto en la réplica", id))).status).toBe(200);
    expect((await get(b, "/sitemap/0.xml")).text).toContain(id);
    expect(JSON.parse((await get(b, "/api/geocode?q=Villarréplica")).text).results).toHaveLength(1);
  });

  it("the plan page cache renders a changed page from data at least as new as the change, with the replica behind", async () => {
    const punto = [-1.2, 40.4];
    await conLecturasEnLaReplica();
    const { id } = await publicar("Feria de la réplica", punto);
    const ruta = planPath("Feria de la réplica", id);
    const documento = async () => {
      const res = await fetch(`${a.url}${ruta}`, { headers: { accept: "text/html" }, redirect: "manual" });
      return { status: res.status, cache: res.headers.get(CABECERA_CACHE), html: await res.text() };
    };
    await pair.waitForReplay();
    await documento();
    expect((await documento()).cache).toBe("hit");

    await pair.pauseReplay();
    try {
      const cambio = formulario({ descripcion: "Ahora con **gaiteros**" });
      expect((await enviarFormulario("PATCH", `/api/plan/${id}`, cambio, autora.token, a.url)).status).toBe(200);
      // The cache's key moves on at once (read on the primary), and the page it renders for the
      // new key must show the change, not what the replica still holds.
      const visita = await documento();
      expect(visita).toMatchObject({ status: 200, cache: "miss" });
      expect(visita.html).toContain("gaiteros");
      expect((await documento()).html).toContain("gaiteros");
    } finally {
      await pair.resumeReplay();
    }
  });

  it("with the replica down, every read falls back to the primary at once, with no error; reads come back to it when it is up", async () => {
    const punto = [-1.3, 40.5];
    await conLecturasEnLaReplica();
    await pair.stopReplica();
    try {
      const { id } = await publicar("Verbena sin réplica", punto);
      const t0 = Date.now();
      const rutas = [
        `/api/plan?lat=${punto[1]}&lng=${punto[0]}&radio=5`,
        `/api/plan/detalle/${id}`,
        planPath("Verbena sin réplica", id),
        `${planPath("Verbena sin réplica", id)}/calendario.ics`,
        `/?lat=${punto[1]}&lng=${punto[0]}&radio=5`,
        "/api/geocode?q=Teruel",
        "/sitemap/0.xml",
      ];
      for (const app of [a, b]) {
        const respuestas = await Promise.all([...rutas, ...rutas].map((ruta) => get(app, ruta)));
        expect(respuestas.map((r) => r.status)).toEqual([...rutas, ...rutas].map(() => 200));
        expect(await encontrados(app, punto)).toContain(id);
      }
      // Connections are refused at once, and the breaker keeps reads off the replica.
      expect(Date.now() - t0).toBeLessThan(10_000);
    } finally {
      await pair.startReplica();
    }

    // Back: once it has caught up, a probe after the breaker finds it, and visitors are answered
    // from it again (a plan published while its replay is paused is not in their search).
    const t1 = Date.now();
    for (let vuelta = 1; ; vuelta++) {
      await conLecturasEnLaReplica();
      await pair.pauseReplay();
      try {
        const { id } = await publicar(`Vuelta ${vuelta}`, punto);
        if (!(await encontrados(a, punto)).includes(id)) break;
      } finally {
        await pair.resumeReplay();
      }
      expect(Date.now() - t1).toBeLessThan(15_000);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 60_000);
});
