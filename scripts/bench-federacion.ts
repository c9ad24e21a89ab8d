/**
 * An organization's new plan sent to the fediverse, against the production build and 200 stand-in
 * servers on 127.0.0.2–127.0.0.201 (each its own address, so each is a server of its own to the
 * app's per-server cap and circuit breaker), in the database `planazo_bench_federacion` (made
 * anew each run). One owner has organization A, followed by 10,000 accounts spread over the 200
 * servers (each with a shared inbox, as Mastodon's are), and organization B, followed by nobody:
 * publishing to B is the floor.
 *   1. publishing (POST /api/plan with a small poster) to B and to A in turn, the app otherwise
 *      idle: median and p95 of each, and A's median as a ratio to B's (goal ≤ 1.2×);
 *   2. after each publication to A, the time from its answer to the 200th server's Create, each
 *      server getting it once, signed (goal: every server, once);
 *   3. the app's CPU per delivery (signing with the organization's RSA key is most of it).
 * A FAIL makes the exit code 1.
 *
 *   npm run bench:federacion [-- --seguidores 10000] [-- --servidores 200] [-- --rondas 11]
 */
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startAppServer } from "../test-support/app-server";
import { Informe, cifras, filasContraElSuelo, miles, rondasAlternas, segundos } from "./lib/informe";
import { prepareDatabase } from "./lib/prepare-database";
import { cpuDeProceso, publicadora } from "./lib/publicadora";

const { values } = parseArgs({
  options: {
    seguidores: { type: "string", default: "10000" },
    servidores: { type: "string", default: "200" },
    rondas: { type: "string", default: "11" },
  },
});
const N = Number(values.seguidores);
const SERVIDORES = Number(values.servidores);
const RONDAS = Number(values.rondas);
const GOAL_RATIO = 1.2;
const LIMITE_ENTREGA_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const informe = new Informe();
const fila = informe.fila.bind(informe);
const s = segundos;

/** What the stand-ins got: each delivery's server, activity type, object and whether it was signed. */
const recibidas: { servidor: number; tipo: string; objeto: string; firmada: boolean }[] = [];

/** One stand-in server of the fediverse on 127.0.0.{2+i}: its shared inbox answers 202 to any POST. */
async function servidor(i: number): Promise<{ base: string; cerrar: () => Promise<void> }> {
  const s = http.createServer((req, res) => {
    let cuerpo = "";
    req.on("data", (c) => (cuerpo += c));
    req.on("end", () => {
      try {
        const a = JSON.parse(cuerpo) as { type: string; object: string | { id: string } };
        recibidas.push({
          servidor: i,
          tipo: a.type,
          objeto: typeof a.object === "string" ? a.object : a.object.id,
          firmada: Boolean(req.headers.signature || req.headers["signature-input"]),
        });
      } catch {
        // Not an activity: counted as nothing.
      }
      res.writeHead(202).end();
    });
  });
  const host = `127.0.0.${2 + i}`;
  await new Promise<void>((listo) => s.listen(0, host, listo));
  return {
    base: `http://${host}:${(s.address() as AddressInfo).port}`,
    cerrar: () => new Promise((listo) => s.close(() => listo())),
  };
}

const url = await prepareDatabase({ database: "planazo_bench_federacion", fresh: true, log: () => {} });
process.env.DATABASE_URL = url;
const db = new pg.Client({ connectionString: url });
await db.connect();
const servidores = await Promise.all(Array.from({ length: SERVIDORES }, (_, i) => servidor(i)));
const app = await startAppServer({
  DATABASE_URL: url,
  BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), "planazo-bench-federacion-")),
  FEDERATION_ALLOW_LOOPBACK: "1",
});
const cpuApp = () => cpuDeProceso(app.process.pid!);

