import { describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { instanteEnMadrid } from "@/lib/dates";
import { mensajes } from "@/lib/messages";

type Plan = {
  _id: string;
  titulo: string;
  tipo: string;
  distancia?: string;
  destacado?: boolean;
  [k: string]: unknown;
};

async function buscar(
  params: Record<string, string | number>,
): Promise<{ status: number; body: { planes: Plan[]; total: number; mensaje?: string } }> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await api(`/api/plan?${qs}`);
  return { status: res.status, body: await res.json() };
}

const at = (o: { lat: number; lng: number }) => ({ lat: o.lat, lng: o.lng });
const DAY = 86_400_000;

describe("GET /api/plan", () => {
  it("lists a plan 49.9 km away and not one 50.1 km away, with its distance in whole km", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const dentro = await insertPlan({ usuarioId, origin, distanciaM: 49_900, rumbo: 30, titulo: "Dentro" });
    await insertPlan({ usuarioId, origin, distanciaM: 50_100, rumbo: 200, titulo: "Fuera" });
    const { status, body } = await buscar({ ...at(origin), radio: 50 });
    expect(status).toBe(200);
    expect(body.total).toBe(1);
    expect(body.planes.map((p) => p._id)).toEqual([dentro]);
    expect(body.planes[0].distancia).toBe("50km");
    const cerca = await buscar({ ...at(origin), radio: 10 });
    expect(cerca.body).toMatchObject({ total: 0, planes: [], mensaje: mensajes.sinPlanes });
  });

  it("answers in the documented shape", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const id = await insertPlan({
      usuarioId,
      origin,
      titulo: "Ruta de las Hoces",
      categorias: ["Deporte", "Aventura"],
      distanciaM: 3_400,
    });
    const { body } = await buscar(at(origin));
    const [p] = body.planes;
    expect(p).toMatchObject({
      _id: id,
      titulo: "Ruta de las Hoces",
      tipo: "evento",
      destacado: false,
      municipio: "Pueblo de Prueba",
      direccion: "Plaza Mayor, 1",
      distancia: "3km",
      categorias: ["Deporte", "Aventura"],
      horariosDisponibles: [],
      usuario: usuarioId,
      organizacion: null,
      ubicacion: { type: "Point", coordinates: [expect.any(Number), expect.any(Number)] },
    });
    expect(p.urlPlan).toMatch(new RegExp(`^https?://[^/]+/plan/Ruta-de-las-Hoces/${id}$`));
    expect(new Date(p.fechaInicio as string).toISOString()).toBe(p.fechaInicio);
    const [lng, lat] = (p.ubicacion as { coordinates: [number, number] }).coordinates;
    expect(Math.abs(lat - origin.lat)).toBeLessThan(0.05);
    expect(Math.abs(lng - origin.lng)).toBeLessThan(0.05);
  });

  it("never lists hidden or finished plans, and lists an experience until its end date", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const ahora = Date.now();
    await insertPlan({ usuarioId, origin, titulo: "Oculto", visible: false });
    await insertPlan({
      usuarioId,
      origin,
      titulo: "Terminado",
      fechaInicio: new Date(ahora - 3 * DAY),
      fechaFin: new Date(ahora - 60_000),
    });
    const enCurso = await insertPlan({
      usuarioId,
      origin,
      titulo: "En curso",
      fechaInicio: new Date(ahora - DAY),
      fechaFin: new Date(ahora + 3_600_000),
    });
    const slot = [{ diaSemana: 1, horaInicio: "10:00", horaFin: "12:00" }];
    await insertPlan({
      usuarioId,
      origin,
      tipo: "experiencia",
      titulo: "Experiencia acabada",
      fechaFin: new Date(ahora - DAY),
      horarios: slot,
    });
    const sinFin = await insertPlan({ usuarioId, origin, tipo: "experiencia", titulo: "Sin fin", horarios: slot });
    const { body } = await buscar(at(origin));
    expect(body.planes.map((p) => p._id).sort()).toEqual([enCurso, sinFin].sort());
  });

  it("filters by category; 'Otros' or nothing means all", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const deporte = await insertPlan({ usuarioId, origin, categorias: ["Deporte"] });
    const cultura = await insertPlan({ usuarioId, origin, categorias: ["Cultura", "Gastronomía"] });
    expect((await buscar({ ...at(origin), categorias: "Deporte" })).body.planes.map((p) => p._id)).toEqual([deporte]);
    expect((await buscar({ ...at(origin), categorias: "Gastronomía,Taller" })).body.planes.map((p) => p._id)).toEqual([
      cultura,
    ]);
    expect((await buscar({ ...at(origin), categorias: "Otros" })).body.total).toBe(2);
    expect((await buscar({ ...at(origin), categorias: "" })).body.total).toBe(2);
  });

  it("matches events by overlap and experiences by weekday across a week boundary in Madrid time", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    // Sunday 2027-03-07 and Monday 2027-03-08 (Madrid): the week turns between them.
    const domingo = { year: 2027, month: 3, day: 7 };
    const lunes = { year: 2027, month: 3, day: 8 };
    const eventoDomingoNoche = await insertPlan({
      usuarioId,
      origin,
      titulo: "Domingo noche",
      fechaInicio: instanteEnMadrid(domingo, "22:00"),
      fechaFin: instanteEnMadrid(domingo, "23:45"),
    });
    const eventoLunes = await insertPlan({
      usuarioId,
      origin,
      titulo: "Lunes",
      fechaInicio: instanteEnMadrid(lunes, "00:30"),
      fechaFin: instanteEnMadrid(lunes, "02:00"),
    });
    const soloDomingos = await insertPlan({
      usuarioId,
      origin,
      tipo: "experiencia",
      titulo: "Domingos",
      horarios: [{ diaSemana: 0, horaInicio: "10:00", horaFin: "13:00" }],
    });
    const soloLunes = await insertPlan({
      usuarioId,
      origin,
      tipo: "experiencia",
      titulo: "Lunes exp",
      horarios: [{ diaSemana: 1, horaInicio: "10:00", horaFin: "13:00" }],
    });
    // An experience that only starts on Tuesday: no Monday of it falls in the window.
    await insertPlan({
      usuarioId,
      origin,
      tipo: "experiencia",
      titulo: "Empieza el martes",
      fechaInicio: instanteEnMadrid({ year: 2027, month: 3, day: 9 }, "00:00"),
      horarios: [{ diaSemana: 1, horaInicio: "10:00", horaFin: "13:00" }],
    });
    const ventana = (dia: typeof lunes) => ({
      fechaInicioFiltro: instanteEnMadrid(dia, "00:00").toISOString(),
      fechaFinFiltro: new Date(instanteEnMadrid(dia, "23:59").getTime() + 59_999).toISOString(),
    });
    const ids = async (dia: typeof lunes) =>
      (await buscar({ ...at(origin), ...ventana(dia) })).body.planes.map((p) => p._id).sort();
    expect(await ids(domingo)).toEqual([eventoDomingoNoche, soloDomingos].sort());
    expect(await ids(lunes)).toEqual([eventoLunes, soloLunes].sort());
  });

  it("matches an experience only on the days its own dates share with the window", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const domingos = [{ diaSemana: 0, horaInicio: "10:00", horaFin: "13:00" }];
    // Window: Friday 2027-03-12 to Sunday 2027-03-14 (Madrid).
    const ventana = {
      fechaInicioFiltro: instanteEnMadrid({ year: 2027, month: 3, day: 12 }, "00:00").toISOString(),
      fechaFinFiltro: instanteEnMadrid({ year: 2027, month: 3, day: 14 }, "23:59").toISOString(),
    };
    // Ends on Saturday night: its Sunday is outside. Ends on Monday: its Sunday is inside.
    await insertPlan({
      usuarioId,
      origin,
      tipo: "experiencia",
      titulo: "Acaba el sábado",
      fechaFin: instanteEnMadrid({ year: 2027, month: 3, day: 13 }, "23:00"),
      horarios: domingos,
    });
    const hastaLunes = await insertPlan({
      usuarioId,
      origin,
      tipo: "experiencia",
      titulo: "Acaba el lunes",
      fechaFin: instanteEnMadrid({ year: 2027, month: 3, day: 15 }, "12:00"),
      horarios: domingos,
    });
    // Starts on Sunday at noon (Madrid), which is still Sunday there.
    const empiezaDomingo = await insertPlan({
      usuarioId,
      origin,
      tipo: "experiencia",
      titulo: "Empieza el domingo",
      fechaInicio: instanteEnMadrid({ year: 2027, month: 3, day: 14 }, "12:00"),
      horarios: domingos,
    });
    const { body } = await buscar({ ...at(origin), ...ventana });
    expect(body.planes.map((p) => p._id).sort()).toEqual([hastaLunes, empiezaDomingo].sort());
  });

  it("answers a repeated search from memory but sees any change at the very next search", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const primero = await insertPlan({ usuarioId, origin, distanciaM: 2_000, titulo: "Primero" });
    expect((await buscar(at(origin))).body.planes.map((p) => p.titulo)).toEqual(["Primero"]);
    // Written straight into the database, as another instance of the app would.
    await insertPlan({ usuarioId, origin, distanciaM: 1_000, titulo: "Segundo" });
    expect((await buscar(at(origin))).body.planes.map((p) => p.titulo)).toEqual(["Segundo", "Primero"]);
    await query(process.env.DATABASE_URL!, "UPDATE plan SET titulo = 'Renombrado' WHERE id = $1", [primero]);
    expect((await buscar(at(origin))).body.planes.map((p) => p.titulo)).toEqual(["Segundo", "Renombrado"]);
    await query(process.env.DATABASE_URL!, "UPDATE plan SET visible = false WHERE id = $1", [primero]);
    expect((await buscar(at(origin))).body).toMatchObject({ total: 1, planes: [{ titulo: "Segundo" }] });
  });

  it("orders featured first, then nearest, then soonest, and pages without overlap or gaps", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const destacadoLejos = await insertPlan({
      usuarioId,
      origin,
      distanciaM: 40_000,
      destacadoHasta: new Date(Date.now() + DAY),
    });
    const cerca = await insertPlan({ usuarioId, origin, distanciaM: 1_000 });
    const lejos = await insertPlan({ usuarioId, origin, distanciaM: 20_000 });
    const first = (await buscar(at(origin))).body.planes.map((p) => p._id);
    expect(first).toEqual([destacadoLejos, cerca, lejos]);

    // 35 more plans at the same spot: ties broken by start date, then id, stable across pages.
    const mismos: string[] = [];
    for (let i = 0; i < 35; i++) {
      mismos.push(
        await insertPlan({
          usuarioId,
          origin,
          distanciaM: 5_000,
          rumbo: 90,
          fechaInicio: new Date(Date.now() + ((i % 7) + 1) * DAY),
          fechaFin: new Date(Date.now() + 10 * DAY),
        }),
      );
    }
    const pagina = async (page: number) => (await buscar({ ...at(origin), page, limit: 10 })).body;
    const pages = await Promise.all([1, 2, 3, 4, 5].map(pagina));
    const seen = pages.flatMap((p) => p.planes.filter((x) => x.tipo !== "Patrocinado").map((x) => x._id));
    expect(pages.every((p) => p.total === 38)).toBe(true);
    expect(seen).toHaveLength(38);
    expect(new Set(seen).size).toBe(38);
    expect(pages[4].planes).toEqual([]);
    expect(pages[4].total).toBe(38);
  });

  it("places one sponsor item per page, not counted in the total", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    for (let i = 0; i < 8; i++) await insertPlan({ usuarioId, origin, distanciaM: 1000 + i * 100 });
    const [{ id }] = await query<{ id: string }>(
      process.env.DATABASE_URL!,
      `INSERT INTO patrocinio (empresa, enlace_empresa, titulo, descripcion) VALUES ('Eurona', 'https://www.eurona.es', 'Internet por satélite', 'Conexión') RETURNING id`,
    );
    try {
      const { body } = await buscar(at(origin));
      expect(body.total).toBe(8);
      const sponsors = body.planes.filter((p) => p.tipo === "Patrocinado");
      expect(sponsors).toHaveLength(1);
      expect(body.planes).toHaveLength(9);
      expect(body.planes[5]).toMatchObject({
        tipo: "Patrocinado",
        empresa: "Eurona",
        enlaceCompany: "https://www.eurona.es",
        enlaceEmpresa: "https://www.eurona.es",
        titulo: "Internet por satélite",
      });
    } finally {
      await query(process.env.DATABASE_URL!, "DELETE FROM patrocinio WHERE id = $1", [id]);
    }
  });

  it("finds the place by municipality name when no coordinates are given", async () => {
    const { status, body } = await buscar({ municipio: "Albarracín", radio: 5 });
    expect(status).toBe(200);
    expect(body).toHaveProperty("total");
  });

  it("answers 400 with a Spanish message for bad input", async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, mensajes.ubicacionObligatoria],
      [{ lat: "40" }, mensajes.coordenadasNoValidas],
      [{ lat: "91", lng: "0" }, mensajes.coordenadasNoValidas],
      [{ lat: "40", lng: "NaN" }, mensajes.coordenadasNoValidas],
      [{ lat: "40", lng: "-1", radio: "51" }, mensajes.radioNoValido],
      [{ lat: "40", lng: "-1", radio: "-1" }, mensajes.radioNoValido],
      [{ lat: "40", lng: "-1", categorias: "Deporte,Pádel" }, mensajes.categoriaNoValida],
      [{ lat: "40", lng: "-1", page: "0" }, mensajes.paginaNoValida],
      [{ lat: "40", lng: "-1", page: "1.5" }, mensajes.paginaNoValida],
      [{ lat: "40", lng: "-1", limit: "0" }, mensajes.limiteNoValido],
      [
        { lat: "40", lng: "-1", fechaInicioFiltro: "mañana", fechaFinFiltro: "2027-01-01" },
        mensajes.fechasFiltroNoValidas,
      ],
      [
        { lat: "40", lng: "-1", fechaInicioFiltro: "2027-01-02", fechaFinFiltro: "2027-01-01" },
        mensajes.fechasFiltroNoValidas,
      ],
      [{ lat: "40", lng: "-1", fechaInicioFiltro: "2027-01-02" }, mensajes.fechasFiltroNoValidas],
      [{ lat: "1 OR 1=1", lng: "-1" }, mensajes.coordenadasNoValidas],
    ];
    for (const [params, mensaje] of cases) {
      const res = await api(`/api/plan?${new URLSearchParams(params)}`);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(await res.json()).toEqual({ mensaje });
    }
  });
});

