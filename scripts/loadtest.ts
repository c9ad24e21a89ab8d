/**
 * Load and fault test, against the production build and the bench database
 * (planazo_bench, seeded as for `npm run bench:search`). Three phases:
 *
 *  1. carga: `--connections` (32) for `--duration` s (60) on the mix of scripts/lib/load-mix.ts
 *     (search 70%, plan page 20%, geocode 10%); req/s, p50/p95/p99 and errors per kind.
 *  2. proxy: deploy/varnish/planazo.vcl in front of the build (which purges it: PURGA_URL), what a
 *     CDN does. Each of the mix's plan pages and its towns' pages is visited once through the
 *     proxy, as is each search below (not counted); then, `--proxy-duration` s (20) each at
 *     `--connections`: plan and town pages (half each) through the proxy, anonymous searches on
 *     the towns' centres (4 radii, repeated) through it, and both again straight to the app. One
 *     table: req/s, p50, p95, errors, the share of HITs (X-Cache through the proxy, the page
 *     cache's x-planazo-cache straight to the app) and req/s as a ratio to the floor's, measured
 *     in the same run straight to the app. Checks: pages through the proxy at ≥ 5× the floor's
 *     req/s, ≥ 95% HITs through it, no errors in any run.
 *  3. fallo: the same mix for `--fault-duration` s (40) while a publisher POSTs plans; after
 *     `--fault-after` s (10) PostgreSQL is stopped for `--outage` s (5) and started again. Checks
 *     the answers while it is down (503 with the Spanish message, no 500, no hang), the time to
 *     recover, that every plan answered 201 is in the database, what became of the ones that
 *     failed, and that no poster file is left without its row.
 *
 * Two instances on one database (sessions, rate limits, new plans): see e2e/dos-instancias.test.ts.
 *
 *   npm run loadtest [-- --plans 100000] [-- --reuse] [-- --solo carga|proxy|fallo]
 *                    [-- --connections 32 --duration 60] [-- --proxy-duration 20]
 *                    [-- --fault-duration 40 --fault-after 10 --outage 5]
 *                    [-- --pg-stop-cmd '…' --pg-start-cmd '…']   (or LOADTEST_PG_STOP / LOADTEST_PG_START)
 *
 * PostgreSQL is always started again, even when the run fails or is interrupted. The app logs
 * are kept in a directory printed at the start. The exit code is 1 when a check FAILs.
 */
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { query } from "../test-support/database";
import { call, confirmedUser } from "../test-support/users";
import { mensajes } from "../lib/messages";
import { publicarPlan } from "./lib/app-client";
import { CABECERA_CACHE } from "../lib/paginas-publicas/cache";
import { freePort, startAppServer, type AppServer } from "../test-support/app-server";
import { startVarnish, type Varnish } from "../test-support/varnish";
import { construirNomenclator, SQL_NOMENCLATOR, type MunicipioGazetteer } from "../lib/geo/slug";
import { llenarIndice } from "./lib/indice-app";
import { prepareBenchDatabase } from "./lib/bench-data";
import { KINDS, SEARCH_KINDS, buildMix, type Mix, type Town } from "./lib/load-mix";
import {
  byKind,
  CABECERA_PROXY,
  figures,
  figuresLine,
  isError,
  runLoad,
  type Figures,
  type LoadRequest,
  type Sample,
} from "./lib/load-runner";
import { pgAnswers, pgControl, type PgControl } from "./lib/pg-control";

const { values } = parseArgs({
  options: {
    plans: { type: "string", default: "1000000" },
    reuse: { type: "boolean", default: false },
    solo: { type: "string" },
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "60" },
    "fault-duration": { type: "string", default: "40" },
    "fault-after": { type: "string", default: "10" },
    outage: { type: "string", default: "5" },
    "proxy-duration": { type: "string", default: "20" },
    "pg-stop-cmd": { type: "string", default: process.env.LOADTEST_PG_STOP },
    "pg-start-cmd": { type: "string", default: process.env.LOADTEST_PG_START },
    logs: { type: "string" },
  },
});
const FASES = ["carga", "proxy", "fallo"] as const;
if (values.solo && !(FASES as readonly string[]).includes(values.solo))
  throw new Error(`--solo: one of ${FASES.join(", ")}`);
