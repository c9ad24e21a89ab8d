import { describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";

const db = () => process.env.DATABASE_URL!;
const DIA = 86_400_000;
const HORA = 3_600_000;
type Plan = { _id: string; tipo: string; precio: number | null };

async function buscar(origin: { lat: number; lng: number }, extra: string) {
  const r = await api(`/api/plan?lat=${origin.lat}&lng=${origin.lng}&radio=5${extra}`);
  const body = (await r.json()) as { planes: Plan[]; total: number };
  return { status: r.status, ids: body.planes.filter((p) => p.tipo !== "Patrocinado").map((p) => p._id), body };
}

describe("GET /api/plan?gratis", () => {
  it("lists only plans whose price is 0 with gratis=1, true or sí; anything else filters nothing", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const [gratis, pago, sinPrecio] = await Promise.all(
      [0, 1, 2].map((i) => insertPlan({ usuarioId, origin, distanciaM: 300 + i * 100 })),
    );
    await query(db(), "UPDATE plan SET precio = 0 WHERE id = $1", [gratis]);
    await query(db(), "UPDATE plan SET precio = 8.5 WHERE id = $1", [pago]);
    for (const si of ["1", "true", "sí", "SI"]) {
      const r = await buscar(origin, `&gratis=${encodeURIComponent(si)}`);
      expect([si, r.status, r.ids, r.body.total]).toEqual([si, 200, [gratis], 1]);
      expect(r.body.planes[0].precio).toBe(0);
    }
    // The apps' contract is liberal: any other value, or none, is no filter (and no 400).
    for (const otro of ["", "0", "no", "quizas", "undefined", "null"]) {
      const r = await buscar(origin, `&gratis=${encodeURIComponent(otro)}`);
      expect([otro, r.status, r.ids]).toEqual([otro, 200, [gratis, pago, sinPrecio]]);
    }
  });
});

describe("GET /api/plan?orden", () => {
  it("orders by the next moment a plan can be attended with orden=fecha, and by distance otherwise", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const ahora = Date.now();
    // Nearest first: the plan that starts last. Soonest first: the one under way (its moment is
    // now), then tomorrow's, then an experience open every day from 00:00 to 23:59 (now), tie
    // broken by distance, then next week's.
    const lejanaProxima = await insertPlan({
      usuarioId,
      origin,
      distanciaM: 2_000,
      fechaInicio: new Date(ahora + DIA),
      fechaFin: new Date(ahora + DIA + 2 * HORA),
    });
    const enCurso = await insertPlan({
      usuarioId,
      origin,
      distanciaM: 1_500,
      fechaInicio: new Date(ahora - HORA),
      fechaFin: new Date(ahora + HORA),
    });
    const cercanaTardia = await insertPlan({
      usuarioId,
      origin,
      distanciaM: 100,
      fechaInicio: new Date(ahora + 7 * DIA),
      fechaFin: new Date(ahora + 7 * DIA + HORA),
    });
    const siempreAbierta = await insertPlan({
      usuarioId,
      origin,
      distanciaM: 1_000,
      tipo: "experiencia",
      fechaInicio: null,
      fechaFin: null,
      horarios: [0, 1, 2, 3, 4, 5, 6].map((diaSemana) => ({ diaSemana, horaInicio: "00:00", horaFin: "23:59" })),
    });
    const porDistancia = [cercanaTardia, siempreAbierta, enCurso, lejanaProxima];
    for (const orden of ["", "&orden=distancia", "&orden=", "&orden=undefined", "&orden=null", "&orden=alfabetico"])
      expect([orden, (await buscar(origin, orden)).ids]).toEqual([orden, porDistancia]);
    const r = await buscar(origin, "&orden=fecha");
    expect(r.status).toBe(200);
    // Under way and always open share "now" (rounded to the quarter hour): the nearer first.
    expect(r.ids).toEqual([siempreAbierta, enCurso, lejanaProxima, cercanaTardia]);
    expect((await buscar(origin, "&orden=FECHA")).ids).toEqual(r.ids);
    // Pages never overlap, and a featured plan keeps the first place.
    const paginas = [];
    for (let page = 1; page <= 2; page++)
      paginas.push(...(await buscar(origin, `&orden=fecha&limit=2&page=${page}`)).ids);
    expect(paginas).toEqual(r.ids);
    await query(db(), "UPDATE plan SET destacado_hasta = now() + interval '1 day' WHERE id = $1", [cercanaTardia]);
    expect((await buscar(origin, "&orden=fecha")).ids).toEqual([cercanaTardia, siempreAbierta, enCurso, lejanaProxima]);
    // Its featured plan would be the home's "Destacados" of the files that follow on this worker.
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
  });
});
