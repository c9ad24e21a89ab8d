import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { startAppServer } from "@/test-support/app-server";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlanesEnEspiral, insertUser } from "@/test-support/plans";
import { TOPE_TOTAL } from "@/lib/plans/constants";

type Respuesta = { planes: { titulo: string; tipo: string }[]; total: number; totalExacto: boolean; mensaje?: string };

/**
 * GET /api/plan's total over more plans than it counts exactly (TOPE_TOTAL, 3,000): 3,005
 * plans, the i-th at 100.5 + i metres from the origin, so the radius picks how many match and
 * the order is known.
 */
describe("GET /api/plan total beyond the bound", () => {
  const N = TOPE_TOTAL + 5;
  let usuarioId: string;
  let origin: { lat: number; lng: number };

  beforeAll(async () => {
    usuarioId = await insertUser();
    origin = await freshOrigin();
    await insertPlanesEnEspiral({ usuarioId, origin, n: N, titulo: "Espiral" });
  });
  afterAll(async () => {
    await query(process.env.DATABASE_URL!, "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
  });

  async function buscar(params: Record<string, string | number>): Promise<Respuesta> {
    const qs = new URLSearchParams({ lat: String(origin.lat), lng: String(origin.lng) });
    for (const [k, v] of Object.entries(params)) qs.set(k, String(v));
    const res = await api(`/api/plan?${qs}`);
    expect(res.status).toBe(200);
    return res.json();
  }
  const titulos = (r: Respuesta) => r.planes.filter((p) => p.tipo !== "Patrocinado").map((p) => p.titulo);
  const espiral = (desde: number, hasta: number) =>
    Array.from({ length: hasta - desde + 1 }, (_, i) => `Espiral ${desde + i}`);

  it("answers a dense search with the bound as its total and totalExacto false", async () => {
    const r = await buscar({ radio: 50 });
    expect({ total: r.total, totalExacto: r.totalExacto }).toEqual({ total: TOPE_TOTAL, totalExacto: false });
    expect(titulos(r)).toEqual(espiral(1, 30));
    expect(r).not.toHaveProperty("mensaje");
  });

  it("counts exactly up to the bound, and a small search is exact", async () => {
    // 3,101 m holds plans 1…3,000; 3,102 m one more.
    expect(await buscar({ radio: 3.101 })).toMatchObject({ total: TOPE_TOTAL, totalExacto: true });
    expect(await buscar({ radio: 3.102 })).toMatchObject({ total: TOPE_TOTAL, totalExacto: false });
    // More than a page (the count runs) and less (the page tells it).
    expect(await buscar({ radio: 0.2 })).toMatchObject({ total: 99, totalExacto: true });
    const pocos = await buscar({ radio: 0.11 });
    expect(pocos).toMatchObject({ total: 9, totalExacto: true });
    expect(titulos(pocos)).toEqual(espiral(1, 9));
  });

  it("pages up to the bound's last page, and past it answers as past the end", async () => {
    const ultima = await buscar({ radio: 50, page: TOPE_TOTAL / 30 });
    expect(titulos(ultima)).toEqual(espiral(TOPE_TOTAL - 29, TOPE_TOTAL));
    expect(ultima).toMatchObject({ total: TOPE_TOTAL, totalExacto: false });
    // A page size that does not divide the bound: the last page stops at it.
    const corta = await buscar({ radio: 50, limit: 7, page: Math.ceil(TOPE_TOTAL / 7) });
    expect(titulos(corta)).toEqual(espiral(7 * Math.floor(TOPE_TOTAL / 7) + 1, TOPE_TOTAL));
    expect(corta).toMatchObject({ total: TOPE_TOTAL, totalExacto: false });
    expect(await buscar({ radio: 50, page: TOPE_TOTAL / 30 + 1 })).toEqual({
      planes: [],
      total: TOPE_TOTAL,
      totalExacto: false,
    });
  });

  it("answers 'more than' from an earlier count nearby, without counting again (total-denso.ts)", async () => {
    // Dense discs serve the searches PostgreSQL answers (while the search index is being
    // filled): an app with the index off. The first search around the origin counts more than
    // the bound: its 3,001 nearest lie within about 3.1 km of it. Hide ten plans behind the
    // memos' back (triggers off, so the search version stays): a count would now find 2,995.
    const sinIndice = await startAppServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      INDICE_BUSQUEDA: "no",
    });
    const get = (qs: URLSearchParams) => fetch(`${sinIndice.url}/api/plan?${qs}`);
    expect(
      await (await get(new URLSearchParams({ lat: String(origin.lat), lng: String(origin.lng), radio: "50" }))).json(),
    ).toMatchObject({ total: TOPE_TOTAL, totalExacto: false });
    const ocultar = (visible: boolean, sinTriggers: boolean) =>
      query(
        process.env.DATABASE_URL!,
        `BEGIN; ${sinTriggers ? "SET LOCAL session_replication_role = replica; " : ""}
         UPDATE plan SET visible = ${visible} WHERE usuario_id = '${usuarioId}' AND titulo = ANY(ARRAY[${espiral(1, 10)
           .map((t) => `'${t}'`)
           .join(",")}]); COMMIT`,
      );
    await ocultar(false, true);
    try {
      const en = async (metros: number, rumbo: number, radio: number) => {
        const [p] = await query<{ lat: number; lng: number }>(
          process.env.DATABASE_URL!,
          `SELECT ST_Y(g::geometry) AS lat, ST_X(g::geometry) AS lng
           FROM ST_Project(ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3, radians($4)) AS g`,
          [origin.lng, origin.lat, metros, rumbo],
        );
        const qs = new URLSearchParams({ lat: String(p.lat), lng: String(p.lng), radio: String(radio) });
        const res = await get(qs);
        expect(res.status).toBe(200);
        return (await res.json()) as Respuesta;
      };
      // 5 km east, 50 km around: the first count's disc is inside this circle.
      expect(await en(5_000, 90, 50)).toMatchObject({ total: TOPE_TOTAL, totalExacto: false });
      // 20 km south, 23.2 km around: every plan is inside, the disc is not wholly: counted, exactly.
      expect(await en(20_000, 180, 23.2)).toMatchObject({ total: N - 10, totalExacto: true });
    } finally {
      await ocultar(true, false);
      await sinIndice.stop();
    }
  });
});