const fase = (f: (typeof FASES)[number]) => !values.solo || values.solo === f;
const CONNECTIONS = Number(values.connections);
const SEARCH_P95_TARGET_MS = 25;
/** An answer slower than this counts as a hang (a timeout). */
const TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();
let fallos = 0;
/** A PASS/FAIL line; a FAIL makes the exit code 1. */
function check(ok: boolean, what: string, detail = ""): boolean {
  if (!ok) fallos++;
  console.log(`${ok ? "PASS" : "FAIL"}  ${what}${detail ? `  (${detail})` : ""}`);
  return ok;
}
const machine = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} on ${os.cpus().length} cores`;

// ---- PostgreSQL is never left stopped ---------------------------------------------------
let pg: PgControl | undefined;
let pgParado = false;
function arrancarPgSiParado() {
  if (!pg || !pgParado) return;
  console.error(`\nstarting PostgreSQL again: ${pg.startCommand}`);
  try {
    pg.startSync();
    pgParado = false;
  } catch (error) {
    console.error("could not start PostgreSQL, start it by hand:", pg.startCommand, error);
  }
}
process.on("exit", arrancarPgSiParado);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    arrancarPgSiParado();
    process.exit(130);
  });
}

// ---- the app, with its log kept ----------------------------------------------------------
const secret = randomBytes(32).toString("hex");
const runTag = randomBytes(3).toString("hex");
const logsDir = path.resolve(
  values.logs ?? path.join(os.tmpdir(), `planazo-loadtest-${new Date().toISOString().replace(/[:.]/g, "-")}`),
);
const storageDir = path.join(os.tmpdir(), `planazo-loadtest-storage-${runTag}`);
mkdirSync(logsDir, { recursive: true });
mkdirSync(storageDir, { recursive: true });
const logFiles: string[] = [];

async function arrancarApp(
  databaseUrl: string,
  nombre: string,
  entorno: Record<string, string> = {},
): Promise<AppServer> {
  const server = await startAppServer({
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: secret,
    STORAGE_DIR: storageDir,
    ...entorno,
  });
  const file = path.join(logsDir, `${nombre}.log`);
  logFiles.push(file);
  const log = createWriteStream(file);
  server.process.stdout?.pipe(log);
  server.process.stderr?.pipe(log);
  return server;
}

/** Each phase measures the app as it runs, with its search index filled (not while it fills). */
async function indiceLleno(server: AppServer): Promise<void> {
  const indice = await llenarIndice(server.url);
  console.log(
    indice
      ? `search index: ${indice.planes.toLocaleString("es")} plans, filled in ${indice.segundos.toFixed(1)} s`
      : "search index: off (INDICE_BUSQUEDA=no)",
  );
}

/** What the app logs said: lines that look like errors, counted, with the distinct first lines. */
function resumenLogs() {
  console.log(`\n== app logs (${logsDir})`);
  for (const file of logFiles) {
    const lines = readFileSync(file, "utf8").split("\n");
    const limpia = (l: string) =>
      l
        .replace(/\x1b\[[0-9;]*m/g, "")
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "")
        .replace(/[0-9a-f]{8}-[0-9a-f-]{27}|[0-9a-f]{10,}/g, "…")
        .trim()
        .slice(0, 160);
    const errores = lines.filter((l) => /error|⨯|unhandled|exception|warn/i.test(l));
    const porLinea = new Map<string, number>();
    for (const l of errores.map(limpia)) porLinea.set(l, (porLinea.get(l) ?? 0) + 1);
    const distintos = [...porLinea].map(([l, n]) => `${String(n).padStart(5)}× ${l}`);
    console.log(
      `${path.basename(file)}: ${lines.length - 1} lines, ${errores.length} look like errors${distintos.length ? ":" : ""}`,
    );
    for (const l of distintos.slice(0, 8)) console.log(`    ${l}`);
    if (distintos.length > 8) console.log(`    … ${distintos.length - 8} more distinct lines`);
  }
}

// ---- printing figures --------------------------------------------------------------------
function imprimirCifras(samples: Sample[], seconds: number) {
  for (const [kind, ss] of byKind(samples, [...KINDS])) console.log(figuresLine(kind, figures(ss, seconds)));
  const search = samples.filter((s) => SEARCH_KINDS.includes(s.kind));
  console.log(figuresLine("search (all)", figures(search, seconds)));
  console.log(figuresLine("overall", figures(samples, seconds)));
  return figures(search, seconds);
}

/** New searches split by the density of the town and by radius: where the time goes. */
function imprimirDesglose(samples: Sample[], seconds: number) {
  const nuevas = samples.filter((s) => s.kind === "search-new");
  for (const tag of ["towns", "radius"]) {
    const valores = [...new Set(nuevas.map((s) => s.tags?.[tag] ?? "?"))].sort(
      (a, b) => parseFloat(b) - parseFloat(a) || a.localeCompare(b),
    );
    for (const v of valores)
      console.log(
        figuresLine(
          `  new ${v}`,
          figures(
            nuevas.filter((s) => s.tags?.[tag] === v),
            seconds,
          ),
        ),
      );
  }
}

function ejemplosDeError(samples: Sample[]) {
  const seen = new Map<string, number>();
  for (const s of samples.filter(isError)) {
    const key = `${s.kind} ${s.status || s.failure} ${(s.body ?? "").slice(0, 120)}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  for (const [k, n] of [...seen].slice(0, 10)) console.log(`    ${n}× ${k}`);
}

// ---- phase 1: load -----------------------------------------------------------------------
/**
 * GETs each path once, `connections` at a time, as a browser asks for a page unless `headers`
 * say otherwise; the statuses (with the page cache's and the proxy's words) counted.
 */
async function visitarUnaVez(
  base: string,
  paths: string[],
  connections: number,
  headers: Record<string, string> = { accept: "text/html" },
): Promise<Record<string, number>> {
  const cola = [...paths];
  const cuenta: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let p = cola.shift(); p !== undefined; p = cola.shift()) {
        const res = await fetch(`${base}${p}`, { headers }).catch(() => null);
        await res?.arrayBuffer();
        const k = res
          ? [res.status, res.headers.get(CABECERA_CACHE), res.headers.get(CABECERA_PROXY)].filter(Boolean).join(" ")
          : "fallo";
        cuenta[k] = (cuenta[k] ?? 0) + 1;
      }
    }),
  );
  return cuenta;
}

