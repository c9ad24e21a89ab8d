/**
 * Search benchmark: a database of N plans spread over Spain like its population (default
 * 1,000,000; `--plans 100000` for fewer; `--reuse` keeps an already seeded one), then for a
 * busy town with category and date filters:
 *   - the bare SQL time of the search query, from PostgreSQL (EXPLAIN ANALYZE, 200 runs);
 *   - the API at 32 connections for 20 s (autocannon): p50/p95/p99, req/s, errors;
 *   - their ratio. Targets: p95 ≤ 25 ms, ≤ 1.5× the bare SQL, ≥ 500 req/s, 0 errors.
 * Uses its own database (planazo_bench, scripts/lib/bench-data.ts) on DATABASE_URL's server or
 * the local cluster.
 *
 *   npm run bench:search [-- --plans 100000] [-- --reuse]
 */
import "./lib/load-env";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createPrismaClient } from "../lib/db/client";
import { Prisma } from "../lib/generated/prisma/client";
import { busquedaSchema } from "../lib/plans/schemas";
import { consultaCercanos, consultaTotal } from "../lib/plans/search";
import { startAppServer } from "../test-support/app-server";
import { prepareBenchDatabase } from "./lib/bench-data";

const { values } = parseArgs({
  options: { plans: { type: "string", default: "1000000" }, reuse: { type: "boolean", default: false } },
});
const N = Number(values.plans);

// Madrid's Puerta del Sol: the busiest place there is.
const LUGAR = { lat: 40.4168, lng: -3.7038 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const databaseUrl = await prepareBenchDatabase({ plans: N, reuse: values.reuse });
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

    /** Planning + execution time of `sql` inside PostgreSQL, `runs` times, sorted. */
    const tiempos = async (sql: Prisma.Sql, runs: number) => {
      const out: number[] = [];
      for (let i = 0; i < runs; i++) {
        const [row] = await prisma.$queryRaw<
          { "QUERY PLAN": [{ "Execution Time": number; "Planning Time": number }] }[]
        >(Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`);
        out.push(row["QUERY PLAN"][0]["Execution Time"] + row["QUERY PLAN"][0]["Planning Time"]);
      }
      return out.sort((a, b) => a - b);
    };
    // A first page: the nearest featured matches, then the nearest others (38 = 30 + the margin
    // that the search asks for to see whether ties go on).
    const sqlDestacados = await tiempos(consultaCercanos(q, LUGAR.lng, LUGAR.lat, true, 38), 100);
    const sqlOtros = await tiempos(consultaCercanos(q, LUGAR.lng, LUGAR.lat, false, 38), 100);
    const sqlPagina = sqlDestacados.map((t, i) => t + sqlOtros[i]);
    const sqlTotal = await tiempos(consultaTotal(q, LUGAR.lng, LUGAR.lat), 30);
    const [{ n: count }] = await prisma.$queryRaw<{ n: bigint }[]>(consultaTotal(q, LUGAR.lng, LUGAR.lat));
    // The whole search runs both when it has not seen the question (a full first page).
    const sqlBusqueda = sqlPagina.map((t, i) => t + sqlTotal[Math.floor((i * sqlTotal.length) / sqlPagina.length)]);

    const server = await startAppServer({
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    });
    try {
      const url = `${server.url}/api/plan?${new URLSearchParams(params)}`;
      await autocannon({ url, connections: 8, duration: 3 }); // warm-up
      const result = await autocannon({ url, connections: 32, duration: 20 });
      const solo = await autocannon({ url, connections: 1, duration: 5 });
      // What any route of this server costs at 32 connections: a search refused before any work.
      const suelo = await autocannon({ url: `${server.url}/api/plan?lat=x`, connections: 32, duration: 8 });
      // Never the same question twice: points scattered over 10 km around Madrid, so every
      // request computes its page and its total in PostgreSQL.
      const variadas = await autocannon({
        url: server.url,
        connections: 32,
        duration: 10,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: `/api/plan?${new URLSearchParams({ ...params, lat: (LUGAR.lat + (Math.random() - 0.5) * 0.1).toFixed(6), lng: (LUGAR.lng + (Math.random() - 0.5) * 0.12).toFixed(6) })}`,
            }),
          },
        ],
      });
      const f = (n: number) => `${n.toFixed(2)} ms`;
      const p = (r: autocannon.Result) =>
        `p50 ${f(r.latency.p50)}  p95 ${f(r.latency.p97_5)} (p97.5)  p99 ${f(r.latency.p99)}`;
      const fallos = (r: autocannon.Result) =>
        `${r.requests.average.toFixed(0)} req/s  errors ${r.errors + r.non2xx}  timeouts ${r.timeouts}`;
      console.log(`plans in database:          ${(await prisma.plan.count()).toLocaleString("es")}`);
      console.log(
        `query:                      Madrid, 50 km, Fiesta+Cultura, this weekend → ${Number(count).toLocaleString("es")} matches`,
      );
      console.log(
        `bare SQL, page (30 rows):   p50 ${f(percentile(sqlPagina, 50))}  p95 ${f(percentile(sqlPagina, 95))}  p99 ${f(percentile(sqlPagina, 99))}`,
      );
      console.log(`bare SQL, total:            p50 ${f(percentile(sqlTotal, 50))}  p95 ${f(percentile(sqlTotal, 95))}`);
      console.log(
        `bare SQL, page + total:     p50 ${f(percentile(sqlBusqueda, 50))}  p95 ${f(percentile(sqlBusqueda, 95))}`,
      );
      console.log(`API, same search, 32 conn:  ${p(result)}`);
      console.log(`                            ${fallos(result)}`);
      console.log(`API, same search, 1 conn:   ${p(solo)}`);
      console.log(`floor: a 400 before any work, 32 conn: ${p(suelo)}  ${suelo.requests.average.toFixed(0)} req/s`);
      console.log(`API, new searches, 32 conn: ${p(variadas)}`);
      console.log(`                            ${fallos(variadas)}`);
      console.log(
        `API p95 (32 conn) / bare SQL p95 (page + total): ${(result.latency.p97_5 / percentile(sqlBusqueda, 95)).toFixed(2)}×`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await prisma.$disconnect();
  }
}

await main();
