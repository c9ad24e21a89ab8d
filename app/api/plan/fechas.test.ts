import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { appUrl } from "@/test-support/worker";
import { query } from "@/test-support/database";
import { camposEvento, enviarFormulario, formulario, png } from "@/test-support/forms";
import { api } from "@/test-support/api";
import { confirmedUser } from "@/test-support/users";
import { freshOrigin, insertPlan, insertUser, planesFusionados } from "@/test-support/plans";
import { conDatos, mensajes } from "@/lib/messages";
import { fechaHora } from "@/lib/dates";
import { MAX_FECHAS } from "@/lib/plans/fechas";
import { mensajesFechas } from "@/lib/plans/mensajes-fechas";
import { CABECERA_IDIOMA } from "@/lib/idiomas";
import ca from "@/mensajes/ca.json";

const db = () => process.env.DATABASE_URL!;
const H = 3_600_000;
const DIA = 24 * H;

/** A date `dias` days ahead at `hora` o'clock (UTC), `horas` long. */
function fecha(dias: number, hora: number, horas = 2, extra: Record<string, unknown> = {}) {
  const inicio = new Date(Math.floor(Date.now() / DIA) * DIA + dias * DIA + hora * H);
  return { inicio: inicio.toISOString(), fin: new Date(inicio.getTime() + horas * H).toISOString(), ...extra };
}

type FechaApi = {
  id: string;
  inicio: string;
  fin: string | null;
  titulo: string | null;
  direccion: string | null;
  ubicacion: unknown;
};

async function publicar(token: string, titulo: string, fechas: unknown[] | undefined, idioma?: string) {
  return enviarFormulario(
    "POST",
    "/api/plan",
    formulario({
      ...camposEvento(),
      titulo,
      ...(fechas ? { fechas: JSON.stringify(fechas) } : {}),
      archivoCartel: { bytes: await png(), nombre: "cartel.png" },
    }),
    token,
    appUrl(),
    idioma ? { [CABECERA_IDIOMA]: idioma } : {},
  );
}

const detalle = async (id: string) => (await (await api(`/api/plan/detalle/${id}`)).json()) as Record<string, unknown>;
const planesLlamados = async (titulo: string) =>
  (await query(db(), "SELECT 1 FROM plan WHERE titulo = $1", [titulo])).length;