/** What any route of this server costs at the same connections: a search refused (400) before any work. */
const FLOOR_PATH = "/api/plan?lat=x";
const FLOOR_SECONDS = 10;
/** The goals: every kind's p95 within this many times the floor's p95, plan pages within theirs. */
const P95_GOAL: Record<string, number> = { "plan-page": 2 };
const P95_GOAL_DEFAULT = 4;
const KIND_LABEL: Record<string, string> = {
  floor: "floor (400 before any work)",
  "search-repeated": "searches repeated",
  "search-new": "searches never repeated",
  "plan-page": "plan pages",
  geocode: "geocoding",
};

/** A Markdown table: the first column to the left, the others to the right. */
function imprimirTabla(cols: string[], rows: string[][]) {
  const widths = cols.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    `| ${cols.map((_, i) => (i === 0 ? (r[i] ?? "").padEnd(widths[i]) : (r[i] ?? "").padStart(widths[i]))).join(" | ")} |`;
  console.log(line(cols));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const r of rows) console.log(line(r));
}

/** The table of the run: each kind's figures and its p95 as a ratio to the floor's, PASS/FAIL per goal. */
function tablaCarga(samples: Sample[], seconds: number, floor: Figures) {
  const cols = ["kind", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "p95/floor", "goal", ""];
  const rows: string[][] = [
    [KIND_LABEL.floor, floor.reqPerSec.toFixed(0), floor.p50.toFixed(1), floor.p95.toFixed(1), floor.p99.toFixed(1)],
  ];
  const results: { kind: string; ok: boolean; detail: string }[] = [];
  for (const [kind, ss] of byKind(samples, [...KINDS])) {
    const f = figures(ss, seconds);
    const ratio = f.p95 / floor.p95;
    const goal = P95_GOAL[kind] ?? P95_GOAL_DEFAULT;
    const ok = ss.length > 0 && ratio <= goal && f.errors === 0;
    const errores = Object.entries(f.statuses)
      .filter(([st]) => !/^[23]\d\d$/.test(st))
      .map(([st, n]) => `${st}×${n}`);
    rows.push([
      KIND_LABEL[kind] ?? kind,
      f.reqPerSec.toFixed(0),
      f.p50.toFixed(1),
      f.p95.toFixed(1),
      f.p99.toFixed(1),
      errores.length ? `${f.errors} (${errores.join(" ")})` : "0",
      `${ratio.toFixed(2)}×`,
      `≤ ${goal}×, 0 errors`,
      ok ? "PASS" : "FAIL",
    ]);
    results.push({
      kind,
      ok,
      detail: `p95 ${f.p95.toFixed(1)} ms = ${ratio.toFixed(2)}× the floor's ${floor.p95.toFixed(1)} ms, ${f.errors} errors`,
    });
  }
  imprimirTabla(cols, rows);
  for (const r of results)
    check(
      r.ok,
      `${KIND_LABEL[r.kind] ?? r.kind}: p95 ≤ ${P95_GOAL[r.kind] ?? P95_GOAL_DEFAULT}× the floor's p95, 0 errors`,
      r.detail,
    );
}

/** The floor at `base`: FLOOR_PATH for FLOOR_SECONDS at the run's connections, printed. */
async function medirSuelo(base: string): Promise<Figures> {
  const samples = await runLoad({
    baseUrl: base,
    connections: CONNECTIONS,
    durationMs: FLOOR_SECONDS * 1000,
    next: () => ({ kind: "floor", path: FLOOR_PATH }),
    timeoutMs: TIMEOUT_MS,
  });
  const floor = figures(samples, FLOOR_SECONDS);
  console.log(figuresLine("floor", floor));
  return floor;
}

async function faseCarga(databaseUrl: string, mix: Mix) {
  const seconds = Number(values.duration);
  console.log(`\n== 1. load: ${CONNECTIONS} connections for ${seconds} s against the production build (${machine()})`);
  const server = await arrancarApp(databaseUrl, "carga");
  try {
    await indiceLleno(server);
    await runLoad({ baseUrl: server.url, connections: 8, durationMs: 5_000, next: mix.next }); // warm-up, not counted
    // Each plan page of the mix once (a warm page cache: lib/plans/pagina-cache.ts), not counted.
    const tCalentar = now();
    const calentadas = await visitarUnaVez(server.url, mix.planPages, 8);
    console.log(
      `plan pages visited once before measuring: ${mix.planPages.length} in ${((now() - tCalentar) / 1000).toFixed(0)} s [${Object.entries(
        calentadas,
      )
        .map(([k, n]) => `${k}×${n}`)
        .join(" ")}]`,
    );
    // The floor of this run, with the same client and connections as the mix.
    const floor = await medirSuelo(server.url);
    const t0 = now();
    const samples = await runLoad({
      baseUrl: server.url,
      connections: CONNECTIONS,
      durationMs: seconds * 1000,
      next: mix.next,
      timeoutMs: TIMEOUT_MS,
    });
    const elapsed = (now() - t0) / 1000;
    console.log(
      `after a 5 s warm-up at 8 connections and the floor (${FLOOR_PATH}, ${FLOOR_SECONDS} s); ${elapsed.toFixed(1)} s measured; latency = until the whole answer has arrived`,
    );
    const search = imprimirCifras(samples, elapsed);
    console.log("new searches by town density and by radius:");
    imprimirDesglose(samples, elapsed);
    const errores = samples.filter(isError);
    if (errores.length) ejemplosDeError(samples);
    console.log(
      `search p95 ${search.p95.toFixed(1)} ms vs target ${SEARCH_P95_TARGET_MS} ms: ${search.p95 <= SEARCH_P95_TARGET_MS ? "met" : "NOT met"}` +
        `  (repeated ${figures(
          samples.filter((s) => s.kind === "search-repeated"),
          elapsed,
        ).p95.toFixed(1)} ms, new ${figures(
          samples.filter((s) => s.kind === "search-new"),
          elapsed,
        ).p95.toFixed(1)} ms)`,
    );
    const paginas = samples.filter((s) => s.kind === "plan-page");
    for (const estado of ["hit", "miss"]) {
      const ss = paginas.filter((s) => s.cache === estado);
      if (ss.length) console.log(figuresLine(`  page ${estado}`, figures(ss, elapsed)));
    }
    const sinCache = paginas.filter((s) => !s.cache);
    if (sinCache.length) console.log(figuresLine("  page rendered", figures(sinCache, elapsed)));
    console.log(`\nthe load test's table (${CONNECTIONS} connections; the floor measured just before, in this run):`);
    tablaCarga(samples, elapsed, floor);
    check(errores.length === 0, "no errors under load", `${errores.length} of ${samples.length}`);
    console.log(`(${machine()} after the run)`);
  } finally {
    await server.stop();
  }
}

