import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aleatorio } from "@/test-support/aleatorio";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { prisma } from "../db";
import { aplicarRetencion } from "../tareas/retencion";
import { instanteEnMadrid, sumarDias, diaEnMadrid } from "../dates";
import { CATEGORIAS } from "../plans/constants";
import { parametrosAleatorios } from "./registro";
import { mascaraDias, type IndiceBusqueda } from "./indice";
import { esperarIndice, indiceAlDia } from "./indice-db";
import { busquedaSchema, type Busqueda } from "./schemas";
import { busquedaSql, versionBusqueda } from "./buscar";

const db = () => process.env.DATABASE_URL!;
const DIA = 86_400_000;

/** Titles and descriptions of the demo's plans: the words of the plans compared, and the ones searched. */
const TEXTOS = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "data", "demo", "contenido.json"), "utf8")) as {
    planes: { titulo: string; descripcion: string }[];
  }
).planes;
/** The words of the plans written (accents and capitals kept: the search must not care), to search for. */
const PALABRAS: string[] = [];
const anotarPalabras = (texto: string) => {
  for (const w of texto.split(/[^\p{L}\p{N}]+/u)) if (w.length >= 2) PALABRAS.push(w);
};

async function indiceActual(): Promise<IndiceBusqueda> {
  const indice = await esperarIndice(prisma, await versionBusqueda());
  expect(indice, "the index is ready").not.toBeNull();
  return indice!;
}

/** The index's answer for a search, as busquedaSql gives PostgreSQL's. */
function delIndice(indice: IndiceBusqueda, q: Busqueda) {
  const desde = (q.page - 1) * q.limit;
  const { ids, contados } = indice.buscar(
    { ...q, lng: q.lng!, lat: q.lat!, radioM: q.radio * 1000, desde, hasta: desde + q.limit },
    Date.now(),
  );
  return { ids, contados };
}

/** Compares the index with PostgreSQL on `n` random searches around the origin. */
async function comparar(origin: { lat: number; lng: number }, semilla: number, n: number) {
  const r = aleatorio(semilla);
  const indice = await indiceActual();
  const hoy = diaEnMadrid();
  let conPlanes = 0;
  const contexto = {
    palabras: PALABRAS,
    ahora: Date.now(),
    diaInstante: (desdeHoy: number, hora: string) => instanteEnMadrid(sumarDias(hoy, desdeHoy), hora),
  };
  for (let i = 0; i < n; i++) {
    // Every filter and order of the registry, each with its own random values.
    const params: Record<string, string> = {
      lat: String(origin.lat),
      lng: String(origin.lng),
      radio: String([0, 1, 5, 10, 20, 25, 50][Math.floor(r() * 7)]),
      page: String(1 + Math.floor(r() * 3)),
      limit: String([1, 3, 7, 30][Math.floor(r() * 4)]),
      ...parametrosAleatorios(r, contexto),
    };
    const q = busquedaSchema.parse(params);
    const esperado = await busquedaSql(q, q.lng!, q.lat!);
    if (esperado.contados > 0) conPlanes++;
    expect(delIndice(indice, q), JSON.stringify(params)).toEqual(esperado);
  }
  // The searches were not all empty: the comparison means something.
  expect(conPlanes).toBeGreaterThan(n / 3);
}