describe("a plan with several dates through the API", () => {
  it("takes `fechas`, answers them in order with ids, and keeps fechaInicio/fechaFin as their span", async () => {
    const u = await confirmedUser();
    const funciones = [
      fecha(9, 19),
      fecha(7, 19, 2, { titulo: "Estreno" }),
      fecha(8, 19, 2, {
        direccion: "Plaza del Ayuntamiento",
        ubicacion: { type: "Point", coordinates: [-1.443, 40.407] },
      }),
    ];
    const r = await publicar(u.token, "La casa de Bernarda Alba", funciones);
    expect(r.status).toBe(201);
    const plan = r.body.plan as { _id: string; fechaInicio: string; fechaFin: string; fechas: FechaApi[] };
    expect(plan.fechas).toEqual([
      { id: expect.any(String), ...funciones[1], direccion: null, ubicacion: null },
      {
        id: expect.any(String),
        ...funciones[2],
        titulo: null,
        ubicacion: { type: "Point", coordinates: [-1.443, 40.407] },
      },
      { id: expect.any(String), ...funciones[0], titulo: null, direccion: null, ubicacion: null },
    ]);
    expect({ inicio: plan.fechaInicio, fin: plan.fechaFin }).toEqual({
      inicio: funciones[1].inicio,
      fin: funciones[0].fin,
    });
    expect((await detalle(plan._id)).fechas).toEqual(plan.fechas);
  });

  it("gives a plan of one date its one date, moved with fechaInicio/fechaFin as the apps send them", async () => {
    const u = await confirmedUser();
    const r = await publicar(u.token, "Concierto de la banda", undefined);
    const plan = r.body.plan as { _id: string; fechaInicio: string; fechaFin: string; fechas: FechaApi[] };
    expect(plan.fechas).toEqual([
      {
        id: expect.any(String),
        inicio: plan.fechaInicio,
        fin: plan.fechaFin,
        titulo: null,
        direccion: null,
        ubicacion: null,
      },
    ]);
    const otra = fecha(20, 18);
    const cambio = await enviarFormulario(
      "PATCH",
      `/api/plan/${plan._id}`,
      formulario({ fechaInicio: otra.inicio, fechaFin: otra.fin }),
      u.token,
    );
    expect(cambio.status).toBe(200);
    expect((await detalle(plan._id)).fechas).toEqual([{ ...plan.fechas[0], inicio: otra.inicio, fin: otra.fin }]);
  });

  it("edits the dates keeping the ids of those it keeps, and the apps' PATCH keeps them unless it moves the span", async () => {
    const u = await confirmedUser();
    const sesiones = Array.from({ length: 8 }, (_, i) => fecha(3 + 7 * i, 9, 3));
    const r = await publicar(u.token, "Curso de cerámica", sesiones);
    expect(r.status).toBe(201);
    const plan = r.body.plan as { _id: string; fechaInicio: string; fechaFin: string; fechas: FechaApi[] };
    expect(plan.fechas).toHaveLength(8);

    // The first moves an hour, the second goes, one is added at the end.
    const nuevas = [
      { ...plan.fechas[0], inicio: fecha(3, 10).inicio, fin: fecha(3, 10, 3).fin },
      ...plan.fechas.slice(2),
      fecha(3 + 7 * 8, 9, 3),
    ];
    const editado = await enviarFormulario(
      "PATCH",
      `/api/plan/${plan._id}`,
      formulario({ fechas: JSON.stringify(nuevas) }),
      u.token,
    );
    expect(editado.status).toBe(200);
    const fechas = (await detalle(plan._id)).fechas as FechaApi[];
    expect(fechas.map((f) => f.id).slice(0, 7)).toEqual([plan.fechas[0].id, ...plan.fechas.slice(2).map((f) => f.id)]);
    expect(fechas[0].inicio).toBe(fecha(3, 10).inicio);
    expect(fechas).toHaveLength(8);
    expect(fechas.map((f) => f.id)).not.toContain(plan.fechas[1].id);

    // The apps send fechaInicio/fechaFin with every edit: the same span keeps the dates.
    const d = await detalle(plan._id);
    const app = await enviarFormulario(
      "PATCH",
      `/api/plan/${plan._id}`,
      formulario({
        titulo: "Curso de cerámica (nivel 1)",
        fechaInicio: String(d.fechaInicio),
        fechaFin: String(d.fechaFin),
      }),
      u.token,
    );
    expect(app.status).toBe(200);
    expect((await detalle(plan._id)).fechas).toEqual(fechas);
    const movida = await enviarFormulario(
      "PATCH",
      `/api/plan/${plan._id}`,
      formulario({ titulo: "Otro título", fechaInicio: fecha(4, 9).inicio, fechaFin: String(d.fechaFin) }),
      u.token,
    );
    expect(movida).toEqual({ status: 400, body: { mensaje: mensajesFechas.fechasEnLaWeb } });
    expect((await detalle(plan._id)).titulo).toBe("Curso de cerámica (nivel 1)");
  });

  it("refuses bad dates with the date's message, Spanish or the calling page's language, and writes nothing", async () => {
    const u = await confirmedUser();
    const alReves = { ...fecha(5, 20), fin: fecha(5, 18).inicio };
    const pasada = fecha(-3, 20);
    const casos: [string, unknown[], string][] = [
      [
        "fin antes del inicio",
        [fecha(4, 20), alReves],
        conDatos(mensajesFechas.fechaEnLista, {
          cuando: fechaHora(new Date(alReves.inicio)),
          mensaje: mensajes.fechaInicioPosterior,
        }),
      ],
      [
        "demasiadas",
        Array.from({ length: MAX_FECHAS + 1 }, (_, i) => fecha(1 + (i % 300), 10)),
        conDatos(mensajesFechas.fechasDemasiadas, { max: String(MAX_FECHAS) }),
      ],
      [
        "pasada",
        [pasada, fecha(4, 20)],
        conDatos(mensajesFechas.fechaEnLista, {
          cuando: fechaHora(new Date(pasada.inicio)),
          mensaje: mensajes.fechaFinPasadaEvento,
        }),
      ],
      [
        "otro pueblo",
        [
          fecha(4, 20),
          fecha(5, 20, 2, {
            direccion: "Plaza del Torico",
            ubicacion: { type: "Point", coordinates: [-1.1065, 40.3456] },
          }),
        ],
        conDatos(mensajesFechas.fechaLugarOtroMunicipio, { municipio: "Albarracín" }),
      ],
      ["no es una lista", [] as unknown[], mensajesFechas.fechasNoValidas],
    ];
    for (const [titulo, fechas, mensaje] of casos) {
      const r = await publicar(u.token, `Fechas: ${titulo}`, fechas);
      expect({ titulo, ...r }).toEqual({ titulo, status: 400, body: { mensaje } });
      expect(await planesLlamados(`Fechas: ${titulo}`)).toBe(0);
    }
    // The same from the site's wizard in Catalan: each message in Catalan, its data put in it.
    const enCatalan = [
      conDatos(ca.fechas.fechaEnLista, {
        cuando: fechaHora(new Date(alReves.inicio)),
        mensaje: ca.publicar.fechaInicioPosterior,
      }),
      conDatos(ca.fechas.fechasDemasiadas, { max: String(MAX_FECHAS) }),
      conDatos(ca.fechas.fechaEnLista, {
        cuando: fechaHora(new Date(pasada.inicio)),
        mensaje: ca.publicar.fechaFinPasadaEvento,
      }),
      conDatos(ca.fechas.fechaLugarOtroMunicipio, { municipio: "Albarracín" }),
      ca.fechas.fechasNoValidas,
    ];
    for (const [i, [titulo, fechas]] of casos.entries()) {
      const r = await publicar(u.token, `Fechas: ${titulo}`, fechas, "ca");
      expect({ titulo, ...r }).toEqual({ titulo, status: 400, body: { mensaje: enCatalan[i] } });
    }
  });

  it("lets no one else change a plan's dates", async () => {
    const duena = await confirmedUser();
    const otra = await confirmedUser();
    const r = await publicar(duena.token, "Semana cultural", [fecha(10, 18), fecha(11, 18)]);
    const plan = r.body.plan as { _id: string; fechas: FechaApi[] };
    const cambio = formulario({ fechas: JSON.stringify([fecha(12, 18)]) });
    expect((await enviarFormulario("PATCH", `/api/plan/${plan._id}`, cambio, otra.token)).status).toBe(403);
    expect((await enviarFormulario("PATCH", `/api/plan/${plan._id}`, cambio)).status).toBe(401);
    expect((await detalle(plan._id)).fechas).toEqual(plan.fechas);
  });

  it("puts a VEVENT per date in the plan's calendar and in feeds, each keeping its UID across an edit", async () => {
    const u = await confirmedUser();
    const titulo = `Fiestas de San Roque ${Math.random().toString(36).slice(2, 6)}`;
    const actos = [fecha(6, 18, 1, { titulo: "Pregón" }), fecha(6, 21, 4, { titulo: "Verbena" }), fecha(7, 10)];
    const r = await publicar(u.token, titulo, actos);
    const plan = r.body.plan as { _id: string; fechas: FechaApi[]; urlPlan: string };
    const host = new URL(plan.urlPlan).hostname;
    const uids = (ics: string) =>
      [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => m[1].trim()).filter((uid) => uid.startsWith(plan._id));
    const dtstarts = (ics: string) => [...ics.matchAll(/^DTSTART:(\d{8}T\d{4})/gm)].map((m) => m[1]);
    const delPlan = async () => (await api(`${new URL(plan.urlPlan).pathname}/calendario.ics`)).text();

    const antes = await delPlan();
    expect(uids(antes)).toHaveLength(3);
    expect(new Set(uids(antes)).size).toBe(3);
    // The plan's oldest date keeps its own UID, the others add their id.
    expect(uids(antes).filter((uid) => uid === `${plan._id}@${host}`)).toHaveLength(1);
    expect(antes).toContain("SUMMARY:Pregón · " + titulo);

    const movidas = plan.fechas.map((f, i) => (i === 1 ? { ...f, ...fecha(6, 22, 4) } : f));
    const editado = await enviarFormulario(
      "PATCH",
      `/api/plan/${plan._id}`,
      formulario({ fechas: JSON.stringify(movidas) }),
      u.token,
    );
    expect(editado.status).toBe(200);
    const despues = await delPlan();
    expect(uids(despues)).toEqual(uids(antes));
    expect(dtstarts(despues)).not.toEqual(dtstarts(antes));

    const [lng, lat] = [-1.4443, 40.4079];
    const feed = await (await api(`/calendario.ics?lng=${lng}&lat=${lat}&radio=5`)).text();
    expect(uids(feed).sort()).toEqual(uids(despues).sort());
  });

  it("finds a plan by a search of a day of any of its dates, and not of a day between them", async () => {
    const origin = await freshOrigin();
    const usuarioId = await insertUser();
    const dia = (n: number, h: number) => new Date(Math.floor(Date.now() / DIA) * DIA + n * DIA + h * H);
    const obra = await insertPlan({
      usuarioId,
      origin,
      titulo: "Teatro en tres noches",
      fechas: [3, 10, 17].map((n) => ({ inicio: dia(n, 19), fin: dia(n, 21) })),
    });
    const otro = await insertPlan({
      usuarioId,
      origin,
      titulo: "Mercado",
      fechaInicio: dia(10, 20),
      fechaFin: dia(10, 22),
    });
    const buscar = async (desde: Date, hasta: Date) => {
      const qs = new URLSearchParams({
        lat: String(origin.lat),
        lng: String(origin.lng),
        radio: "2",
        fechaInicioFiltro: desde.toISOString(),
        fechaFinFiltro: hasta.toISOString(),
      });
      const body = (await (await api(`/api/plan?${qs}`)).json()) as { planes: { _id: string }[] };
      return body.planes.map((p) => p._id);
    };
    // The second night's day: both. A day between two nights, though within the span: none.
    expect((await buscar(dia(10, 0), dia(10, 23))).sort()).toEqual([obra, otro].sort());
    expect(await buscar(dia(12, 0), dia(12, 23))).toEqual([]);
    expect(await buscar(dia(17, 0), dia(17, 23))).toEqual([obra]);
    // Around the second night: the play first (19:00), then the market (20:00).
    expect(await buscar(dia(9, 0), dia(11, 23))).toEqual([obra, otro]);
  });

  it("answers each result with the date its card shows for that search, and finds a programme by an act's words", async () => {
    const origin = await freshOrigin();
    const usuarioId = await insertUser();
    const dia = (n: number, h: number, m = 0) =>
      new Date(Math.floor(Date.now() / DIA) * DIA + n * DIA + h * H + m * 60_000);
    const fiestas = await insertPlan({
      usuarioId,
      origin,
      titulo: "Fiestas de San Roque",
      categorias: ["Fiestas de pueblo"],
      fechas: [
        { inicio: dia(3, 10), fin: dia(3, 11), titulo: "Pregón de fiestas" },
        { inicio: dia(3, 21, 30), fin: dia(4, 1), titulo: "Verbena con la orquesta Sirena" },
        { inicio: dia(4, 16), fin: dia(4, 18), titulo: "Pasacalles con gigantes y cabezudos" },
      ],
    });
    const unaFecha = await insertPlan({
      usuarioId,
      origin,
      titulo: "Concierto",
      fechaInicio: dia(3, 18),
      fechaFin: dia(3, 19),
    });
    await insertPlan({
      usuarioId,
      origin,
      tipo: "experiencia",
      titulo: "Visita al castillo",
      horarios: [{ diaSemana: 6, horaInicio: "10:00", horaFin: "12:00" }],
    });
    const ids = await query<{ id: string; plan_id: string; titulo: string | null }>(
      db(),
      "SELECT id, plan_id, titulo FROM plan_fecha WHERE plan_id = ANY($1::uuid[])",
      [[fiestas, unaFecha]],
    );
    const idDe = (titulo: string | null, plan = fiestas) =>
      ids.find((f) => f.plan_id === plan && f.titulo === titulo)!.id;
    type Resultado = {
      _id: string;
      tipo: string;
      proximaFecha: { id: string; inicio: string; fin: string | null; titulo: string | null } | null;
      numeroFechas: number;
      fechasDelDia: string[];
    };
    const buscar = async (extra: Record<string, string>) => {
      const qs = new URLSearchParams({ lat: String(origin.lat), lng: String(origin.lng), radio: "2", ...extra });
      const body = (await (await api(`/api/plan?${qs}`)).json()) as { planes: Resultado[] };
      return new Map(body.planes.map((p) => [p._id, p]));
    };

    const todos = await buscar({});
    expect(todos.get(fiestas)).toMatchObject({
      proximaFecha: { id: idDe("Pregón de fiestas"), inicio: dia(3, 10).toISOString(), titulo: "Pregón de fiestas" },
      numeroFechas: 3,
    });
    expect(todos.get(unaFecha)).toMatchObject({
      proximaFecha: {
        id: idDe(null, unaFecha),
        inicio: dia(3, 18).toISOString(),
        fin: dia(3, 19).toISOString(),
        titulo: null,
      },
      numeroFechas: 1,
    });
    expect([...todos.values()].find((p) => p.tipo === "experiencia")).toMatchObject({
      proximaFecha: null,
      numeroFechas: 0,
      fechasDelDia: [],
    });
    // A day chosen by the date filter: its first act.
    const delCuarto = await buscar({
      fechaInicioFiltro: dia(4, 0).toISOString(),
      fechaFinFiltro: dia(4, 23).toISOString(),
    });
    expect(delCuarto.get(fiestas)!.proximaFecha).toMatchObject({ id: idDe("Verbena con la orquesta Sirena") });
    const delCuartoTarde = await buscar({
      fechaInicioFiltro: dia(4, 12).toISOString(),
      fechaFinFiltro: dia(4, 23).toISOString(),
    });
    expect(delCuartoTarde.get(fiestas)!.proximaFecha!.titulo).toBe("Pasacalles con gigantes y cabezudos");
    expect(delCuartoTarde.get(fiestas)!.fechasDelDia).toEqual([dia(4, 16).toISOString()]);
    // A word only an act has finds the programme, which shows that act.
    const verbena = await buscar({ q: "verbena sirena" });
    expect([...verbena.keys()]).toEqual([fiestas]);
    expect(verbena.get(fiestas)!.proximaFecha!.titulo).toBe("Verbena con la orquesta Sirena");
    expect(verbena.get(fiestas)!.fechasDelDia).toEqual([dia(3, 10).toISOString(), dia(3, 21, 30).toISOString()]);
    expect((await buscar({ q: "gigantes" })).get(fiestas)!.proximaFecha!.titulo).toBe(
      "Pasacalles con gigantes y cabezudos",
    );
    // A title changed drops its old words and finds the new ones.
    await query(db(), "UPDATE plan_fecha SET titulo = 'Disco móvil' WHERE id = $1", [
      idDe("Verbena con la orquesta Sirena"),
    ]);
    expect((await buscar({ q: "sirena" })).size).toBe(0);
    expect((await buscar({ q: "disco movil" })).get(fiestas)!.proximaFecha!.titulo).toBe("Disco móvil");
  });

  it("answers a merged plan's detail 301 to the plan it became, and an unknown one 404", async () => {
    const { queda, fusionado } = await planesFusionados("Teatro: tres noches", "Teatro: segunda noche");
    const r = await fetch(`${appUrl()}/api/plan/detalle/${fusionado}`, { redirect: "manual" });
    expect(r.status).toBe(301);
    expect(new URL(r.headers.get("location")!).pathname).toBe(`/api/plan/detalle/${queda}`);
    expect(((await detalle(queda)) as { titulo: string }).titulo).toBe("Teatro: tres noches");
    const nadie = await fetch(`${appUrl()}/api/plan/detalle/${randomUUID()}`, { redirect: "manual" });
    expect(nadie.status).toBe(404);
  });
});
