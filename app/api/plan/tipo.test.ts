import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { mensajes } from "@/lib/messages";

type Respuesta = { planes: { titulo: string; tipo: string }[]; total: number; totalExacto: boolean };

/** GET /api/plan?tipo=evento|experiencia: the town pages' sections; absent, both. */
describe("GET /api/plan by type", () => {
  let origin: { lat: number; lng: number };

  beforeAll(async () => {
    const usuarioId = await insertUser();
    origin = await freshOrigin();
    for (let i = 0; i < 3; i++) await insertPlan({ usuarioId, origin, distanciaM: 100 + i, titulo: `Evento ${i}` });
    await insertPlan({
      usuarioId,
      origin,
      distanciaM: 500,
      titulo: "Experiencia",
      tipo: "experiencia",
      fechaInicio: null,
      fechaFin: null,
      horarios: [{ diaSemana: 6, horaInicio: "10:00", horaFin: "12:00" }],
    });
  });

  const buscar = async (extra: Record<string, string>) => {
    const qs = new URLSearchParams({ lat: String(origin.lat), lng: String(origin.lng), radio: "5", ...extra });
    const res = await api(`/api/plan?${qs}`);
    return { status: res.status, body: await res.json() };
  };
  const titulos = (r: Respuesta) => r.planes.filter((p) => p.tipo !== "Patrocinado").map((p) => p.titulo);

  it("lists only the type asked for, with its own total", async () => {
    const todos = await buscar({});
    expect(titulos(todos.body)).toEqual(["Evento 0", "Evento 1", "Evento 2", "Experiencia"]);
    const eventos = await buscar({ tipo: "evento" });
    expect(eventos.body).toMatchObject({ total: 3, totalExacto: true });
    expect(titulos(eventos.body)).toEqual(["Evento 0", "Evento 1", "Evento 2"]);
    // One per page, so the total is counted rather than read off the page.
    const experiencias = await buscar({ tipo: "experiencia", limit: "1" });
    expect(experiencias.body).toMatchObject({ total: 1, totalExacto: true });
    expect(titulos(experiencias.body)).toEqual(["Experiencia"]);
    expect((await buscar({ tipo: "evento", limit: "1" })).body).toMatchObject({ total: 3 });
  });

  it("refuses an unknown type with a Spanish message", async () => {
    const r = await buscar({ tipo: "concierto" });
    expect(r).toEqual({ status: 400, body: { mensaje: mensajes.datosNoValidos } });
  });
});