try {
  const { orgA, orgB, publicar } = await publicadora(db, app.url);

  // Followers of A: account i on server i mod SERVIDORES, each with its inbox and its server's shared one.
  await db.query(
    `INSERT INTO federacion_seguidor (actor, seguidor, bandeja, bandeja_compartida, dominio, tipo)
     SELECT 'organizaciones/' || $1, base || '/users/' || i, base || '/users/' || i || '/inbox', base || '/inbox',
            substring(base FROM '//([^:]+)'), 'Person'
     FROM generate_series(1, $2) i, LATERAL (SELECT ($3::text[])[1 + i % $4] AS base) b`,
    [orgA, N, servidores.map((v) => v.base), SERVIDORES],
  );
  await db.query("ANALYZE federacion_seguidor");
  console.log(`${miles(N)} followers of A on ${SERVIDORES} servers`);

  /** Until every server got the plan's Create: the moment of the last (or null past the limit), and what came. */
  async function esperarEntrega(planId: string) {
    const sufijo = `/ap/planes/${planId}`;
    const suyas = () => recibidas.filter((r) => r.tipo === "Create" && r.objeto.endsWith(sufijo));
    const limite = performance.now() + LIMITE_ENTREGA_MS;
    let ultimo: number | null = null;
    while (performance.now() < limite) {
      if (new Set(suyas().map((r) => r.servidor)).size >= SERVIDORES) {
        ultimo = performance.now();
        break;
      }
      await sleep(10);
    }
    await sleep(300);
    const todas = suyas();
    return {
      ultimo,
      servidores: new Set(todas.map((r) => r.servidor)).size,
      duplicadas: todas.length - new Set(todas.map((r) => r.servidor)).size,
      sinFirma: todas.filter((r) => !r.firmada).length,
    };
  }

  /** A publication to A and its deliveries, waited for; with `mientras`, run while they go out. */
  async function publicarEnA(mientras?: (planId: string) => Promise<void>) {
    const cpu = cpuApp();
    const p = await publicar(orgA);
    const fin = performance.now();
    await mientras?.(p.planId);
    const e = await esperarEntrega(p.planId);
    return { ...p, ...e, entregaMs: e.ultimo === null ? Infinity : e.ultimo - fin, cpu: cpuApp() - cpu };
  }

  // Warm-up: the routes, the pool, the federation's start (it loads on first work) and A's keys.
  for (let i = 0; i < 3; i++) await publicar(orgB);
  const primera = await publicarEnA();
  console.log(`warm-up: ${SERVIDORES} servers reached ${s(primera.entregaMs)} after the first answer`);

  const rondas = await rondasAlternas(
    RONDAS,
    () => publicar(orgB),
    () => publicarEnA(),
    (a, sueloMs, i) =>
      console.log(
        `round ${i + 1}/${RONDAS}: B ${sueloMs.toFixed(0)} ms, A ${a.ms.toFixed(0)} ms, ` +
          `${SERVIDORES} servers ${s(a.entregaMs)} after A's answer`,
      ),
  );
  const latB = rondas.suelo;
  const entregas = rondas.medidas.map((a) => a.entregaMs);
  const cpus = rondas.medidas.map((a) => a.cpu);
  const problemas = {
    faltan: rondas.medidas.reduce((n, a) => n + SERVIDORES - a.servidores, 0),
    duplicadas: rondas.medidas.reduce((n, a) => n + a.duplicadas, 0),
    sinFirma: rondas.medidas.reduce((n, a) => n + a.sinFirma, 0),
  };
  const b = cifras(latB);
  filasContraElSuelo(
    informe,
    {
      suelo: "publish to B, no followers (floor)",
      medida: `publish to A, ${miles(N)} followers on ${SERVIDORES} servers`,
    },
    latB,
    rondas.medidas.map((a) => a.ms),
    GOAL_RATIO,
  );
  const e = cifras(entregas);
  fila(`answer → ${SERVIDORES}th server's Create`, `median ${s(e.p50)}, worst ${s(Math.max(...entregas))}`);
  // Publishing while a plan's deliveries go out (to B, so that no second sending joins in).
  const durante: number[] = [];
  const ocupado = await publicarEnA(async (planId) => {
    const suyas = () => new Set(recibidas.filter((r) => r.objeto.endsWith(planId)).map((r) => r.servidor)).size;
    while (suyas() < SERVIDORES * 0.9 && durante.length < RONDAS) {
      durante.push((await publicar(orgB)).ms);
      await sleep(200);
    }
  });
  const d = cifras(durante);
  fila(
    "publish to B while A's deliveries go out",
    `p50 ${d.p50.toFixed(0)} ms, p95 ${d.p95.toFixed(0)} ms (${d.n}) = ${(d.p50 / b.p50).toFixed(2)}× the floor; ` +
      `those deliveries ${s(ocupado.entregaMs)}`,
  );
  fila("app CPU per delivery (median of the rounds)", `${(cifras(cpus).p50 / SERVIDORES).toFixed(1)} ms`);
  fila(
    "each server once, signed",
    `${problemas.faltan} missing, ${problemas.duplicadas} duplicates, ${problemas.sinFirma} unsigned`,
    "0, 0, 0",
    problemas.faltan + problemas.duplicadas + problemas.sinFirma === 0,
  );
} finally {
  await app.stop();
  await Promise.all(servidores.map((v) => v.cerrar()));
  await db.end();
}

informe.imprimir();