describe("the in-process search index answers what PostgreSQL answers", () => {
  let origin: { lat: number; lng: number };
  let usuarioId: string;
  const ids: string[] = [];
  /** A plan in Spanish with its Basque (Kulturklik's), and one written in Catalan alone. */
  let conEuskera: string;
  let enCatalan: string;

  beforeAll(async () => {
    origin = await freshOrigin();
    usuarioId = await insertUser();
    const r = aleatorio(20261124);
    const ahora = Date.now();
    // Shared spots (ties of distance), and plans half a metre inside and outside 1, 10 and 20 km
    // on the spheroid (the sphere alone would put some of them on the wrong side).
    const sitios = [0, 0, 350, 350, 999.5, 1000.5, 9_999.5, 10_000.5, 19_999.5, 20_000.5];
    for (let i = 0; i < 260; i++) {
      const comun = i % 3 === 0;
      const tipo = r() < 0.35 ? "experiencia" : "evento";
      const inicio =
        tipo === "evento"
          ? new Date(ahora + (r() * 16 - 3) * DIA)
          : r() < 0.5
            ? new Date(ahora + (r() * 10 - 5) * DIA)
            : null;
      const fin =
        tipo === "evento"
          ? new Date(inicio!.getTime() + r() * 3 * DIA)
          : r() < 0.5
            ? new Date(Math.max(inicio?.getTime() ?? 0, ahora + (r() * 14 - 2) * DIA))
            : null;
      const texto = TEXTOS[Math.floor(r() * TEXTOS.length)];
      const id = await insertPlan({
        usuarioId,
        origin,
        titulo: texto.titulo,
        distanciaM: comun ? sitios[Math.floor(r() * sitios.length)] : r() * 55_000,
        // Any bearing, not whole degrees: two plans at one distance on mirrored whole bearings
        // (θ and 360 − θ) are exactly as far in JavaScript's haversine but may differ in the
        // last bit in PostGIS's sphere, and so swap places between the two answers, an
        // arbitrary order the index has no reason to copy.
        rumbo: r() * 360,
        tipo,
        fechaInicio: inicio,
        fechaFin: fin,
        // A third of the events have several dates: a search by date finds them by any of them.
        fechas:
          tipo === "evento" && r() < 0.35
            ? Array.from({ length: 2 + Math.floor(r() * 5) }, () => {
                const a = new Date(inicio!.getTime() + r() * 20 * DIA);
                return { inicio: a, fin: r() < 0.2 ? null : new Date(a.getTime() + r() * 4 * 3_600_000) };
              })
            : undefined,
        destacadoHasta: r() < 0.2 ? new Date(ahora + (r() < 0.7 ? DIA : -DIA)) : null,
        visible: r() > 0.05,
        categorias: [CATEGORIAS[Math.floor(r() * CATEGORIAS.length)], CATEGORIAS[Math.floor(r() * CATEGORIAS.length)]],
        horarios:
          tipo === "experiencia"
            ? [0, 1].map(() => {
                // Slots at any hour, some open now, some ended today, some later.
                const desde = Math.floor(r() * 22) * 60 + [0, 15, 30, 45][Math.floor(r() * 4)];
                const hasta = Math.min(desde + 30 + Math.floor(r() * 240), 23 * 60 + 59);
                const hhmm = (m: number) =>
                  `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
                return { diaSemana: Math.floor(r() * 7), horaInicio: hhmm(desde), horaFin: hhmm(hasta) };
              })
            : [],
      });
      ids.push(id);
      anotarPalabras(texto.titulo);
      if (r() < 0.7) {
        await query(db(), "UPDATE plan SET descripcion = $2 WHERE id = $1", [id, texto.descripcion]);
        anotarPalabras(texto.descripcion);
      }
    }
    conEuskera = await insertPlan({ usuarioId, origin, titulo: "Concierto de la banda municipal", distanciaM: 800 });
    await query(db(), `UPDATE plan SET textos = $2 WHERE id = $1`, [
      conEuskera,
      JSON.stringify({ eu: { titulo: "Udal musika bandaren kontzertua", descripcion: "Plazan, doan." } }),
    ]);
    enCatalan = await insertPlan({ usuarioId, origin, titulo: "Cantada d'havaneres a la platja", distanciaM: 900 });
    await query(db(), `UPDATE plan SET idioma = 'ca' WHERE id = $1`, [enCatalan]);
    ids.push(conEuskera, enCatalan);
    for (const t of ["Udal musika bandaren kontzertua Plazan, doan.", "Cantada d'havaneres a la platja"])
      anotarPalabras(t);
    await query(db(), "UPDATE plan SET accesible = true WHERE usuario_id = $1 AND random() < 0.3", [usuarioId]);
    // Free plans (0), paid ones and ones that say nothing of their price.
    await query(
      db(),
      `UPDATE plan SET precio = CASE WHEN random() < 0.4 THEN 0 WHEN random() < 0.5 THEN 12.5 ELSE NULL END
       WHERE usuario_id = $1`,
      [usuarioId],
    );
  }, 120_000);
  afterAll(async () => {
    // Its featured plans would be the home's "Destacados" of the tests that follow.
    await query(db(), "DELETE FROM plan WHERE usuario_id = $1", [usuarioId]);
  });

  it("gives the same pages and counts on 300 random searches", async () => {
    await comparar(origin, 1, 200);
    // Word searches read rare words' postings: read the radius instead, to compare that way too.
    const indice = await indiceActual();
    const factor = indice.factorPostings;
    indice.factorPostings = 0;
    try {
      await comparar(origin, 2, 100);
    } finally {
      indice.factorPostings = factor;
    }
  }, 120_000);

  it("finds a plan by the words of each language it has, Basque and Catalan, as PostgreSQL does", async () => {
    const indice = await indiceActual();
    for (const [palabras, id] of [
      ["kontzertua", conEuskera],
      ["bandaren kontzer", conEuskera],
      ["havaneres", enCatalan],
      ["cantada platja", enCatalan],
    ] as const) {
      const q = busquedaSchema.parse({ lat: String(origin.lat), lng: String(origin.lng), radio: "5", q: palabras });
      const esperado = await busquedaSql(q, q.lng!, q.lat!);
      expect(esperado.ids, palabras).toContain(id);
      expect(delIndice(indice, q), palabras).toEqual(esperado);
    }
  });

  it("takes every change: moved, hidden, deleted, new plans and new slots, at the next version", async () => {
    const antes = await indiceActual();
    await query(db(), "UPDATE plan SET ubicacion = ST_Project(ubicacion, 30000, 0) WHERE id = ANY($1::uuid[])", [
      ids.slice(0, 20),
    ]);
    await query(db(), "UPDATE plan SET visible = false WHERE id = ANY($1::uuid[])", [ids.slice(20, 40)]);
    await query(
      db(),
      "UPDATE plan SET visible = true, destacado_hasta = now() + interval '1 day' WHERE id = ANY($1::uuid[])",
      [ids.slice(40, 60)],
    );
    await query(db(), "DELETE FROM plan WHERE id = ANY($1::uuid[])", [ids.slice(60, 80)]);
    await query(db(), "DELETE FROM horario_disponible WHERE plan_id = ANY($1::uuid[])", [ids.slice(80, 140)]);
    for (let i = 0; i < 10; i++)
      await insertPlan({
        usuarioId,
        origin,
        distanciaM: 100 * i,
        tipo: "experiencia",
        horarios: [{ diaSemana: i % 7, horaInicio: "09:00", horaFin: "10:00" }],
      });
    await comparar(origin, 2, 150);
    // Brought up to date, not read again.
    expect(await indiceActual()).toBe(antes);
  }, 120_000);

  it("lists a plan whose featuring ended after the index took it among the others", async () => {
    await query(
      db(),
      "UPDATE plan SET visible = true, destacado_hasta = now() + interval '1500 milliseconds' WHERE id = ANY($1::uuid[])",
      [ids.slice(160, 200)],
    );
    await indiceActual();
    await new Promise((r) => setTimeout(r, 2_000));
    await comparar(origin, 5, 100);
  }, 120_000);

  it("reads every plan again after a TRUNCATE (busqueda_version.recarga)", async () => {
    const antes = await indiceActual();
    // What TRUNCATE plan's triggers do (a test can't empty the shared table).
    await query(db(), "UPDATE busqueda_version SET recarga = recarga + 1");
    await query(db(), "UPDATE busqueda_version_parte SET version = version + 1 WHERE parte = 0");
    expect(await indiceAlDia(prisma, await versionBusqueda())).toBeNull();
    const despues = await indiceActual();
    expect(despues).not.toBe(antes);
    await comparar(origin, 3, 60);
  }, 120_000);

  it("misses no change committed after a later one: a transaction still running is read again", async () => {
    // A statement that has made its change to B is still running when another writer changes A
    // and commits, and the index reads the changes in between. If it took A's change as the
    // point it has read up to, it would skip B for ever once B commits.
    const b = await insertPlan({ usuarioId, origin, distanciaM: 45_000 });
    await indiceActual();
    const lento = new pg.Client({ connectionString: db() });
    await lento.connect();
    try {
      await lento.query("BEGIN");
      // The row trigger numbers B at once; the statement ends (and its triggers run) 1.5 s later.
      const moverB = lento.query(
        `WITH b AS (UPDATE plan SET ubicacion = ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography WHERE id = $1 RETURNING id)
         SELECT pg_sleep(1.5) FROM b`,
        [b, origin.lng, origin.lat],
      );
      await new Promise((r) => setTimeout(r, 300));
      const cambiarA = query(db(), "UPDATE plan SET titulo = 'Otro' WHERE id = $1", [ids[140]]);
      await new Promise((r) => setTimeout(r, 300));
      await indiceActual();
      await moverB;
      await lento.query("COMMIT");
      await cambiarA;
    } finally {
      await lento.end();
    }
    await comparar(origin, 4, 100);
  }, 120_000);

  it("lets writers through while others hold their transactions open, and takes each change once committed", async () => {
    // Four writers, each with a new plan in a transaction left open, and one more that commits
    // at once: with one row every writer must hold, the fifth would wait (lock_timeout: an error).
    const abiertos = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const c = new pg.Client({ connectionString: db() });
        await c.connect();
        return c;
      }),
    );
    const largos: string[] = [];
    // Half a degree north of the other plans: the only ones around.
    const aparte = { lat: origin.lat + 0.5, lng: origin.lng };
    const insertar = async (c: pg.Client, titulo: string, metros: number) => {
      const { rows } = await c.query<{ id: string }>(
        `INSERT INTO plan (titulo, tipo, municipio, direccion, ubicacion, fecha_inicio, fecha_fin, usuario_id)
         VALUES ($1, 'evento', 'Pueblo', 'Plaza', ST_Project(ST_SetSRID(ST_MakePoint($2, $3), 4326)::geography, $4, 0),
           now() + interval '1 day', now() + interval '1 day 2 hours', $5) RETURNING id`,
        [titulo, aparte.lng, aparte.lat, metros, usuarioId],
      );
      return rows[0].id;
    };
    try {
      for (const [i, c] of abiertos.entries()) {
        await c.query("BEGIN");
        await c.query("SET LOCAL lock_timeout = '2s'");
        largos.push(await insertar(c, `Importado ${i}`, 2_000 + i * 10));
      }
      const rapido = new pg.Client({ connectionString: db() });
      await rapido.connect();
      let enSeguida: string;
      try {
        await rapido.query("SET lock_timeout = '2s'");
        enSeguida = await insertar(rapido, "Publicado enseguida", 1_500);
      } finally {
        await rapido.end();
      }
      // Searches neither wait nor miss it: the index has the committed plan, not the open ones.
      const indice = await indiceActual();
      const q = busquedaSchema.parse({ lat: String(aparte.lat), lng: String(aparte.lng), radio: "5" });
      expect(delIndice(indice, q)).toEqual(await busquedaSql(q, q.lng!, q.lat!));
      expect(delIndice(indice, q).ids).toContain(enSeguida);
      for (const id of largos) expect(delIndice(indice, q).ids).not.toContain(id);
      // Their commits, long after the index read past the plan committed meanwhile, are not skipped.
      for (const c of abiertos) await c.query("COMMIT");
      const despues = await indiceActual();
      expect(delIndice(despues, q)).toEqual(await busquedaSql(q, q.lng!, q.lat!));
      for (const id of largos) expect(delIndice(despues, q).ids).toContain(id);
    } finally {
      await Promise.all(abiertos.map((c) => c.end()));
    }
    await comparar(origin, 6, 60);
  }, 120_000);

  it("keeps deleted plans' rows a week (retention), so instances a day behind still read them", async () => {
    const [vieja, reciente] = [randomUUID(), randomUUID()];
    await query(
      db(),
      "INSERT INTO plan_baja (id, cambio, fecha) VALUES ($1, 1, now() - interval '8 days'), ($2, 2, now() - interval '6 days')",
      [vieja, reciente],
    );
    expect((await aplicarRetencion(prisma)).bajasIndice).toBeGreaterThanOrEqual(1);
    const quedan = await query<{ id: string }>(db(), "SELECT id FROM plan_baja WHERE id = ANY($1::uuid[])", [
      [vieja, reciente],
    ]);
    expect(quedan).toEqual([{ id: reciente }]);
  });

  it("writes the weekday masks as planazo_mascara_dias does", async () => {
    for (let desde = 20_400; desde < 20_414; desde++)
      for (let largo = -1; largo < 9; largo++) {
        const [{ m }] = await query<{ m: number }>(
          db(),
          "SELECT planazo_mascara_dias(DATE '1970-01-01' + $1::int, DATE '1970-01-01' + $2::int) AS m",
          [desde, desde + largo],
        );
        expect(mascaraDias(desde, desde + largo), `${desde} +${largo}`).toBe(m);
      }
  });
});
