import { readFileSync } from "node:fs";
import path from "node:path";
import { createPrismaClient } from "../../lib/db/client";
import { prepareDatabase } from "./prepare-database";

/** The benchmarks' own database on DATABASE_URL's server (or in the local cluster); BENCH_DATABASE names another. */
export const BENCH_DATABASE = process.env.BENCH_DATABASE || "planazo_bench";

/** The user who owns every seeded plan. */
export const BENCH_USER_ID = "bench-user";

export interface BenchDataOptions {
  /** How many plans the database must hold. */
  plans: number;
  /** The database's name (BENCH_DATABASE unless given). */
  database?: string;
  /** Keep an already seeded database when it holds at least `plans` plans. */
  reuse: boolean;
  /** A third of the events with several dates, a few programmes of 40 acts (default); false: one date each. */
  fechasVarias?: boolean;
  log?: (line: string) => void;
}

/**
 * Prepares `planazo_bench` (migrations, gazetteer) and fills it with `plans` plans spread over
 * Spain like its population: towns drawn by population, each plan within ~5 km of its town,
 * 70% events between 30 days ago and 120 days ahead, 30% weekly experiences, 2% featured (and 1% whose featuring has ended), 1%
 * hidden, two random categories each. A third of the events have several dates (2 to 30, a day
 * to a week apart), one in 500 of them a programme of 40 titled acts over four days, unless
 * `fechasVarias` is false. Returns the database URL.
 */
