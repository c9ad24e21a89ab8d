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

  /** A plan's node as auto_explain writes it in JSON, with what it did (log_analyze). */
  interface Nodo {
    "Node Type": string;
    "Parent Relationship"?: string;
    "Actual Loops"?: number;
    Plans?: Nodo[];
  }
  const contiene = (n: Nodo, tipo: string): boolean =>
    n["Node Type"] === tipo || (n.Plans ?? []).some((h) => contiene(h, tipo));
  /** The nodes that scan a statement's transition table (old or new rows) once per row of another. */
  function bucles(n: Nodo, fuera: Nodo[] = []): Nodo[] {
    const interior = n["Node Type"] === "Nested Loop" && n.Plans?.find((h) => h["Parent Relationship"] === "Inner");
    if (interior && contiene(interior, "Named Tuplestore Scan") && (interior["Actual Loops"] ?? 0) > 1) fuera.push(n);
    for (const h of n.Plans ?? []) bucles(h, fuera);
    return fuera;
  }

  /**
   * `n` plans, the statements `sql` run on them (their ids as $1), the tags they wrote, and the
   * plans of the statements the last one ran inside its triggers (auto_explain, sent to this client).
   */
  async function etiquetasDe(
    n: number,
    ...sql: string[]
  ): Promise<{ ids: string[]; etiquetas: Set<string>; planes: { texto: string; plan: Nodo }[] }> {
    const planes: { texto: string; plan: Nodo }[] = [];
    const alAviso = (aviso: { message?: string }) => {
      const json = aviso.message?.indexOf("{") ?? -1;
      if (json < 0) return;
      const { "Query Text": texto, Plan: plan } = JSON.parse(aviso.message!.slice(json)) as {
        "Query Text": string;
        Plan: Nodo;
      };
      planes.push({ texto, plan });
    };
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
      for (const [i, orden] of sql.entries()) {
        if (i === sql.length - 1) {
          await client.query(
            `LOAD 'auto_explain'; SET LOCAL auto_explain.log_min_duration = 0; SET LOCAL auto_explain.log_nested_statements = on;
             SET LOCAL auto_explain.log_analyze = on; SET LOCAL auto_explain.log_timing = off;
             SET LOCAL auto_explain.log_format = json; SET LOCAL auto_explain.log_level = notice; SET LOCAL client_min_messages = notice`,
          );
          client.on("notice", alAviso);
        }
        await client.query(orden, [ids.map((r) => r.id)]);
      }
      client.off("notice", alAviso);
      await client.query("SET LOCAL auto_explain.log_min_duration = -1");
      const { rows } = await client.query<{ etiqueta: string }>("SELECT etiqueta FROM purga_pendiente WHERE id > $1", [
        desde,
      ]);
      return { ids: ids.map((r) => r.id), etiquetas: new Set(rows.map((r) => r.etiqueta)), planes };
    } finally {
      client.off("notice", alAviso);
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

  // The triggers' statements are planned on their first call in a session unless run through
  // EXECUTE: planned for the one row of an edit through the API, a nested loop rescanned a
  // statement's old rows once per new row, and deleting a source of 25,000 plans took minutes.
  // What they do is read from their plans, not timed: no transition table is scanned once per row.
  it.each([
    ["plans", "UPDATE plan SET accesible = NOT accesible WHERE id = ANY($1::uuid[])", "purga_pendiente"],
    [
      "dates",
      "UPDATE plan_fecha SET inicio = inicio + interval '1 minute', fin = fin + interval '1 minute' WHERE plan_id = ANY($1::uuid[])",
      "aviso_plan",
    ],
  ])(
    "joins a statement's old and new %s without a loop per row, after an edit of one",
    async (_, orden, escribe) => {
      const { ids, etiquetas, planes } = await etiquetasDe(
        1_000,
        orden.replace("= ANY($1::uuid[])", "= ($1::uuid[])[1]"),
        orden,
      );
      const deTriggers = planes.filter((p) => contiene(p.plan, "Named Tuplestore Scan"));
      // The purge's and the words' joins, and for dates the notices': what the check would miss if absent.
      expect(deTriggers.some((p) => p.texto.includes(escribe))).toBe(true);
      expect(deTriggers.flatMap((p) => bucles(p.plan).map(() => p.texto.trim().slice(0, 60)))).toEqual([]);
      // A date moved alone changes no plan row: the code that moves dates writes the plan's span.
      if (escribe === "purga_pendiente") {
        expect(etiquetas).toContain(`plan-${ids[999]}`);
        expect(etiquetas).not.toContain("portada");
      }
    },
    60_000,
  );
});