// ---- phase 2: a caching proxy in front ---------------------------------------------------
/** The goals through the proxy: pages at this many times the floor's req/s, this share of HITs. */
const PROXY_REQ_GOAL = 5;
const PROXY_HIT_GOAL = 0.95;
/** The radii of the searches on town points (the web's choices). */
const RADIOS_PROXY = [50, 25, 10, 5];
/** What a browser sends with a page request: Varnish keeps one copy per Accept-Encoding (Vary). */
const CABECERAS_PAGINA = { accept: "text/html", "accept-encoding": "gzip" };
const CABECERAS_BUSQUEDA = { accept: "*/*", "accept-encoding": "gzip" };

/** Each town's page path (/planes/{provincia}/{municipio}), from the gazetteer as the app builds it. */
async function rutasDePueblos(databaseUrl: string, towns: Town[]): Promise<string[]> {
  const filas = await query<MunicipioGazetteer>(databaseUrl, SQL_NOMENCLATOR);
  const { porIne } = construirNomenclator(filas);
  return towns.map((t) => {
    const m = porIne.get(t.ine);
    if (!m) throw new Error(`town ${t.ine} (${t.nombre}) is not in the gazetteer`);
    return m.ruta;
  });
}

interface CorridaProxy {
  nombre: string;
  samples: Sample[];
  segundos: number;
  /** The answer's word on whether it came from a store: the proxy's X-Cache, or the app's page cache. */
  acierto: (s: Sample) => boolean | undefined;
}

const aciertoProxy = (s: Sample) => (s.proxy ? s.proxy === "HIT" : undefined);
const aciertoApp = (s: Sample) => (s.cache ? s.cache === "hit" : undefined);

/** The share of HITs among the answers that say where they came from; null when none says. */
function proporcionAciertos(c: CorridaProxy): { proporcion: number; dicen: number } | null {
  const dicen = c.samples.map(c.acierto).filter((a): a is boolean => a !== undefined);
  return dicen.length ? { proporcion: dicen.filter(Boolean).length / dicen.length, dicen: dicen.length } : null;
}