export async function prepareBenchDatabase({
  plans: N,
  database = BENCH_DATABASE,
  reuse,
  fechasVarias = true,
  log = console.log,
}: BenchDataOptions): Promise<string> {
  const databaseUrl = await prepareDatabase({ database, log: () => {} });
  const prisma = createPrismaClient(databaseUrl, 4);
  try {
    const existing = await prisma.plan.count();
    const [{ varias }] = await prisma.$queryRaw<{ varias: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM plan WHERE fechas_varias > 0) AS varias`;
    if (reuse && existing >= N && varias === fechasVarias) {
      log(`reusing ${existing.toLocaleString("es")} plans in ${database}`);
      return databaseUrl;
    }
    log(`seeding ${N.toLocaleString("es")} plans in ${database}…`);
    const t = Date.now();
    await prisma.$executeRaw`TRUNCATE plan CASCADE`;
    await prisma.$executeRaw`INSERT INTO usuario (id, name, email, email_verified) VALUES (${BENCH_USER_ID}, 'Bench', 'bench@example.com', true) ON CONFLICT DO NOTHING`;
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
    // Texts like the demo's (its titles and descriptions), each with a few words of the regions'
    // agendas, so the words searched have a realistic vocabulary.
    const raiz = path.join(import.meta.dirname, "..", "..");
    const plantillas = (
      JSON.parse(readFileSync(path.join(raiz, "data", "demo", "contenido.json"), "utf8")) as {
        planes: { titulo: string; descripcion: string }[];
      }
    ).planes;
    const agendas = readFileSync(path.join(raiz, "lib", "busqueda", "fixtures", "vocabulario-agendas.txt"), "utf8")
      .split("\n")
      .filter((l) => l && !l.startsWith("#"));
    const texto = () => {
      const p = plantillas[Math.floor(Math.random() * plantillas.length)];
      const extra = Array.from({ length: 8 }, () => agendas[Math.floor(Math.random() * agendas.length)]).join(" ");
      return { titulo: p.titulo, descripcion: `${p.descripcion}\n\n${extra}` };
    };
    const lote = 50_000;
    for (let desde = 0; desde < N; desde += lote) {
      const n = Math.min(lote, N - desde);
      const elegidos = Array.from({ length: n }, pick);
      const textos = Array.from({ length: n }, texto);
      await prisma.$executeRaw`
        INSERT INTO plan (titulo, descripcion, tipo, destacado_hasta, visible, municipio, municipio_ine, direccion, ubicacion, fecha_inicio, fecha_fin, categorias, dias_semana, usuario_id)
        SELECT e.titulo, e.descripcion, CASE WHEN e.d < 0.7 THEN 'evento'::tipo_plan ELSE 'experiencia'::tipo_plan END,
               -- 3% ever featured: about 2% still (until up to 40 days ahead), 1% ended in the last 20 days.
               CASE WHEN random() < 0.03 THEN now() + (random() * 60 - 20) * interval '1 day' END, random() < 0.99, e.nombre, e.ine, 'Plaza Mayor, 1',
               ST_SetSRID(ST_MakePoint(e.lng + (random() - 0.5) * 0.1, e.lat + (random() - 0.5) * 0.08), 4326)::geography,
               CASE WHEN e.d < 0.7 THEN e.ini END, CASE WHEN e.d < 0.7 THEN e.ini + e.dura END,
               ARRAY[(enum_range(NULL::categoria))[1 + floor(random() * 10)::int], (enum_range(NULL::categoria))[1 + floor(random() * 10)::int]],
               -- An experience's weekdays (up to three), as its slots below will have them.
               CASE WHEN e.d >= 0.7 THEN (1 << floor(random() * 7)::int) | (1 << floor(random() * 7)::int) | (1 << floor(random() * 7)::int) ELSE 0 END,
               ${BENCH_USER_ID}
        FROM (
          SELECT t.*, random() AS d, now() + (random() * 150 - 30) * interval '1 day' AS ini, (1 + floor(random() * 48)) * interval '1 hour' AS dura
          FROM unnest(${elegidos.map((t) => t.ine)}::text[], ${elegidos.map((t) => t.nombre)}::text[],
                      ${elegidos.map((t) => t.lat)}::float8[], ${elegidos.map((t) => t.lng)}::float8[],
                      ${textos.map((t) => t.titulo)}::text[], ${textos.map((t) => t.descripcion)}::text[])
                 WITH ORDINALITY AS t(ine, nombre, lat, lng, titulo, descripcion, g)
        ) e`;
      if (process.stdout.isTTY) process.stdout.write(`  ${(desde + n).toLocaleString("es")}\r`);
    }
    // Written with the plans' weekdays already right, the slots' trigger rewrites no plan.
    await prisma.$executeRaw`
      INSERT INTO horario_disponible (plan_id, dia_semana, hora_inicio, hora_fin)
      SELECT id, d, '10:00', '13:00' FROM plan, generate_series(0, 6) d
      WHERE tipo = 'experiencia' AND dias_semana & (1 << d) <> 0`;
    if (fechasVarias) {
      // Each event has its one date already (plan_fecha's trigger). The others are written with
      // the triggers off (a seed, like the slots above), then each plan's span, count, acts'
      // titles and words in one statement, as the dates' triggers would have left them.
      await prisma.$transaction(
        async (tx) => {
          await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
          await tx.$executeRaw`
          INSERT INTO plan_fecha (plan_id, inicio, fin, titulo)
          SELECT e.id, e.fecha_inicio + k * e.paso, e.fecha_inicio + k * e.paso + e.dura,
                 CASE WHEN e.programa THEN (ARRAY['Pregón', 'Pasacalles con la charanga', 'Verbena con orquesta',
                   'Misa y procesión', 'Parque infantil', 'Paella popular', 'Concurso de guiñote',
                   'Disco móvil'])[1 + k % 8] END
          FROM (
            SELECT p.id, p.fecha_inicio, programa,
                   CASE WHEN programa THEN 40 ELSE 2 + floor(random() * 29)::int END AS n,
                   CASE WHEN programa THEN interval '2 hours 24 minutes'
                        WHEN random() < 0.5 THEN interval '1 day' ELSE interval '7 days' END AS paso,
                   least(p.fecha_fin - p.fecha_inicio, interval '2 hours') AS dura
            FROM (SELECT p.*, random() < 0.002 AS programa FROM plan p
                  WHERE p.tipo = 'evento' AND random() < 1.0 / 3) p) e,
            generate_series(1, e.n - 1) k`;
          await tx.$executeRaw`
          UPDATE plan_fecha f SET titulo = 'Pregón'
          WHERE f.titulo IS NULL AND f.plan_id IN (SELECT g.plan_id FROM plan_fecha g WHERE g.titulo IS NOT NULL)`;
          await tx.$executeRaw`
          UPDATE plan p SET fechas_varias = c.n, fecha_inicio = c.inicio, fecha_fin = c.fin,
            titulos_fechas = c.titulos,
            palabras = CASE WHEN c.titulos IS NULL THEN p.palabras ELSE planazo_palabras_texto(planazo_texto_plan(
              p.titulo, p.categorias, p.descripcion, p.direccion, p.municipio, p.organizacion_id, c.titulos, p.textos)) END
          FROM (SELECT plan_id, count(*)::smallint AS n, min(inicio) AS inicio, max(coalesce(fin, inicio)) AS fin,
                       string_agg(DISTINCT titulo, ' ' ORDER BY titulo) AS titulos
                FROM plan_fecha GROUP BY plan_id HAVING count(*) > 1) c
          WHERE p.id = c.plan_id`;
          await tx.$executeRaw`SELECT planazo_nuevas_palabras(ARRAY(SELECT DISTINCT titulos_fechas FROM plan WHERE titulos_fechas IS NOT NULL))`;
        },
        { timeout: 600_000 },
      );
      await prisma.$executeRaw`VACUUM ANALYZE plan_fecha`;
    }
    await prisma.$executeRaw`VACUUM ANALYZE plan`;
    await prisma.$executeRaw`VACUUM ANALYZE horario_disponible`;
    log(`seeded in ${((Date.now() - t) / 1000).toFixed(0)} s            `);
    return databaseUrl;
  } finally {
    await prisma.$disconnect();
  }
}