describe("GET /api/plan/detalle/{id}", () => {
  it("returns a visible plan with its slots, and 404 for hidden, unknown or malformed ids", async () => {
    const usuarioId = await insertUser();
    const origin = await freshOrigin();
    const id = await insertPlan({
      usuarioId,
      origin,
      tipo: "experiencia",
      titulo: "Cata en la bodega",
      horarios: [
        { diaSemana: 0, horaInicio: "11:00", horaFin: "13:00" },
        { diaSemana: 6, horaInicio: "11:00", horaFin: "13:00" },
      ],
    });
    const res = await api(`/api/plan/detalle/${id}`);
    expect(res.status).toBe(200);
    const plan = await res.json();
    expect(plan).toMatchObject({ _id: id, tipo: "experiencia", titulo: "Cata en la bodega" });
    // Monday-first order, as the product shows days: Saturday before Sunday.
    expect(plan.horariosDisponibles).toEqual([
      { diaSemana: 6, horaInicio: "11:00", horaFin: "13:00" },
      { diaSemana: 0, horaInicio: "11:00", horaFin: "13:00" },
    ]);
    expect(plan).not.toHaveProperty("distancia");

    const oculto = await insertPlan({ usuarioId, origin, visible: false });
    for (const bad of [oculto, "00000000-0000-0000-0000-000000000000", "no-es-un-id", "'%20OR%201=1"]) {
      const r = await api(`/api/plan/detalle/${bad}`);
      expect(r.status, bad).toBe(404);
      expect(await r.json()).toEqual({ mensaje: mensajes.planNoEncontrado });
    }
  });
});
