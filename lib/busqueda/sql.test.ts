import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Prisma } from "@/lib/generated/prisma/client";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { busquedaSchema } from "./schemas";
import { consultaCercanos, consultaTotal } from "./buscar";

const db = () => process.env.DATABASE_URL!;

describe("planazo_mascara_dias (weekdays of a range of Madrid dates)", () => {
  it("agrees with walking the days one by one, from every weekday and for every length", async () => {
    const casos: [string, string][] = [];
    // 2027-03-07 is a Sunday; start on each weekday, run 0 … 9 days, and one empty range.
    for (let inicio = 0; inicio < 7; inicio++)
      for (let dias = 0; dias < 10; dias++)
        casos.push([`2027-03-${String(7 + inicio).padStart(2, "0")}`, String(dias)]);
    const filas = await query<{ desde: string; dias: number; mascara: number; esperada: number }>(
      db(),
      `SELECT c.desde, c.dias::int AS dias, planazo_mascara_dias(c.desde::date, c.desde::date + c.dias::int) AS mascara,
              (SELECT coalesce(bit_or(1 << extract(dow FROM d)::int), 0)::int
                 FROM generate_series(c.desde::date, c.desde::date + c.dias::int, interval '1 day') d) AS esperada
       FROM unnest($1::text[], $2::text[]) AS c(desde, dias)`,
      [casos.map((c) => c[0]), casos.map((c) => c[1])],
    );
    expect(filas).toHaveLength(70);
    for (const f of filas) expect({ ...f, mascara: f.mascara }).toEqual({ ...f, mascara: f.esperada });
    const [{ vacia }] = await query<{ vacia: number }>(
      db(),
      `SELECT planazo_mascara_dias('2027-03-09', '2027-03-08') AS vacia`,
    );
    expect(vacia).toBe(0);
  });
});

describe("plan.dias_semana", () => {
  it("follows the plan's slots as they are added, changed and removed", async () => {
    const usuarioId = await insertUser();
    const id = await insertPlan({
      usuarioId,
      origin: await freshOrigin(),
      tipo: "experiencia",
      horarios: [
        { diaSemana: 0, horaInicio: "10:00", horaFin: "12:00" },
        { diaSemana: 3, horaInicio: "10:00", horaFin: "12:00" },
      ],
    });
    const mascara = async () =>
      (await query<{ m: number }>(db(), "SELECT dias_semana AS m FROM plan WHERE id = $1", [id]))[0].m;
    expect(await mascara()).toBe(0b0001001);
    await query(db(), "UPDATE horario_disponible SET dia_semana = 6 WHERE plan_id = $1 AND dia_semana = 3", [id]);
    expect(await mascara()).toBe(0b1000001);
    await query(db(), "DELETE FROM horario_disponible WHERE plan_id = $1", [id]);
    expect(await mascara()).toBe(0);
  });

  it("writes again only the plans whose weekdays a statement changes, each once", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const ids = await Promise.all(
      [0, 1, 2].map(() => insertPlan({ usuarioId, origin, tipo: "experiencia", horarios: [] })),
    );
    // The first already says Monday, as a plan written with its slots does; the others say nothing yet.
    await query(db(), "UPDATE plan SET dias_semana = 2 WHERE id = $1", [ids[0]]);
    const estado = async () =>
      await query<{ id: string; m: number; cambio: string; version: string }>(
        db(),
        "SELECT id, dias_semana AS m, cambio::text, pagina_version::text AS version FROM plan WHERE id = ANY($1::uuid[])",
        [ids],
      ).then((filas) => new Map(filas.map((f) => [f.id, f])));
    const antes = await estado();
    const [{ purga }] = await query<{ purga: string }>(
      db(),
      "SELECT coalesce(max(id), 0)::text AS purga FROM purga_pendiente",
    );
    await query(
      db(),
      `INSERT INTO horario_disponible (plan_id, dia_semana, hora_inicio, hora_fin)
       SELECT id, d, '10:00', '12:00' FROM unnest($1::uuid[]) AS id, unnest($2::int[]) AS d`,
      [ids, [1, 5]],
    );
    const despues = await estado();
    expect(ids.map((id) => despues.get(id)!.m)).toEqual([0b0100010, 0b0100010, 0b0100010]);
    // Each plan's row written once by the statement, the first too (Friday is new to it).
    for (const id of ids) {
      expect(despues.get(id)!.cambio).not.toBe(antes.get(id)!.cambio);
      expect(Number(despues.get(id)!.version)).toBe(Number(antes.get(id)!.version) + 1);
    }
    const etiquetas = await query<{ etiqueta: string }>(
      db(),
      "SELECT etiqueta FROM purga_pendiente WHERE id > $1 AND etiqueta = ANY($2::text[])",
      [purga, ids.map((id) => `plan-${id}`)],
    );
    expect(etiquetas.map((e) => e.etiqueta).sort()).toEqual(ids.map((id) => `plan-${id}`).sort());

    // Slots that keep every weekday as it is write no plan: its change log and purges stay still.
    await query(
      db(),
      `INSERT INTO horario_disponible (plan_id, dia_semana, hora_inicio, hora_fin)
       SELECT id, 5, '17:00', '19:00' FROM unnest($1::uuid[]) AS id`,
      [ids],
    );
    const quieto = await estado();
    for (const id of ids) expect(quieto.get(id)).toEqual(despues.get(id));
    const [{ nuevas }] = await query<{ nuevas: number }>(
      db(),
      "SELECT count(*)::int AS nuevas FROM purga_pendiente WHERE id > $1 AND etiqueta = ANY($2::text[])",
      [purga, ids.map((id) => `plan-${id}`)],
    );
    expect(nuevas).toBe(ids.length);
  });
});

