/**
 * Notifications of a followed organization's new plan, against the production build and the push
 * service stand-in (test-support/servicio-push.ts: it checks each VAPID JWT, decrypts each payload
 * and answers in 10 ms) on 127.0.0.1, in the database `planazo_bench_avisos` (made anew each run).
 * One owner has organization A, followed by 10,000 people with one device each, and organization
 * B, followed by nobody: publishing to B is the floor.
 *   1. publishing (POST /api/plan with a small poster) to B and to A in turn, the app otherwise
 *      idle: median and p95 of each, and A's median as a ratio to B's (goal ≤ 1.2×);
 *   2. after each publication to A, the time from its answer to the stand-in's 10,000th
 *      notification (goal ≤ 60 s), and the most requests the stand-in had in flight at once (goal:
 *      the app's CONCURRENCIA_PUSH);
 *   3. publishing to B while the 10,000 notifications of a publication to A are being sent, as a
 *      ratio to the same floor (no goal: what a second publication meets during a fan-out);
 *   4. the stand-in answering 500 for 10 s from a publication to A: what the app's own run cannot
 *      send waits for the cron job (`npm run avisos:send`), run here every 2 s until every device
 *      has it. Every device must get exactly one copy, and every row be marked sent.
 * A FAIL makes the exit code 1.
 *
 *   npm run bench:avisos [-- --seguidores 10000] [-- --rondas 15] [-- --caida 10000] [-- --retraso 10]
 */
import "./lib/load-env";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import pg from "pg";
import { CONCURRENCIA_PUSH } from "../lib/avisos/entrega";
import { startAppServer } from "../test-support/app-server";
import { iniciarServicioPush } from "../test-support/servicio-push";
import { Informe, cifras, filasContraElSuelo, miles, rondasAlternas, segundos } from "./lib/informe";
import { prepareDatabase } from "./lib/prepare-database";
import { cpuDeProceso, publicadora } from "./lib/publicadora";

const { values } = parseArgs({
  options: {
    seguidores: { type: "string", default: "10000" },
    rondas: { type: "string", default: "15" },
    /** How long the stand-in answers 500 in the failure run, ms. */
    caida: { type: "string", default: "10000" },
    /**
     * How long the stand-in takes to answer each notification, ms: a push service's own time.
     * With 0 it answers each request in the tick it arrives, so none is ever in flight beside
     * another and the concurrency cannot be seen.
     */
    retraso: { type: "string", default: "10" },
  },
});
const N = Number(values.seguidores);
const RONDAS = Number(values.rondas);
const CAIDA_MS = Number(values.caida);
const GOAL_RATIO = 1.2;
const GOAL_ENTREGA_S = 60;
/** How often the failure run runs the cron job (production: every minute). */
const CRON_CADA_MS = 2_000;
/** The failure run gives up here: notifications still missing then count as lost. */
const LIMITE_FALLO_MS = 180_000;
const ROOT = path.resolve(import.meta.dirname, "..");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const informe = new Informe();
const fila = informe.fila.bind(informe);
const s = segundos;

const url = await prepareDatabase({ database: "planazo_bench_avisos", fresh: true, log: () => {} });
// The outbox helpers of the test users read DATABASE_URL: the app's database.
process.env.DATABASE_URL = url;
const db = new pg.Client({ connectionString: url });
await db.connect();
const servicio = await iniciarServicioPush({ retraso: Number(values.retraso) });
const envApp = {
  DATABASE_URL: url,
  BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), "planazo-bench-avisos-")),
  PUSH_ALLOW_LOOPBACK: "1",
  PUSH_HORAS_SILENCIO: "no",
};
const app = await startAppServer(envApp);
const cpuApp = () => cpuDeProceso(app.process.pid!);
/** CPU time of this process, the push service stand-in's decryption and checks almost all of it, ms. */
const cpuPropia = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