async function faseProxy(databaseUrl: string, mix: Mix) {
  const seconds = Number(values["proxy-duration"]);
  console.log(
    `\n== 2. proxy: deploy/varnish/planazo.vcl in front of the production build, ${CONNECTIONS} connections for ${seconds} s per run (${machine()})`,
  );
  const towns = Object.values(mix.towns).flat();
  const townPages = await rutasDePueblos(databaseUrl, towns);
  const searches = towns.flatMap((t) =>
    RADIOS_PROXY.map(
      (radio) => `/api/plan?${new URLSearchParams({ lat: String(t.lat), lng: String(t.lng), radio: String(radio) })}`,
    ),
  );
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];
  const paginas = (): LoadRequest =>
    Math.random() < 0.5
      ? { kind: "plan-page", path: pick(mix.planPages), headers: CABECERAS_PAGINA }
      : { kind: "town-page", path: pick(townPages), headers: CABECERAS_PAGINA };
  const busquedas = (): LoadRequest => ({ kind: "search-town", path: pick(searches), headers: CABECERAS_BUSQUEDA });
  console.log(
    `pages: half plan pages (${mix.planPages.length.toLocaleString("es")} of the mix), half town pages (${townPages.length}: ${townPages.slice(0, 3).join(", ")}, …)`,
  );
  console.log(
    `searches: ${searches.length} anonymous GET /api/plan?lat&lng&radio, the mix's ${towns.length} towns' centres × radius ${RADIOS_PROXY.join("/")} km, repeated`,
  );

  // A new proxy holds nothing: the purges still pending in the database (the seed's rows, a past
  // run's plans) name copies of a proxy that is gone. Left there, the app would ban them through
  // this one during the run, and its bans of towns and provinces empty the town pages' copies.
  const [{ n: pendientes }] = await query<{ n: number }>(
    databaseUrl,
    "WITH borradas AS (DELETE FROM purga_pendiente RETURNING 1) SELECT count(*)::int AS n FROM borradas",
  );
  console.log(`purges pending from before this proxy existed, dropped: ${pendientes.toLocaleString("es")}`);
  // Varnish's port first: the app purges it (PURGA_URL) as soon as it starts.
  const puertoProxy = await freePort();
  const server = await arrancarApp(databaseUrl, "proxy", { PURGA_URL: `http://127.0.0.1:${puertoProxy}/` });
  let proxy: Varnish | undefined;
  try {
    const varnish = await startVarnish({
      backendPort: Number(new URL(server.url).port),
      port: puertoProxy,
      memoria: "512m",
    });
    proxy = varnish;
    await indiceLleno(server);
    // Each page once through the proxy, as a browser asks: it stores them, and the app's page
    // cache keeps what it rendered for it. Not counted; each search likewise just before its run
    // (a search's copy lasts 30 s).
    const resumen = (c: Record<string, number>) =>
      Object.entries(c)
        .map(([k, n]) => `${k}×${n}`)
        .join(" ");
    const calentar = async (que: string, rutas: string[], cabeceras: Record<string, string>) => {
      const t = now();
      const cuenta = await visitarUnaVez(varnish.url, rutas, 8, cabeceras);
      console.log(
        `${que} visited once through the proxy before measuring: ${rutas.length} in ${((now() - t) / 1000).toFixed(0)} s [${resumen(cuenta)}]`,
      );
    };
    await calentar("pages", [...mix.planPages, ...townPages], CABECERAS_PAGINA);

    // The floor of this run, straight to the app, with the same client and connections.
    const floor = await medirSuelo(server.url);

    const corridas: CorridaProxy[] = [];
    const correr = async (nombre: string, base: string, next: () => LoadRequest, acierto: CorridaProxy["acierto"]) => {
      const t0 = now();
      const samples = await runLoad({
        baseUrl: base,
        connections: CONNECTIONS,
        durationMs: seconds * 1000,
        next,
        timeoutMs: TIMEOUT_MS,
      });
      const corrida = { nombre, samples, segundos: (now() - t0) / 1000, acierto };
      corridas.push(corrida);
      console.log(`${nombre}:`);
      const kinds = [...new Set(samples.map((s) => s.kind))];
      for (const [kind, ss] of byKind(samples, kinds)) {
        const palabras: Record<string, number> = {};
        for (const s of ss) {
          const palabra = s.proxy ?? s.cache;
          if (palabra) palabras[palabra] = (palabras[palabra] ?? 0) + 1;
        }
        console.log(`${figuresLine(`  ${kind}`, figures(ss, corrida.segundos))}  [${resumen(palabras)}]`);
      }
      if (samples.some(isError)) ejemplosDeError(samples);
      return corrida;
    };
    const paginasProxy = await correr("pages via proxy", varnish.url, paginas, aciertoProxy);
    await calentar("searches", searches, CABECERAS_BUSQUEDA);
    const busquedasProxy = await correr("searches via proxy", varnish.url, busquedas, aciertoProxy);
    await correr("pages direct", server.url, paginas, aciertoApp);
    await correr("searches direct", server.url, busquedas, aciertoApp);

    console.log(
      `\nthe proxy's table (${CONNECTIONS} connections, ${seconds} s each; HIT = X-Cache through the proxy, ${CABECERA_CACHE} straight to the app; the floor measured just before, straight to the app):`,
    );
    const rows: string[][] = [
      [KIND_LABEL.floor, floor.reqPerSec.toFixed(0), floor.p50.toFixed(1), floor.p95.toFixed(1), "–", "–", "1.00×"],
    ];
    for (const c of corridas) {
      const f = figures(c.samples, c.segundos);
      const hit = proporcionAciertos(c);
      rows.push([
        c.nombre,
        f.reqPerSec.toFixed(0),
        f.p50.toFixed(1),
        f.p95.toFixed(1),
        String(f.errors),
        hit ? `${(hit.proporcion * 100).toFixed(1)}%` : "–",
        `${(f.reqPerSec / floor.reqPerSec).toFixed(2)}×`,
      ]);
    }
    imprimirTabla(["run", "req/s", "p50 ms", "p95 ms", "errors", "HIT", "req/s / floor"], rows);

    const fp = figures(paginasProxy.samples, paginasProxy.segundos);
    check(
      fp.reqPerSec >= PROXY_REQ_GOAL * floor.reqPerSec,
      `plan and town pages through the proxy: req/s ≥ ${PROXY_REQ_GOAL}× the floor's`,
      `${fp.reqPerSec.toFixed(0)} req/s = ${(fp.reqPerSec / floor.reqPerSec).toFixed(2)}× the floor's ${floor.reqPerSec.toFixed(0)}`,
    );
    for (const c of [paginasProxy, busquedasProxy]) {
      const hit = proporcionAciertos(c);
      check(
        hit !== null && hit.proporcion >= PROXY_HIT_GOAL,
        `${c.nombre}: HIT ≥ ${PROXY_HIT_GOAL * 100}% after the warm-up`,
        hit ? `${(hit.proporcion * 100).toFixed(1)}% of ${hit.dicen}` : "no answer said X-Cache",
      );
    }
    for (const c of corridas) {
      const errores = c.samples.filter(isError).length;
      check(errores === 0, `${c.nombre}: no errors`, `${errores} of ${c.samples.length}`);
    }
    console.log(`(${machine()} after the run)`);
  } finally {
    await proxy?.stop();
    await server.stop();
  }
}

// ---- phase 3: PostgreSQL goes away -------------------------------------------------------
type Cuenta = Awaited<ReturnType<typeof confirmedUser>>;

