import { beforeAll, describe, expect, it } from "vitest";
import { aleatorio } from "@/test-support/aleatorio";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { CATEGORIAS } from "../plans/constants";
import { busquedaSchema } from "./schemas";
import { TOPE_MAPA } from "./mapa";
import { prisma } from "../db";
import { esperarIndice } from "./indice-db";
import { buscarPlanes, buscarPlanesJson, buscarPlanesMapa, versionBusqueda } from "./buscar";

const db = () => process.env.DATABASE_URL!;
const DIA = 86_400_000;

/**
 * The search walks the GiST index nearest first, featured and other plans apart, and completes
 * ties itself; this compares every page with the order written plainly in SQL, over plans laid
 * out to be awkward: many at the very same spots, featured ones and formerly featured ones, undated experiences, plans
 * just inside and outside the radius, finished and hidden ones.
 */
describe("buscarPlanes pages agree with the plain SQL order", () => {
  let origin: { lat: number; lng: number };

  beforeAll(async () => {
    origin = await freshOrigin();
    const usuarioId = await insertUser();
    const r = aleatorio(20261123);
    const manana = Date.now() + DIA;
    const sitios = [0, 0, 0, 1500, 1500, 7000, 19_990, 20_010];
    for (let i = 0; i < 130; i++) {
      const comun = i % 3 === 0;
      const tipo = r() < 0.25 ? "experiencia" : "evento";
      const inicio = tipo === "evento" || r() < 0.5 ? new Date(manana + Math.floor(r() * 4) * DIA) : null;
      await insertPlan({
        usuarioId,
        origin,
        distanciaM: comun ? sitios[Math.floor(r() * sitios.length)] : Math.floor(r() * 25_000),
        rumbo: comun ? 0 : Math.floor(r() * 360),
        tipo,
        fechaInicio: inicio,
        fechaFin:
          tipo === "evento"
            ? new Date(inicio!.getTime() + 3 * 3_600_000)
            : inicio && new Date(inicio.getTime() + 30 * DIA),
        // Some featured, some whose featuring has ended (not featured any more).
        destacadoHasta: r() < 0.2 ? new Date(Date.now() + (r() < 0.7 ? DIA : -DIA)) : null,
        visible: r() > 0.05,
        categorias: [
          CATEGORIAS[1 + Math.floor(r() * (CATEGORIAS.length - 1))],
          CATEGORIAS[Math.floor(r() * CATEGORIAS.length)],
        ],
        horarios:
          tipo === "experiencia" ? [{ diaSemana: Math.floor(r() * 7), horaInicio: "10:00", horaFin: "12:00" }] : [],
      });
    }
    // Events of several dates and programmes: their cards carry the date each search shows.
    for (let i = 0; i < 8; i++) {
      const primero = manana + Math.floor(r() * 3) * DIA;
      await insertPlan({
        usuarioId,
        origin,
        distanciaM: Math.floor(r() * 3000),
        rumbo: Math.floor(r() * 360),
        fechas: Array.from({ length: 2 + (i % 4) }, (_, k) => ({
          inicio: new Date(primero + k * (i % 2 ? 3_600_000 : DIA)),
          fin: new Date(primero + k * (i % 2 ? 3_600_000 : DIA) + 3_600_000),
          ...(i % 2 ? { titulo: `Acto ${k + 1}` } : {}),
        })),
      });
    }
    await insertPlan({
      usuarioId,
      origin,
      distanciaM: 300,
      fechaInicio: new Date(Date.now() - 3 * DIA),
      fechaFin: new Date(Date.now() - 2 * DIA),
    });
  });

  /** The reference: every listed match, featured first, nearest, soonest start, then id. */
  async function referencia(params: Record<string, string>): Promise<{ ids: string[]; total: number }> {
    const q = busquedaSchema.parse(params);
    const filas = await query<{ id: string }>(
      db(),
      `SELECT p.id FROM plan p
       WHERE p.visible AND (p.fecha_fin IS NULL OR p.fecha_fin >= now())
         AND ST_DWithin(p.ubicacion, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3)
         AND ($4::text[] IS NULL OR p.categorias && $4::text[]::categoria[])
       ORDER BY coalesce(p.destacado_hasta > now(), false) DESC, p.ubicacion <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, p.fecha_inicio NULLS FIRST, p.id`,
      [q.lng, q.lat, q.radio * 1000, q.categorias ?? null],
    );
    return { ids: filas.map((f) => f.id), total: filas.length };
  }

  const casos: Record<string, string>[] = [
    { radio: "20" },
    { radio: "20", limit: "7" },
    // Pages past the tenth are ordered by PostgreSQL, not read from the index: both must agree.
    { radio: "25", limit: "2" },
    { radio: "5", limit: "4" },
    { radio: "25", categorias: "Fiesta,Cultura", limit: "5" },
    { radio: "1", limit: "3" },
    { radio: "0", limit: "2" },
  ];

  for (const caso of casos) {
    it(`returns the same plans in the same order, page by page: ${JSON.stringify(caso)}`, async () => {
      const params = { lat: String(origin.lat), lng: String(origin.lng), ...caso };
      const esperado = await referencia(params);
      const limit = Number(caso.limit ?? 30);
      expect(esperado.total).toBeGreaterThan(0);
      const vistos: string[] = [];
      for (let page = 1; page <= Math.ceil(esperado.total / limit) + 1; page++) {
        const r = await buscarPlanes(busquedaSchema.parse({ ...params, page: String(page) }));
        expect(r.total, `page ${page}`).toBe(esperado.total);
        vistos.push(...r.planes.filter((p) => p.tipo !== "Patrocinado").map((p) => p._id));
      }
      expect(vistos).toEqual(esperado.ids);
    });
  }

  it("answers the API's JSON exactly as its objects, from the search index's cards", async () => {
    expect(await esperarIndice(prisma, await versionBusqueda())).not.toBeNull();
    let tarjetas = 0;
    let varias = 0;
    for (const caso of casos)
      for (const page of ["1", "2"]) {
        const q = busquedaSchema.parse({ lat: String(origin.lat), lng: String(origin.lng), ...caso, page });
        const json = await buscarPlanesJson(q);
        expect(json).toBe(JSON.stringify(await buscarPlanes(q)));
        const planes = (JSON.parse(json) as { planes: { distancia?: string; numeroFechas?: number }[] }).planes;
        tarjetas += planes.filter((p) => p.distancia).length;
        varias += planes.filter((p) => (p.numeroFechas ?? 0) > 1).length;
      }
    expect(tarjetas).toBeGreaterThan(20);
    expect(varias).toBeGreaterThan(4);
  });

  for (const caso of casos.filter((c) => !c.limit || c.radio === "0")) {
    it(`maps the same search's plans, in its order, with the point and the total: ${JSON.stringify(caso)}`, async () => {
      const params = { lat: String(origin.lat), lng: String(origin.lng), ...caso };
      const esperado = await referencia(params);
      expect(esperado.total).toBeLessThan(TOPE_MAPA);
      // The list's page and limit do not cut the map.
      const mapa = await buscarPlanesMapa(busquedaSchema.parse({ ...params, page: "3", limit: "2" }));
      expect(mapa.puntos.map((p) => p.id)).toEqual(esperado.ids);
      expect(mapa.total).toBe(esperado.total);
      expect(mapa.centro).toEqual({ lat: origin.lat, lng: origin.lng });
      expect(mapa.puntos[0].href).toMatch(/^\/plan\/[^/]+\/[0-9a-f-]{36}$/);
    });
  }
});