/**
 * The search's SQL against the installed PostGIS, with only PostGIS's public functions (see
 * dentroDelRadio in lib/busqueda/sql.ts): the radius finds exactly what ST_DWithin finds, and
 * the planner walks the GiST index nearest first for a page and for the bounded total. Each
 * test runs on one connection whose temporary table `plan` (like the real one, with its
 * indexes) hides the real table, so the shared test database is never touched.
 */
describe("the search's SQL on the installed PostGIS", () => {
  let client: pg.Client;
  let postgis: string;

  const ejecutar = async <T extends pg.QueryResultRow>(sql: Prisma.Sql) =>
    (await client.query<T>(sql.text, sql.values as unknown[])).rows;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query("SET max_parallel_workers_per_gather = 0");
    await client.query("CREATE TEMP TABLE plan (LIKE public.plan INCLUDING DEFAULTS INCLUDING INDEXES)");
    postgis = (await client.query<{ v: string }>("SELECT postgis_lib_version() AS v")).rows[0].v;
  });
  afterAll(async () => {
    await client?.end();
  });

  const vaciar = () => client.query("TRUNCATE plan");

  it("finds exactly the plans that ST_DWithin finds: at the radius, at 0 km, near the poles and the date line", async () => {
    await vaciar();
    // Centres where a projection or a bounding box could cut the circle short: Madrid, the
    // Greenwich meridian in Spain, the equator at 0°, the date line, the Arctic (where ST_Buffer
    // changes projection) and the poles.
    const centros = [
      [-3.7038, 40.4168],
      [0.01, 39.99],
      [0, 0],
      [179.99, 0.5],
      [-179.99, -0.5],
      [25, 66],
      [-120, 72],
      [10, 89.9],
      [0, -90],
    ];
    const radios = [0, 1, 50];
    // Around each centre and radius, every 3°: a plan just inside the circle (0.01% short) and
    // one just outside, plus one at the centre.
    await client.query(
      `INSERT INTO plan (titulo, tipo, municipio, direccion, ubicacion, usuario_id)
       SELECT 'Borde', 'experiencia', 'Pueblo de Prueba', 'Plaza Mayor, 1',
              ST_Project(ST_SetSRID(ST_MakePoint(c.lng, c.lat), 4326)::geography, d.metros, radians(rumbo)), 'nadie'
       FROM unnest($1::float8[], $2::float8[]) AS c(lng, lat)
       CROSS JOIN unnest($3::float8[]) AS r(km)
       CROSS JOIN LATERAL (VALUES (r.km * 1000 * 0.9999), (greatest(r.km * 1000 * 1.0001, 1)), (0)) AS d(metros)
       CROSS JOIN generate_series(0, 357, 3) AS rumbo`,
      [centros.map((c) => c[0]), centros.map((c) => c[1]), radios],
    );
    for (const [lng, lat] of centros) {
      for (const radio of radios) {
        const q = busquedaSchema.parse({ lng: String(lng), lat: String(lat), radio: String(radio) });
        const esperados = (
          await client.query<{ id: string }>(
            `SELECT id FROM plan WHERE ST_DWithin(ubicacion, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3) ORDER BY id`,
            [lng, lat, radio * 1000],
          )
        ).rows.map((f) => f.id);
        const hallados = (await ejecutar<{ id: string }>(consultaCercanos(q, lng, lat, false, 100_000)))
          .map((f) => f.id)
          .sort();
        const donde = `${radio} km around (${lng}, ${lat}) with PostGIS ${postgis}`;
        expect(esperados.length, donde).toBeGreaterThan(0);
        expect(hallados, donde).toEqual(esperados);
        const [{ n }] = await ejecutar<{ n: string }>(consultaTotal(q, lng, lat));
        expect(Number(n), donde).toBe(esperados.length);
      }
    }
  });

  it("walks the GiST index nearest first for a page and for the bounded total, at city density", async () => {
    await vaciar();
    // 40,000 plans around Madrid, denser towards it (a third within 50 km), like the
    // benchmark's: 70% events, two categories each, 2% featured.
    await client.query(
      `INSERT INTO plan (titulo, tipo, municipio, direccion, ubicacion, fecha_inicio, fecha_fin, categorias, destacado_hasta, usuario_id)
       SELECT 'Plan', CASE WHEN e THEN 'evento' ELSE 'experiencia' END::tipo_plan, 'Madrid', 'Sol',
              ST_Project(ST_SetSRID(ST_MakePoint(-3.7038, 40.4168), 4326)::geography, random() * 150000, random() * 6.28),
              CASE WHEN e THEN ini END, CASE WHEN e THEN ini + interval '3 hours' END,
              ARRAY[(enum_range(NULL::categoria))[1 + floor(random() * 10)::int], (enum_range(NULL::categoria))[1 + floor(random() * 10)::int]],
              CASE WHEN random() < 0.02 THEN now() + interval '5 days' END, 'nadie'
       FROM (SELECT random() < 0.7 AS e, now() + random() * interval '120 days' AS ini FROM generate_series(1, 40000)) s`,
    );
    await client.query("UPDATE plan SET dias_semana = 127 WHERE tipo = 'experiencia'");
    await client.query("ANALYZE plan");
    const madrid = { lng: -3.7038, lat: 40.4168 };
    const viernes = new Date(Date.now() + 3 * 86_400_000);
    const q = busquedaSchema.parse({
      lng: String(madrid.lng),
      lat: String(madrid.lat),
      radio: "50",
      categorias: "Fiesta,Cultura",
      fechaInicioFiltro: viernes.toISOString(),
      fechaFinFiltro: new Date(viernes.getTime() + 3 * 86_400_000 - 1).toISOString(),
    });
    // The total's walk pays when more than TOPE_TOTAL plans are expected to match (else the
    // planner rightly counts them all from a bitmap): without filters, every plan within 50 km.
    const todos = busquedaSchema.parse({ lng: String(madrid.lng), lat: String(madrid.lat), radio: "50" });
    const consultas: [string, Prisma.Sql][] = [
      ["a page's plans (consultaCercanos)", consultaCercanos(q, madrid.lng, madrid.lat, false, 38)],
      ["the bounded total (consultaTotal)", consultaTotal(todos, madrid.lng, madrid.lat)],
    ];
    for (const [nombre, sql] of consultas) {
      const [
        {
          "QUERY PLAN": [{ Plan: raiz }],
        },
      ] = await ejecutar<{ "QUERY PLAN": [{ Plan: Nodo }] }>({
        ...sql,
        text: `EXPLAIN (FORMAT JSON) ${sql.text}`,
        values: sql.values,
      } as Prisma.Sql);
      const nodos = aplanar(raiz);
      const knn = nodos.find((n) => n["Node Type"] === "Index Scan" && n["Order By"]?.includes("<->"));
      expect(
        knn && !nodos.some((n) => n["Node Type"] === "Sort"),
        `${nombre} should walk the GiST index nearest first (Index Scan with Order By <->, no Sort), ` +
          `but PostGIS ${postgis} planned ${nodos.map((n) => n["Node Type"]).join(" → ")}. ` +
          "The radius is spelt with ST_Buffer (index condition &&) and coalesce(ST_DWithin(…), false) " +
          "(the exact test, hidden from ST_DWithin's row estimate) in dentroDelRadio, lib/busqueda/sql.ts.",
      ).toBe(true);
    }
  });
});

interface Nodo {
  "Node Type": string;
  "Order By"?: string;
  Plans?: Nodo[];
}

function aplanar(n: Nodo): Nodo[] {
  return [n, ...(n.Plans ?? []).flatMap(aplanar)];
}