interface Publicacion {
  n: number;
  titulo: string;
  start: number;
  end: number;
  status: number;
  id?: string;
  mensaje?: string;
}

function publicador(base: string, cuenta: Cuenta, pueblos: Town[]) {
  let parar = false;
  const hechas: Publicacion[] = [];
  const bucle = (async () => {
    for (let n = 1; !parar; n++) {
      const t = pueblos[n % pueblos.length];
      const titulo = `Carga ${runTag} nº ${n}`;
      const start = now();
      let p: Publicacion;
      try {
        const r = await publicarPlan(base, cuenta.token, {
          titulo,
          municipio: t.nombre,
          lat: t.lat + (Math.random() - 0.5) * 0.01,
          lng: t.lng + (Math.random() - 0.5) * 0.01,
        });
        const plan = r.body.plan as { _id?: string } | undefined;
        p = {
          n,
          titulo,
          start,
          end: now(),
          status: r.status,
          id: plan?._id,
          mensaje: r.body.mensaje as string | undefined,
        };
      } catch (error) {
        p = { n, titulo, start, end: now(), status: 0, mensaje: (error as Error).name };
      }
      hechas.push(p);
      if (p.status !== 201) await sleep(100);
    }
  })();
  return { parar: async () => ((parar = true), await bucle, hechas) };
}

type Ventana = "before" | "stopping" | "down" | "starting" | "after";

