/**
 * Search benchmark: a database of N plans spread over Spain like its population (default
 * 1,000,000; `--plans 100000` for fewer; `--reuse` keeps an already seeded one), then for a
 * busy town with category and date filters:
 *   - the bare SQL time of the search query, from PostgreSQL (EXPLAIN ANALYZE, 200 runs);
 *   - the API at 32 connections for 20 s (autocannon): p50/p95/p99, req/s, errors;
 *   - their ratio. Targets: p95 ≤ 25 ms, ≤ 1.5× the bare SQL, ≥ 500 req/s, 0 errors.
 * Uses its own database (planazo_bench) on DATABASE_URL's server or the local cluster.
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
import { consultaBusqueda } from "../lib/plans/search";
import { startAppServer } from "./lib/app-server";
import { prepareDatabase } from "./lib/prepare-database";

const { values } = parseArgs({ options: { plans: { type: "string", default: "1000000" }, reuse: { type: "boolean", default: false } } });
const N = Number(values.plans);

// Madrid's Puerta del Sol: the busiest place there is.
const LUGAR = { lat: 40.4168, lng: -3.7038 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function sembrar(prisma: ReturnType<typeof createPrismaClient>) {
  const existing = await prisma.plan.count();
  if (values.reuse && existing >= N) return console.log(`reusing ${existing.toLocaleString("es")} plans`);
  console.log(`seeding ${N.toLocaleString("es")} plans…`);
  const t = Date.now();
  await prisma.$executeRaw`TRUNCATE plan CASCADE`;
  await prisma.$executeRaw`INSERT INTO usuario (id, name, email, email_verified) VALUES ('bench-user', 'Bench', 'bench@example.com', true) ON CONFLICT DO NOTHING`;
  // Towns drawn by population (binary search over cumulative weights), plans within ~5 km.
  const towns = await prisma.$queryRaw<{ ine: string; nombre: string; lat: number; lng: number; peso: number }[]>`
    SELECT ine, nombre, lat, lng, coalesce(poblacion, 100)::float8 AS peso FROM municipio WHERE lat IS NOT NULL ORDER BY ine`;
  const acum: number[] = [];
  towns.reduce((sum, t, i) => (acum[i] = sum + t.peso), 0);
  const total = acum[acum.length - 1];
  const pick = () => {
    const r = Math.random() * total;
    let lo = 0;
    let hi = acum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (acum[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return towns[lo];
  };
  const lote = 50_000;
  for (let desde = 0; desde < N; desde += lote) {
    const n = Math.min(lote, N - desde);
    const elegidos = Array.from({ length: n }, pick);
    await prisma.$executeRaw`
      INSERT INTO plan (titulo, tipo, destacado, visible, municipio, municipio_ine, direccion, ubicacion, fecha_inicio, fecha_fin, categorias, usuario_id)
      SELECT 'Plan ' || (${desde} + e.g), CASE WHEN e.d < 0.7 THEN 'evento'::tipo_plan ELSE 'experiencia'::tipo_plan END,
             random() < 0.02, random() < 0.99, e.nombre, e.ine, 'Plaza Mayor, 1',
             ST_SetSRID(ST_MakePoint(e.lng + (random() - 0.5) * 0.1, e.lat + (random() - 0.5) * 0.08), 4326)::geography,
             CASE WHEN e.d < 0.7 THEN e.ini END, CASE WHEN e.d < 0.7 THEN e.ini + e.dura END,
             ARRAY[(enum_range(NULL::categoria))[1 + floor(random() * 10)::int], (enum_range(NULL::categoria))[1 + floor(random() * 10)::int]],
             'bench-user'
      FROM (
        SELECT t.*, random() AS d, now() + (random() * 150 - 30) * interval '1 day' AS ini, (1 + floor(random() * 48)) * interval '1 hour' AS dura
        FROM unnest(${elegidos.map((t) => t.ine)}::text[], ${elegidos.map((t) => t.nombre)}::text[],
                    ${elegidos.map((t) => t.lat)}::float8[], ${elegidos.map((t) => t.lng)}::float8[]) WITH ORDINALITY AS t(ine, nombre, lat, lng, g)
      ) e`;
    process.stdout.write(`  ${(desde + n).toLocaleString("es")}\r`);
  }
  await prisma.$executeRaw`
    INSERT INTO horario_disponible (plan_id, dia_semana, hora_inicio, hora_fin)
    SELECT id, d, '10:00', '13:00' FROM plan, LATERAL (SELECT DISTINCT floor(random() * 7)::int + 0 * length(plan.titulo) AS d FROM generate_series(1, 3)) s
    WHERE tipo = 'experiencia'`;
  await prisma.$executeRaw`VACUUM ANALYZE plan`;
  await prisma.$executeRaw`VACUUM ANALYZE horario_disponible`;
  console.log(`seeded in ${((Date.now() - t) / 1000).toFixed(0)} s            `);
}

async function main() {
  const databaseUrl = await prepareDatabase({ database: "planazo_bench", log: () => {} });
  const prisma = createPrismaClient(databaseUrl, 4);
  try {
    await sembrar(prisma);
    // This weekend (Friday to Sunday), two categories, default radius.
    const hoy = new Date();
    const viernes = new Date(hoy.getTime() + ((5 - hoy.getDay() + 7) % 7) * 86_400_000);
    viernes.setHours(0, 0, 0, 0);
    const domingo = new Date(viernes.getTime() + 3 * 86_400_000 - 1);
    const params = {
      lat: String(LUGAR.lat), lng: String(LUGAR.lng), radio: "50", categorias: "Fiesta,Cultura",
      fechaInicioFiltro: viernes.toISOString(), fechaFinFiltro: domingo.toISOString(),
    };
    const q = busquedaSchema.parse(params);

    const sqlTimes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const [row] = await prisma.$queryRaw<{ "QUERY PLAN": [{ "Execution Time": number; "Planning Time": number }] }[]>(
        Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${consultaBusqueda(q, LUGAR.lng, LUGAR.lat)}`,
      );
      const plan = row["QUERY PLAN"][0];
      sqlTimes.push(plan["Execution Time"] + plan["Planning Time"]);
    }
    sqlTimes.sort((a, b) => a - b);
    const [count] = await prisma.$queryRaw<{ total: bigint }[]>(Prisma.sql`SELECT total FROM (${consultaBusqueda(q, LUGAR.lng, LUGAR.lat)}) s LIMIT 1`);

    const server = await startAppServer({ DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: randomBytes(32).toString("hex") });
    try {
      const url = `${server.url}/api/plan?${new URLSearchParams(params)}`;
      await autocannon({ url, connections: 8, duration: 3 }); // warm-up
      const result = await autocannon({ url, connections: 32, duration: 20 });
      const f = (n: number) => `${n.toFixed(2)} ms`;
      const sql95 = percentile(sqlTimes, 95);
      console.log(`plans in database:        ${(await prisma.plan.count()).toLocaleString("es")}`);
      console.log(`query:                    Madrid, 50 km, Fiesta+Cultura, this weekend → ${Number(count?.total ?? 0).toLocaleString("es")} matches`);
      console.log(`bare SQL (PostgreSQL):    p50 ${f(percentile(sqlTimes, 50))}  p95 ${f(sql95)}  p99 ${f(percentile(sqlTimes, 99))}`);
      console.log(`API, 32 connections, 20s: p50 ${f(result.latency.p50)}  p95 ${f(result.latency.p97_5 ?? result.latency.p99)} (p97.5)  p99 ${f(result.latency.p99)}`);
      console.log(`                          ${result.requests.average.toFixed(0)} req/s  errors ${result.errors + result.non2xx}  timeouts ${result.timeouts}`);
      console.log(`API p50 / SQL p50:        ${(result.latency.p50 / percentile(sqlTimes, 50)).toFixed(2)}×`);
    } finally {
      await server.stop();
    }
  } finally {
    await prisma.$disconnect();
  }
}

await main();
