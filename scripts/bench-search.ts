/**
 * Search benchmark, at 100,000 and then at 1,000,000 plans spread over Spain like its population
 * (`--plans 100000` for one size, or any comma-separated list; `--reuse` keeps the databases
 * already seeded), for Madrid with category and date filters. At each size:
 *   - the bare SQL time of the page's and the total's queries inside PostgreSQL (EXPLAIN
 *     ANALYZE), and whether they walk the GiST index nearest first (their plans);
 *   - the floor: a request refused before any work, at 32 connections;
 *   - the same search repeated (answered from the per-version memo), at 32 and at 1 connection;
 *   - never-repeated searches (random points within 10 km of Madrid), at 32 connections, nearest
 *     first (the default) and soonest first (orden=fecha);
 *   - never-repeated word searches (q) there, 25 km around, at 32 connections: one word of the
 *     plans' texts, two, a word being typed (a prefix) or a word with a typo;
 *   - for each of the three at 32 connections, where the time goes: CPU milliseconds per request
 *     of the app (the Next.js server) and of PostgreSQL (the app's backends), of this process
 *     (autocannon), and how busy the machine's cores were (others' work included). On a machine
 *     shared with other work, req/s moves with it, while the CPU a request costs barely does:
 *     the floor's cost over a search's is the share of the floor's req/s the search can reach;
 *   - the ratios to the floor. Targets: new searches ≥ 50% of the floor's req/s with
 *     p95 ≤ 3× its p95; the repeated search ≥ 85% of the floor's req/s; 0 errors.
 * The app answers searches from its in-process index (lib/busqueda/indice.ts), filled before the
 * runs (its load time and the app's memory are printed); `--indice no` measures PostgreSQL's
 * answers instead (INDICE_BUSQUEDA=no).
 * The 1,000,000 plans live in BENCH_DATABASE (planazo_bench, shared with `npm run loadtest`);
 * other sizes in BENCH_DATABASE_<size>, on DATABASE_URL's server or the local cluster.
 *
 * The events are seeded with several dates for a third of them (bench-data.ts); `--fechas-varias
 * no` seeds one date each (in a database of its own), to compare.
 *
 *   npm run bench:search [-- --plans 100000] [-- --reuse] [-- --indice no] [-- --fechas-varias no]
 */
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createPrismaClient } from "../lib/db/client";
import { Prisma } from "../lib/generated/prisma/client";
import { busquedaSchema } from "../lib/busqueda/schemas";
import { consultaCercanos, consultaTotal } from "../lib/busqueda/buscar";
import { TOPE_TOTAL } from "../lib/plans/constants";
import { startAppServer } from "../test-support/app-server";
import { BENCH_DATABASE, prepareBenchDatabase } from "./lib/bench-data";
import { llenarIndice } from "./lib/indice-app";
import { busquedaDePalabras } from "./lib/bench-palabras";

const { values } = parseArgs({
  options: {
    plans: { type: "string", default: "100000,1000000" },
    reuse: { type: "boolean", default: false },
    indice: { type: "string", default: "si" },
    "fechas-varias": { type: "string", default: "si" },
  },
});
const FECHAS_VARIAS = values["fechas-varias"] !== "no";
const TAMANOS = values.plans.split(",").map(Number);