async function faseFallo(databaseUrl: string, mix: Mix, control: PgControl) {
  const seconds = Number(values["fault-duration"]);
  const after = Number(values["fault-after"]);
  const outage = Number(values.outage);
  console.log(
    `\n== 3. fault: the same mix at ${CONNECTIONS} connections for ${seconds} s, a publisher POSTing plans throughout;`,
  );
  console.log(`   at ${after} s PostgreSQL stops for ${outage} s (${machine()})`);
  console.log(`   stop:  ${control.stopCommand}\n   start: ${control.startCommand}`);
  const server = await arrancarApp(databaseUrl, "fallo");
  let cuenta: Cuenta | undefined;
  try {
    await indiceLleno(server);
    cuenta = await confirmedUser("Prueba de carga", server.url);
    await runLoad({ baseUrl: server.url, connections: 8, durationMs: 3_000, next: mix.next }); // warm-up
    const t0 = now();
    const pub = publicador(server.url, cuenta, mix.towns.village);
    const carga = runLoad({
      baseUrl: server.url,
      connections: CONNECTIONS,
      durationMs: seconds * 1000,
      next: mix.next,
      timeoutMs: TIMEOUT_MS,
    });
    const t = { stopBegin: 0, stopEnd: 0, startBegin: 0, startEnd: 0 };
    try {
      await sleep(after * 1000);
      t.stopBegin = now();
      pgParado = true;
      await control.stop();
      t.stopEnd = now();
      await sleep(outage * 1000);
      t.startBegin = now();
      await control.start();
      pgParado = false;
      t.startEnd = now();
    } finally {
      if (pgParado) {
        arrancarPgSiParado();
        if (!t.startEnd) t.startBegin = t.startEnd = now();
      }
    }
    const samples = await carga;
    const publicaciones = await pub.parar();
    const rel = (x: number) => `${((x - t0) / 1000).toFixed(2)} s`;
    console.log(
      `stop issued at ${rel(t.stopBegin)}, down at ${rel(t.stopEnd)}; start issued at ${rel(t.startBegin)}, accepting at ${rel(t.startEnd)}`,
    );

    const ventana = (s: { start: number; end: number }): Ventana =>
      s.end < t.stopBegin
        ? "before"
        : s.start >= t.stopEnd && s.end <= t.startBegin
          ? "down"
          : s.start >= t.startEnd
            ? "after"
            : s.start < t.stopEnd
              ? "stopping"
              : "starting";
    const ventanas: Ventana[] = ["before", "stopping", "down", "starting", "after"];
    console.log(
      `answers by window (stopping = sent before PostgreSQL was down and answered after the stop began; starting = likewise around the start):`,
    );
    for (const v of ventanas) {
      const ss = samples.filter((s) => ventana(s) === v);
      for (const [kind, k] of byKind(ss, [...KINDS])) {
        if (k.length === 0) continue;
        const f = figures(k, 1);
        console.log(
          `  ${v.padEnd(9)} ${kind.padEnd(16)} ${String(k.length).padStart(6)}  [${Object.entries(f.statuses)
            .map(([s, n]) => `${s}×${n}`)
            .join(" ")}]  p50 ${f.p50.toFixed(1)} ms  max ${f.max.toFixed(0)} ms`,
        );
      }
      const ps = publicaciones.filter((p) => ventana(p) === v);
      if (ps.length) {
        const st: Record<string, number> = {};
        for (const p of ps) st[p.status || "sin respuesta"] = (st[p.status || "sin respuesta"] ?? 0) + 1;
        console.log(
          `  ${v.padEnd(9)} ${"publish".padEnd(16)} ${String(ps.length).padStart(6)}  [${Object.entries(st)
            .map(([s, n]) => `${s}×${n}`)
            .join(" ")}]  max ${Math.max(...ps.map((p) => p.end - p.start)).toFixed(0)} ms`,
        );
      }
    }

    // While it is down.
    const down = samples.filter((s) => ventana(s) === "down");
    const apiDown = down.filter((s) => s.kind !== "plan-page");
    const es503 = (s: Sample) => {
      if (s.status !== 503) return false;
      try {
        return JSON.stringify(JSON.parse(s.body ?? "")) === JSON.stringify({ mensaje: mensajes.servicioNoDisponible });
      } catch {
        return false;
      }
    };
    const mal = apiDown.filter((s) => !es503(s));
    check(
      apiDown.length > 0 && mal.length === 0,
      `API while PostgreSQL is down: every answer is 503 { mensaje: servicioNoDisponible }`,
      `${apiDown.length - mal.length} of ${apiDown.length}${
        mal.length
          ? `; others: ${mal
              .slice(0, 3)
              .map((s) => `${s.kind} ${s.status || s.failure} ${(s.body ?? "").slice(0, 100)}`)
              .join(" | ")}`
          : ""
      }`,
    );
    const pubDown = publicaciones.filter((p) => ventana(p) === "down");
    const pubMal = pubDown.filter((p) => !(p.status === 503 && p.mensaje === mensajes.servicioNoDisponible));
    check(
      pubMal.length === 0,
      "publishing while PostgreSQL is down: 503 with the Spanish message",
      `${pubDown.length - pubMal.length} of ${pubDown.length}${
        pubMal.length
          ? `; others: ${pubMal
              .slice(0, 3)
              .map((p) => `${p.status} ${p.mensaje}`)
              .join(" | ")}`
          : ""
      }`,
    );
    const todas = [
      ...samples,
      ...publicaciones.map((p) => ({
        ...p,
        kind: "publish",
        path: "/api/plan",
        failure: p.status === 0 ? p.mensaje : undefined,
      })),
    ];
    const quinientos = todas.filter((s) => s.status >= 500 && s.status !== 503);
    check(
      quinientos.filter((s) => s.kind !== "plan-page").length === 0,
      "no API answer other than 503 among the 5xx, in any window",
      quinientos
        .filter((s) => s.kind !== "plan-page")
        .slice(0, 3)
        .map((s) => `${s.kind} ${s.status} ${(s as Sample).body?.slice(0, 100) ?? ""}`)
        .join(" | "),
    );
    const colgadas = todas.filter((s) => s.status === 0);
    check(
      colgadas.length === 0,
      `no request hung (no answer within ${TIMEOUT_MS / 1000} s) or lost its connection`,
      `${colgadas.length}; longest answer ${Math.max(...todas.map((s) => s.end - s.start)).toFixed(0)} ms`,
    );
    const paginas = down.filter((s) => s.kind === "plan-page");
    if (paginas.length) {
      const ejemplo = paginas.find((s) => s.body)?.body ?? "";
      const espanol = ejemplo.includes(mensajes.servicioNoDisponible) || ejemplo.includes(mensajes.errorInesperado);
      const ingles = /Application error|Internal Server Error|server-side exception/i.test(ejemplo);
      console.log(
        `plan pages while down: [${Object.entries(figures(paginas, 1).statuses)
          .map(([s, n]) => `${s}×${n}`)
          .join(" ")}]; ` +
          `body ${espanol ? "has the Spanish message" : ingles ? "is an English error page" : "has neither the Spanish message nor an English error"}` +
          ` (<title>${/<title>([^<]*)<\/title>/.exec(ejemplo)?.[1] ?? "?"}</title>)`,
      );
      check(!ingles && paginas.every((s) => s.status !== 0), "plan pages while down: no English error page, no hang");
    }

    // Recovery.
    const primera = (kinds: string[]) =>
      samples
        .filter((s) => kinds.includes(s.kind) && s.start >= t.stopEnd && s.status >= 200 && s.status < 300)
        .sort((a, b) => a.end - b.end)[0];
    const rec = primera([...SEARCH_KINDS]);
    console.log(
      `time to recovery (first 2xx search sent after the stop): ${rec ? `${(rec.end - t.startEnd).toFixed(0)} ms after PostgreSQL accepted connections, ${(rec.end - t.startBegin).toFixed(0)} ms after the start was issued` : "never"}`,
    );
    for (const k of ["plan-page", "geocode"]) {
      const r = primera([k]);
      console.log(`  first 2xx ${k}: ${r ? `${(r.end - t.startEnd).toFixed(0)} ms after` : "never"}`);
    }
    const pub1 = publicaciones.find((p) => p.start >= t.stopEnd && p.status === 201);
    console.log(`  first 201 publish: ${pub1 ? `${(pub1.end - t.startEnd).toFixed(0)} ms after` : "never"}`);
    check(Boolean(rec), "the app recovers by itself");
    const asentado = t.startEnd + 5_000;
    const trasRecuperar = samples.filter((s) => s.start >= asentado);
    const erroresTras = trasRecuperar.filter(isError);
    check(
      erroresTras.length === 0,
      "no errors in requests sent 5 s or more after PostgreSQL accepted connections",
      `${erroresTras.length} of ${trasRecuperar.length}`,
    );
    if (erroresTras.length) ejemplosDeError(trasRecuperar);
    const paginas500 = samples.filter((s) => s.kind === "plan-page" && s.status >= 500 && s.status !== 503);
    check(
      paginas500.length === 0,
      "no plan page answered a 5xx other than 503, in any window",
      String(paginas500.length),
    );
    if (paginas500.length) {
      console.log(
        `plan pages answered ${[...new Set(paginas500.map((s) => s.status))].join("/")} (not 503): ${paginas500.length}, in windows ${[...new Set(paginas500.map(ventana))].join(", ")}; ` +
          `<title>${/<title>([^<]*)<\/title>/.exec(paginas500[0].body ?? "")?.[1] ?? "?"}</title>`,
      );
    }
    const health = await call("GET", "/api/health", { base: server.url });
    check(health.status === 200, "GET /api/health answers 200 after the run", String(health.status));
    console.log(`figures of the whole fault run (${seconds} s, outage included):`);
    imprimirCifras(samples, seconds);

    // What was published.
    const creadas = publicaciones.filter((p) => p.status === 201);
    const otras = publicaciones.filter((p) => p.status !== 201);
    console.log(
      `publisher: ${publicaciones.length} POSTs, ${creadas.length} answered 201, others [${Object.entries(
        otras.reduce<Record<string, number>>(
          (a, p) => ((a[p.status || "sin respuesta"] = (a[p.status || "sin respuesta"] ?? 0) + 1), a),
          {},
        ),
      )
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}]`,
    );
    const ids = creadas.map((p) => p.id!).filter(Boolean);
    const enDb = new Set(
      (await query<{ id: string }>(databaseUrl, "SELECT id FROM plan WHERE id = ANY($1::uuid[])", [ids])).map(
        (r) => r.id,
      ),
    );
    const perdidas = creadas.filter((p) => !p.id || !enDb.has(p.id));
    check(
      creadas.length > 0 && perdidas.length === 0,
      "every plan answered 201 is in the database",
      `${creadas.length - perdidas.length} of ${creadas.length}`,
    );
    const filas = await query<{
      id: string;
      titulo: string;
      archivo_cartel_id: string | null;
      variantes: Record<string, string> | null;
    }>(
      databaseUrl,
      `SELECT p.id, p.titulo, p.archivo_cartel_id, a.variantes FROM plan p LEFT JOIN archivo a ON a.id = p.archivo_cartel_id WHERE p.usuario_id = $1`,
      [cuenta.id],
    );
    const porTitulo = new Map(filas.map((f) => [f.titulo, f]));
    const fallidas5xx = otras.filter((p) => p.status >= 500 || p.status === 0);
    const escritas = fallidas5xx.filter((p) => porTitulo.has(p.titulo));
    console.log(
      `plans answered 5xx or without answer: ${fallidas5xx.length}; of them in the database anyway: ${escritas.length}` +
        (escritas.length
          ? ` (${escritas.map((p) => `nº ${p.n} ${p.status}`).join(", ")}: committed, then the answer failed)`
          : ""),
    );
    const ficheros = new Set<string>();
    for (const e of readdirSync(storageDir, { recursive: true, withFileTypes: true })) {
      if (e.isFile())
        ficheros.add(path.relative(storageDir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
    }
    const referidas = new Set(filas.flatMap((f) => Object.values(f.variantes ?? {})));
    const huerfanos = [...ficheros].filter((f) => !referidas.has(f));
    const sinFichero = [...referidas].filter((k) => !ficheros.has(k));
    const sinCartel = filas.filter((f) => !f.archivo_cartel_id || !f.variantes);
    check(
      sinCartel.length === 0 && sinFichero.length === 0,
      "every published plan in the database has its poster row and files",
      `${filas.length} plans; ${sinCartel.length} without poster row, ${sinFichero.length} files missing`,
    );
    check(
      huerfanos.length === 0,
      "no poster file in storage without its row",
      `${ficheros.size} files, ${huerfanos.length} orphans${huerfanos.length ? `: ${huerfanos.slice(0, 3).join(", ")}` : ""}`,
    );
  } finally {
    if (cuenta) await call("DELETE", "/api/usuario", { base: server.url, token: cuenta.token }).catch(() => {});
    await server.stop();
  }
}

async function main() {
  const plans = Number(values.plans);
  console.log(
    `planazo load test · ${new Date().toISOString()} · ${os.cpus().length} cores (${os.cpus()[0]?.model}) · ${machine()}`,
  );
  console.log(`app logs in ${logsDir}`);
  const localCluster = !process.env.DATABASE_URL;
  const databaseUrl = await prepareBenchDatabase({ plans, reuse: values.reuse });
  if (fase("fallo"))
    pg = pgControl(databaseUrl, { stop: values["pg-stop-cmd"], start: values["pg-start-cmd"] }, { localCluster });
  // The outbox helpers of test-support read the database from here.
  process.env.DATABASE_URL = databaseUrl;
  const [{ n }] = await query<{ n: number }>(databaseUrl, "SELECT count(*)::int AS n FROM plan");
  console.log(`bench database: ${n.toLocaleString("es")} plans`);
  const mix = await buildMix(databaseUrl);
  console.log(`mix:\n${mix.description.map((l) => `  ${l}`).join("\n")}`);
  try {
    if (fase("carga")) await faseCarga(databaseUrl, mix);
    if (fase("proxy")) await faseProxy(databaseUrl, mix);
    if (fase("fallo")) {
      if (!(await pgAnswers(databaseUrl))) throw new Error("PostgreSQL does not answer before the fault run");
      await faseFallo(databaseUrl, mix, pg!);
      check(await pgAnswers(databaseUrl), "PostgreSQL is running again at the end");
    }
  } finally {
    arrancarPgSiParado();
    resumenLogs();
    rmSync(storageDir, { recursive: true, force: true });
  }
  console.log(`\n${fallos === 0 ? "all checks passed" : `${fallos} check(s) FAILED`}`);
  process.exitCode = fallos === 0 ? 0 : 1;
}

await main();