try {
  const { orgA, orgB, publicar } = await publicadora(db, app.url);

  // Followers in three statements: confirmed follows of A, one device each on the stand-in.
  const t = performance.now();
  await db.query(
    `INSERT INTO usuario (id, name, email, email_verified)
     SELECT 'seguidora-' || i, 'Seguidora ' || i, 'seguidora' || i || '@example.com', true FROM generate_series(1, $1) i`,
    [N],
  );
  await db.query(
    `INSERT INTO seguimiento (usuario_id, organizacion_id, confirmado_en)
     SELECT 'seguidora-' || i, $2::uuid, now() FROM generate_series(1, $1) i`,
    [N, orgA],
  );
  // A device belongs to a session: one each, alive for the run.
  await db.query(
    `INSERT INTO sesion (id, token, expires_at, user_id)
     SELECT 'sesion-' || i, 'token-' || i, now() + interval '1 day', 'seguidora-' || i FROM generate_series(1, $1) i`,
    [N],
  );
  const dispositivos = Array.from({ length: N }, () => servicio.nuevaSuscripcion());
  await db.query(
    `INSERT INTO push_suscripcion (usuario_id, sesion_id, endpoint, p256dh, auth)
     SELECT 'seguidora-' || i, 'sesion-' || i, e, p, a
     FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS d(e, p, a, i)`,
    [dispositivos.map((d) => d.endpoint), dispositivos.map((d) => d.keys.p256dh), dispositivos.map((d) => d.keys.auth)],
  );
  await db.query("ANALYZE usuario; ANALYZE seguimiento; ANALYZE sesion; ANALYZE push_suscripcion");
  console.log(`${miles(N)} followers of A with one device each, written in ${s(performance.now() - t)}`);

  /** The plan's push_envio rows: how many, how many sent, and their attempts. */
  async function filas(planId: string) {
    const { rows } = await db.query<{ filas: number; enviadas: number; intentos: number; max: number }>(
      `SELECT count(*)::int AS filas, count(enviado_en)::int AS enviadas,
              coalesce(sum(intentos), 0)::int AS intentos, coalesce(max(intentos), 0)::int AS max
       FROM push_envio WHERE clave = $1`,
      [`publicado:${planId}`],
    );
    return rows[0];
  }

  /**
   * Waits until the stand-in has had N notifications since it was last emptied and the app has
   * marked the plan's rows sent: the moment of the N-th (performance.now()), or null past `ms`.
   * Then checks that each device got the plan's notification once.
   */
  async function esperarEntrega(planId: string, ms: number) {
    const hasta = performance.now() + ms;
    let ultimo: number | null = null;
    while (performance.now() < hasta) {
      if (servicio.recibidos.length >= N) {
        ultimo = performance.now();
        break;
      }
      await sleep(10);
    }
    while (ultimo !== null && performance.now() < hasta && (await filas(planId)).enviadas < N) await sleep(50);
    const suyos = servicio.recibidos.filter((r) => (r.carga as { url: string }).url.endsWith(`/${planId}`));
    const distintos = new Set(suyos.map((r) => r.endpoint)).size;
    const r = {
      ultimo,
      duplicados: suyos.length - distintos,
      perdidos: N - distintos,
      ...(await filas(planId)),
    };
    servicio.recibidos.splice(0);
    return r;
  }

  /** A publication to A and its fan-out, waited for; with `mientras`, run during the fan-out. */
  async function publicarEnA(mientras?: () => Promise<void>) {
    servicio.recibidos.splice(0);
    const cpu = { app: cpuApp(), propia: cpuPropia() };
    const p = await publicar(orgA);
    const fin = performance.now();
    await mientras?.();
    const e = await esperarEntrega(p.planId, 120_000);
    return {
      ...p,
      ...e,
      entregaMs: e.ultimo === null ? Infinity : e.ultimo - fin,
      cpuApp: cpuApp() - cpu.app,
      cpuServicio: cpuPropia() - cpu.propia,
    };
  }

  // Warm-up: the routes' first requests, the pool, the VAPID keys and the first JWT.
  for (let i = 0; i < 3; i++) await publicar(orgB);
  await publicarEnA();
  await sleep(200);

  // 1 and 2: the app otherwise idle. B and A in turn, each first every other round, so the
  // machine's drift and whatever follows a fan-out reach both alike.
  const rondas = await rondasAlternas(
    RONDAS,
    () => publicar(orgB),
    () => publicarEnA(),
    (a, sueloMs, i) =>
      console.log(
        `round ${i + 1}/${RONDAS}: B ${sueloMs.toFixed(0)} ms, A ${a.ms.toFixed(0)} ms, ` +
          `${miles(N)} notifications ${s(a.entregaMs)} after A's answer`,
      ),
  );
  const maxEnVueloApp = servicio.maxEnVuelo;
  const latB = rondas.suelo;
  const entregas = rondas.medidas.map((a) => a.entregaMs);
  const cpu = { app: rondas.medidas.map((a) => a.cpuApp), servicio: rondas.medidas.map((a) => a.cpuServicio) };
  const problemas = {
    duplicados: rondas.medidas.reduce((n, a) => n + a.duplicados, 0),
    perdidos: rondas.medidas.reduce((n, a) => n + a.perdidos, 0),
    sinMarcar: rondas.medidas.reduce((n, a) => n + N - a.enviadas, 0),
  };
  const b = cifras(latB);
  filasContraElSuelo(
    informe,
    { suelo: "publish to B, no followers (floor)", medida: `publish to A, ${miles(N)} followers` },
    latB,
    rondas.medidas.map((a) => a.ms),
    GOAL_RATIO,
  );
  const e = cifras(entregas);
  const peorEntrega = Math.max(...entregas);
  fila(
    `answer → ${miles(N)}th notification`,
    `median ${s(e.p50)}, worst ${s(peorEntrega)} (${miles(Math.round(N / (e.p50 / 1000)))}/s)`,
    `≤ ${GOAL_ENTREGA_S} s each`,
    peorEntrega <= GOAL_ENTREGA_S * 1000,
  );
  fila(
    "CPU per notification (median of the rounds)",
    `app ${(cifras(cpu.app).p50 / N).toFixed(2)} ms, push service stand-in ${(cifras(cpu.servicio).p50 / N).toFixed(2)} ms`,
  );
  fila(
    "most in flight at the push service",
    String(maxEnVueloApp),
    `≤ ${CONCURRENCIA_PUSH}`,
    maxEnVueloApp <= CONCURRENCIA_PUSH,
  );
  fila(
    "each device once, every row sent",
    `${problemas.duplicados} duplicates, ${problemas.perdidos} missing, ${problemas.sinMarcar} rows unsent`,
    "0, 0, 0",
    problemas.duplicados + problemas.perdidos + problemas.sinMarcar === 0,
  );

  // 3: publishing while a fan-out is being sent (B, so that no second fan-out joins in).
  const durante: number[] = [];
  const ocupado = await publicarEnA(async () => {
    while (servicio.recibidos.length < N * 0.9 && durante.length < RONDAS) {
      durante.push((await publicar(orgB)).ms);
      await sleep(200);
    }
  });
  const d = cifras(durante);
  fila(
    "publish to B during A's fan-out",
    `p50 ${d.p50.toFixed(0)} ms, p95 ${d.p95.toFixed(0)} ms (${d.n}) = ${(d.p50 / b.p50).toFixed(2)}× the floor; ` +
      `that fan-out ${s(ocupado.entregaMs)}`,
  );

  // 4: the push service fails for a while from the moment A publishes; cron sends what is left.
  servicio.recibidos.splice(0);
  servicio.fallarDurante(CAIDA_MS);
  const caida = await publicar(orgA);
  const t0 = performance.now();
  const ejecutar = promisify(execFile);
  const cron = { corridas: 0, enviados: 0, hecho: false };
  const cronEnBucle = (async () => {
    while (!cron.hecho) {
      await sleep(CRON_CADA_MS);
      const { stdout } = await ejecutar("npm", ["run", "--silent", "avisos:send"], {
        cwd: ROOT,
        env: { ...process.env, ...envApp },
      });
      cron.corridas++;
      cron.enviados += Number(/sent (\d+)/.exec(stdout)?.[1] ?? 0);
    }
  })();
  // Awaited after the wait below, which a failing cron job shows as notifications missing.
  cronEnBucle.catch(() => {});
  const f = await esperarEntrega(caida.planId, LIMITE_FALLO_MS);
  cron.hecho = true;
  await cronEnBucle;
  const reintentos = f.intentos - f.enviadas;
  fila(
    `500 for ${s(CAIDA_MS)} at publishing: all delivered after`,
    f.ultimo === null
      ? `not within ${s(LIMITE_FALLO_MS)}`
      : `${s(f.ultimo - t0)}; ${miles(reintentos)} retries (at most ${f.max} attempts a device), ` +
          `${miles(cron.enviados)} sent by ${cron.corridas} cron runs`,
  );
  fila(
    "… each device once, every row sent",
    `${f.duplicados} duplicates, ${f.perdidos} missing, ${N - f.enviadas} rows unsent of ${miles(f.filas)}`,
    "0, 0, 0",
    f.duplicados === 0 && f.perdidos === 0 && f.enviadas === N && f.filas === N,
  );
  fila(
    "notifications the push service refused (JWT, payload)",
    String(servicio.rechazos.length),
    "0",
    servicio.rechazos.length === 0,
  );
  fila("most in flight, app and cron together", String(servicio.maxEnVuelo));
} finally {
  await app.stop();
  await servicio.cerrar();
  await db.end();
}

informe.imprimir();