// Madrid's Puerta del Sol: the busiest place there is.
const LUGAR = { lat: 40.4168, lng: -3.7038 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CPU time (ms) of processes, from /proc (Linux; PostgreSQL's backends only when the server runs here). */
const HZ = 100;
function cpuMs(pid: number): number {
  try {
    const campos = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(campos[11]) + Number(campos[12])) * 1000) / HZ;
  } catch {
    return NaN;
  }
}
/** A process and all its descendants. */
function arbol(raiz: number): number[] {
  const hijos = new Map<number, number[]>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      hijos.set(ppid, [...(hijos.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone
    }
  }
  const todos = [raiz];
  for (let i = 0; i < todos.length; i++) todos.push(...(hijos.get(todos[i]) ?? []));
  return todos;
}
/** Busy and total jiffies of the whole machine (/proc/stat). */
function maquina(): { ocupada: number; total: number } {
  const [, ...n] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const v = n.map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  return { ocupada: total - v[3] - v[4], total };
}

/** CPU ms per request of the app, of PostgreSQL and of this process; how busy the 2 cores were. */
interface Cpu {
  app: number;
  pg: number;
  bench: number;
  nucleos: number;
}

interface Medida {
  plans: number;
  matches: number;
  sqlPagina: number[];
  sqlTotal: number[];
  sqlTotalVariadas: number[];
  planes: string[];
  /** The search index: plans, seconds to fill it, its bytes, the app's resident memory after (MB). */
  indice: { planes: number; segundos: number; bytes: number; rssMb: number } | null;
  /** The app's resident memory (MB) after every run of searches. */
  rssTrasBusquedas: number;
  /** And REPOSO_MEDIDO_MS later: quiet long enough for lib/memoria.ts to have compacted its heap. */
  rssEnReposo: number;
  suelo: autocannon.Result;
  repetida: autocannon.Result;
  solo: autocannon.Result;
  variadas: autocannon.Result;
  porFecha: autocannon.Result;
  palabras: autocannon.Result;
  cpu: { suelo: Cpu; repetida: Cpu; variadas: Cpu; porFecha: Cpu; palabras: Cpu };
}

/** How long after the searches the app's memory is read again. */
const REPOSO_MEDIDO_MS = 6_000;

/** Resident memory (MB) of a process and its descendants. */
function rssMb(pid: number): number {
  return arbol(pid).reduce((s, p) => {
    try {
      return s + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) / 1024;
    } catch {
      return s;
    }
  }, 0);
}

