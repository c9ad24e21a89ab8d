import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshOrigin, insertUser } from "@/test-support/plans";

/**
 * The purge tags the plan table's triggers write, read inside one REPEATABLE READ transaction
 * that is rolled back: its snapshot hides what other tests write meanwhile, and nothing is left.
 */
describe("the purge tags of a statement that changes plans", () => {
  let client: pg.Client;
  let usuarioId: string;
  let origen: { lat: number; lng: number };

  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    usuarioId = await insertUser();
    origen = await freshOrigin();
  });
  afterAll(async () => {
    await client.end();
  });

  /**
   * `n` plans, the statements `sql` run on them (their ids as $1), and the tags they wrote.
   */
  async function etiquetasDe(n: number, ...sql: string[]): Promise<{ ids: string[]; etiquetas: Set<string> }> {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
    try {
      const { rows: ids } = await client.query<{ id: string }>(
        `INSERT INTO plan (titulo, tipo, municipio, direccion, ubicacion, fecha_inicio, fecha_fin, categorias, usuario_id)
         SELECT 'Plan de purga ' || i, 'evento', 'Pueblo de Prueba', 'Plaza Mayor, 1',
                ST_Project(ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, 100 + i, 0),
                now() + interval '1 day', now() + interval '25 hours', '{Otros}', $3
         FROM generate_series(1, $4::int) AS i RETURNING id`,
        [origen.lng, origen.lat, usuarioId, n],
      );
      const {
        rows: [{ desde }],
      } = await client.query<{ desde: string }>("SELECT coalesce(max(id), 0)::text AS desde FROM purga_pendiente");
      // A statement over many rows that takes longer than this has gone quadratic.
      await client.query("SET LOCAL statement_timeout = '4s'");
      for (const orden of sql) await client.query(orden, [ids.map((r) => r.id)]);
      const { rows } = await client.query<{ etiqueta: string }>("SELECT etiqueta FROM purga_pendiente WHERE id > $1", [
        desde,
      ]);
      return { ids: ids.map((r) => r.id), etiquetas: new Set(rows.map((r) => r.etiqueta)) };
    } finally {
      await client.query("ROLLBACK");
    }
  }

  it("purges the plans' pages, and the home only when one is shown, hidden or featured", async () => {
    const titulo = await etiquetasDe(3, "UPDATE plan SET titulo = titulo || '!' WHERE id = ANY($1::uuid[])");
    for (const id of titulo.ids) expect(titulo.etiquetas).toContain(`plan-${id}`);
    expect(titulo.etiquetas).not.toContain("portada");

    const oculto = await etiquetasDe(
      3,
      "UPDATE plan SET visible = false WHERE id = ANY($1::uuid[]) AND titulo LIKE '% 2'",
    );
    expect([...oculto.etiquetas].filter((e) => e.startsWith("plan-"))).toEqual([`plan-${oculto.ids[1]}`]);
    expect(oculto.etiquetas).toContain("portada");

    const destacado = await etiquetasDe(
      2,
      "UPDATE plan SET destacado_hasta = now() + interval '1 day' WHERE id = ANY($1::uuid[])",
    );
    expect(destacado.etiquetas).toContain("portada");
  });

  it("handles a statement over thousands of plans at once, as deleting a source does", async () => {
    // The triggers' plans are made on their first call in a session: here one plan of one row,
    // as an edit through the API is, then 8,000 at once. Planned for one row (a nested loop), the
    // 8,000 took minutes; planned for what they are, well under a second.
    const { ids, etiquetas } = await etiquetasDe(
      8_000,
      "UPDATE plan SET accesible = NOT accesible WHERE id = ($1::uuid[])[1]",
      "UPDATE plan SET accesible = NOT accesible WHERE id = ANY($1::uuid[])",
      // The same for their dates, each moved a minute (the notices' trigger joins them alike).
      "UPDATE plan_fecha SET inicio = inicio + interval '1 minute', fin = fin + interval '1 minute' WHERE plan_id = ($1::uuid[])[1]",
      "UPDATE plan_fecha SET inicio = inicio + interval '1 minute', fin = fin + interval '1 minute' WHERE plan_id = ANY($1::uuid[])",
    );
    expect(etiquetas.size).toBeGreaterThanOrEqual(ids.length);
    expect(etiquetas).toContain(`plan-${ids[7_999]}`);
    expect(etiquetas).not.toContain("portada");
  }, 60_000);
});