async function medir(N: number): Promise<Medida> {
  const database = `${N === 1_000_000 ? BENCH_DATABASE : `${BENCH_DATABASE}_${N}`}${FECHAS_VARIAS ? "" : "_una_fecha"}`;
  const databaseUrl = await prepareBenchDatabase({
    plans: N,
    database,
    reuse: values.reuse,
    fechasVarias: FECHAS_VARIAS,
  });
  const prisma = createPrismaClient(databaseUrl, 4);
  try {
    await prisma.$executeRaw`VACUUM ANALYZE plan`; // a migration may have just rewritten rows
    // This weekend (Friday to Sunday), two categories, default radius.
    const hoy = new Date();
    const viernes = new Date(hoy.getTime() + ((5 - hoy.getDay() + 7) % 7) * 86_400_000);
    viernes.setHours(0, 0, 0, 0);
    const domingo = new Date(viernes.getTime() + 3 * 86_400_000 - 1);
    const params = {
      lat: String(LUGAR.lat),
      lng: String(LUGAR.lng),
      radio: "50",
      categorias: "Fiesta,Cultura",
      fechaInicioFiltro: viernes.toISOString(),
      fechaFinFiltro: domingo.toISOString(),
    };
    const q = busquedaSchema.parse(params);
    /** A point within 10 km of Madrid: never the same search twice. */
    const cercaDeMadrid = () => ({
      lat: Number((LUGAR.lat + (Math.random() - 0.5) * 0.1).toFixed(6)),
      lng: Number((LUGAR.lng + (Math.random() - 0.5) * 0.12).toFixed(6)),
    });

    type Plan = { "Execution Time": number; "Planning Time": number; Plan: Nodo };
    type Nodo = { "Node Type": string; "Order By"?: string; Plans?: Nodo[] };
    /** Planning + execution time of `sql` inside PostgreSQL, `runs` times, sorted; and its last plan. */
    const tiempos = async (sql: () => Prisma.Sql, runs: number) => {
      const out: number[] = [];
      let plan: Nodo | undefined;
      for (let i = 0; i < runs; i++) {
        const [row] = await prisma.$queryRaw<{ "QUERY PLAN": [Plan] }[]>(
          Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${sql()}`,
        );
        out.push(row["QUERY PLAN"][0]["Execution Time"] + row["QUERY PLAN"][0]["Planning Time"]);
        plan = row["QUERY PLAN"][0].Plan;
      }
      return { ms: out.sort((a, b) => a - b), plan: plan! };
    };
    const nodos = (n: Nodo): Nodo[] => [n, ...(n.Plans ?? []).flatMap(nodos)];
    const describir = (n: Nodo) => {
      const todos = nodos(n);
      const knn = todos.some((x) => x["Node Type"] === "Index Scan" && x["Order By"]?.includes("<->"));
      return `${knn && !todos.some((x) => x["Node Type"] === "Sort") ? "nearest first from the GiST index" : "NOT an index walk"} (${todos.map((x) => x["Node Type"]).join(" → ")})`;
    };
    // A first page: the nearest featured matches, then the nearest others (38 = 30 + the margin
    // that the search asks for to see whether ties go on).
    const destacados = await tiempos(() => consultaCercanos(q, LUGAR.lng, LUGAR.lat, true, 38), 100);
    const otros = await tiempos(() => consultaCercanos(q, LUGAR.lng, LUGAR.lat, false, 38), 100);
    const total = await tiempos(() => consultaTotal(q, LUGAR.lng, LUGAR.lat), 30);
    const totalVariadas = await tiempos(() => {
      const p = cercaDeMadrid();
      return consultaTotal(q, p.lng, p.lat);
    }, 30);
    // Every match, as the total would count it without its bound: both branches, unlimited.
    let matches = 0;
    for (const destacado of [true, false]) {
      const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>(
        Prisma.sql`SELECT count(*) AS n FROM (${consultaCercanos(q, LUGAR.lng, LUGAR.lat, destacado, 100_000_000)}) t`,
      );
      matches += Number(n);
    }

    const server = await startAppServer({
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      INDICE_BUSQUEDA: values.indice,
    });
    try {
      const url = `${server.url}/api/plan?${new URLSearchParams(params)}`;
      const lleno = await llenarIndice(server.url);
      const indice = lleno && { ...lleno, rssMb: rssMb(server.process.pid!) };
      // Never the same question twice: every request computes its page and its total.
      const nueva = (extra: Record<string, string> = {}) => {
        const p = cercaDeMadrid();
        return `/api/plan?${new URLSearchParams({ ...params, ...extra, lat: String(p.lat), lng: String(p.lng) })}`;
      };
      const nuevas = { url: server.url, requests: [{ setupRequest: (req: object) => ({ ...req, path: nueva() }) }] };
      // The same, soonest first: every match of the radius is read and ordered, none skipped by distance.
      const nuevasPorFecha = {
        url: server.url,
        requests: [{ setupRequest: (req: object) => ({ ...req, path: nueva({ orden: "fecha" }) }) }],
      };
      await autocannon({ url, connections: 8, duration: 3 }); // warm-up
      await autocannon({ ...nuevas, connections: 32, duration: 3 }); // the app's pool opens its connections
      // CPU per request of the app and of PostgreSQL's backends for this database (those that
      // lived through the run, and those that started during it).
      const app = arbol(server.process.pid!);
      const backends = async () =>
        (
          await prisma.$queryRaw<{ pid: number }[]>`
            SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`
        ).map((b) => b.pid);
      const conCpu = async (opciones: autocannon.Options): Promise<[autocannon.Result, Cpu]> => {
        const pg0 = new Map((await backends()).map((pid) => [pid, cpuMs(pid)]));
        const app0 = app.reduce((s, pid) => s + (cpuMs(pid) || 0), 0);
        const bench0 = process.cpuUsage();
        const maquina0 = maquina();
        const r = await autocannon(opciones);
        const maquina1 = maquina();
        const bench1 = process.cpuUsage(bench0);
        const app1 = app.reduce((s, pid) => s + (cpuMs(pid) || 0), 0);
        const pg1 = (await backends()).reduce((s, pid) => s + cpuMs(pid) - (pg0.get(pid) ?? 0), 0);
        const n = r.requests.total || 1;
        return [
          r,
          {
            app: (app1 - app0) / n,
            pg: pg1 / n,
            bench: (bench1.user + bench1.system) / 1000 / n,
            nucleos: (maquina1.ocupada - maquina0.ocupada) / ((maquina1.total - maquina0.total) / 2),
          },
        ];
      };
      const [repetida, cpuRepetida] = await conCpu({ url, connections: 32, duration: 20 });
      const solo = await autocannon({ url, connections: 1, duration: 5 });
      // What any route of this server costs at 32 connections: a search refused before any work.
      const [suelo, cpuSuelo] = await conCpu({ url: `${server.url}/api/plan?lat=x`, connections: 32, duration: 8 });
      const [variadas, cpuVariadas] = await conCpu({ ...nuevas, connections: 32, duration: 15 });
      const [porFecha, cpuPorFecha] = await conCpu({ ...nuevasPorFecha, connections: 32, duration: 15 });
      // Words, 25 km around a new point each time.
      const nuevaDePalabras = () => {
        const p = cercaDeMadrid();
        return `/api/plan?${new URLSearchParams({ lat: String(p.lat), lng: String(p.lng), radio: "25", q: busquedaDePalabras().q })}`;
      };
      const [palabras, cpuPalabras] = await conCpu({
        url: server.url,
        connections: 32,
        duration: 15,
        requests: [{ setupRequest: (req: object) => ({ ...req, path: nuevaDePalabras() }) }],
      });
      const rssTrasBusquedas = rssMb(server.process.pid!);
      await new Promise((r) => setTimeout(r, REPOSO_MEDIDO_MS));
      return {
        plans: await prisma.plan.count(),
        rssTrasBusquedas,
        rssEnReposo: rssMb(server.process.pid!),
        matches,
        sqlPagina: destacados.ms.map((t, i) => t + otros.ms[i]),
        sqlTotal: total.ms,
        sqlTotalVariadas: totalVariadas.ms,
        planes: [describir(otros.plan), describir(total.plan)],
        indice,
        suelo,
        repetida,
        solo,
        variadas,
        porFecha,
        palabras,
        cpu: {
          suelo: cpuSuelo,
          repetida: cpuRepetida,
          variadas: cpuVariadas,
          porFecha: cpuPorFecha,
          palabras: cpuPalabras,
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await prisma.$disconnect();
  }
}

const f = (n: number) => `${n.toFixed(2)} ms`;
const p95 = (r: autocannon.Result) => r.latency.p97_5;
const lat = (r: autocannon.Result) => `p50 ${f(r.latency.p50)}  p95 ${f(p95(r))} (p97.5)  p99 ${f(r.latency.p99)}`;
const rps = (r: autocannon.Result) => r.requests.average;
const fallos = (r: autocannon.Result) =>
  `${rps(r).toFixed(0)} req/s  errors ${r.errors + r.non2xx}  timeouts ${r.timeouts}`;
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)}%`;

const medidas: Medida[] = [];
for (const N of TAMANOS) {
  const m = await medir(N);
  medidas.push(m);
  const sql = (ms: number[]) => `p50 ${f(percentile(ms, 50))}  p95 ${f(percentile(ms, 95))}`;
  console.log(`\n— ${m.plans.toLocaleString("es")} plans`);
  console.log(
    `query:                      Madrid, 50 km, Fiesta+Cultura, this weekend → ${m.matches.toLocaleString("es")} matches (totals exact up to ${TOPE_TOTAL.toLocaleString("es")})`,
  );
  console.log(`bare SQL, page (30 rows):   ${sql(m.sqlPagina)}   plan: ${m.planes[0]}`);
  console.log(`bare SQL, total:            ${sql(m.sqlTotal)}   plan: ${m.planes[1]}`);
  console.log(`bare SQL, total, new point: ${sql(m.sqlTotalVariadas)}`);
  console.log(
    m.indice
      ? `search index:               ${m.indice.planes.toLocaleString("es")} plans filled in ${m.indice.segundos.toFixed(1)} s; its columns and words ${(m.indice.bytes / Math.max(1, m.indice.planes)).toFixed(0)} bytes a plan; the app's memory after: ${m.indice.rssMb.toFixed(0)} MB, after the searches: ${m.rssTrasBusquedas.toFixed(0)} MB, ${REPOSO_MEDIDO_MS / 1000} s later: ${m.rssEnReposo.toFixed(0)} MB`
      : "search index:               off (--indice no): PostgreSQL answers",
  );
  console.log(`floor: a 400 before any work, 32 conn: ${lat(m.suelo)}  ${rps(m.suelo).toFixed(0)} req/s`);
  console.log(
    `API, same search, 32 conn:  ${lat(m.repetida)}\n                            ${fallos(m.repetida)}  (${pct(rps(m.repetida), rps(m.suelo))} of the floor)`,
  );
  console.log(`API, same search, 1 conn:   ${lat(m.solo)}`);
  console.log(
    `API, new searches, 32 conn: ${lat(m.variadas)}\n                            ${fallos(m.variadas)}  (${pct(rps(m.variadas), rps(m.suelo))} of the floor; p95 ${(p95(m.variadas) / p95(m.suelo)).toFixed(1)}× the floor's)`,
  );
  console.log(
    `API, new, orden=fecha:      ${lat(m.porFecha)}\n                            ${fallos(m.porFecha)}  (${pct(rps(m.porFecha), rps(m.suelo))} of the floor; p95 ${(p95(m.porFecha) / p95(m.suelo)).toFixed(1)}× the floor's)`,
  );
  console.log(
    `API, new word searches:     ${lat(m.palabras)}\n                            ${fallos(m.palabras)}  (${pct(rps(m.palabras), rps(m.suelo))} of the floor; p95 ${(p95(m.palabras) / p95(m.suelo)).toFixed(1)}× the floor's)`,
  );
  const coste = (c: Cpu) => c.app + (Number.isNaN(c.pg) ? 0 : c.pg);
  const cpuTexto = (c: Cpu) =>
    `app ${f(c.app)} + PostgreSQL ${Number.isNaN(c.pg) ? "(not on this machine)" : f(c.pg)} (autocannon ${f(c.bench)}; cores busy ${c.nucleos.toFixed(2)} of 2)`;
  console.log(`CPU per request, floor:     ${cpuTexto(m.cpu.suelo)}`);
  console.log(
    `CPU per request, same search: ${cpuTexto(m.cpu.repetida)} → the floor's cost is ${pct(coste(m.cpu.suelo), coste(m.cpu.repetida))} of it`,
  );
  console.log(
    `CPU per request, new search: ${cpuTexto(m.cpu.variadas)} → the floor's cost is ${pct(coste(m.cpu.suelo), coste(m.cpu.variadas))} of it`,
  );
  console.log(
    `CPU per request, orden=fecha: ${cpuTexto(m.cpu.porFecha)} → the floor's cost is ${pct(coste(m.cpu.suelo), coste(m.cpu.porFecha))} of it`,
  );
  console.log(
    `CPU per request, words:     ${cpuTexto(m.cpu.palabras)} → the floor's cost is ${pct(coste(m.cpu.suelo), coste(m.cpu.palabras))} of it`,
  );
}
if (medidas.length > 1) {
  console.log(
    "\n| plans | floor req/s, p95 | same search req/s (of floor) | new searches req/s (of floor) | p50 | p95 (× floor's) | errors | CPU per request, app + PostgreSQL: floor / same / new search |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const m of medidas) {
    console.log(
      `| ${m.plans.toLocaleString("en")} | ${rps(m.suelo).toFixed(0)}, ${p95(m.suelo).toFixed(0)} ms | ${rps(m.repetida).toFixed(0)} (${pct(rps(m.repetida), rps(m.suelo))}) | ${rps(m.variadas).toFixed(0)} (${pct(rps(m.variadas), rps(m.suelo))}) | ${m.variadas.latency.p50.toFixed(0)} ms | ${p95(m.variadas).toFixed(0)} ms (${(p95(m.variadas) / p95(m.suelo)).toFixed(1)}×) | ${m.variadas.errors + m.variadas.non2xx + m.variadas.timeouts} | ${[m.cpu.suelo, m.cpu.repetida, m.cpu.variadas].map((c) => (c.app + (c.pg || 0)).toFixed(1)).join(" / ")} ms |`,
    );
  }
}
