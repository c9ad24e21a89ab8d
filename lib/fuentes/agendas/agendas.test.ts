import { htmlVisible } from "@/test-support/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import { fixtureAgenda, FORMAS, servirAgendas } from "@/test-support/agendas";
import { query } from "@/test-support/database";
import { type Persona, persona } from "@/test-support/gestion";
import { instanteEnMadrid, diaEnMadrid, sumarDias } from "@/lib/dates";
import { planPath } from "@/lib/plans/plan";
import { insertPlan } from "@/test-support/plans";
import { call, confirmedUser } from "@/test-support/users";
import { appUrl } from "@/test-support/worker";
import { createPrismaClient } from "@/lib/db/client";
import { etiquetaTipo } from "../adaptadores";
import { NOMBRE_CARTEL_GENERADO } from "../../plans/cartel";
import { coberturaPorProvincia, textoCobertura } from "../cobertura";

const db = () => process.env.DATABASE_URL!;
const TIPOS = Object.keys(FORMAS);

type Servidor = Awaited<ReturnType<typeof servirAgendas>>;
let servidor: Servidor;
let moderadora: Persona;
const fuentes: Record<string, string> = {};
/** Plans a person in Boñar typed by hand, on the day the agenda's flower market opens. */
const aMano: { mercado?: string; concierto?: string } = {};
const BONAR = { lat: 42.8668, lng: -5.32386 };
const dia = (n: number, hora: string) => instanteEnMadrid(sumarDias(diaEnMadrid(), n), hora);

/** Waits until the source's sync has a result and is no longer running. */
async function sincronizada(id: string): Promise<Record<string, unknown>> {
  for (const hasta = Date.now() + 30_000; Date.now() < hasta;) {
    const r = await call("GET", `/api/gestion/fuentes/${id}`, { cookie: moderadora.cookie });
    if (r.body.resultado && !r.body.sincronizando) return r.body;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("la sincronización no terminó");
}

type FilaPlan = {
  titulo: string;
  tipo: string;
  municipio_ine: string;
  municipio: string;
  direccion: string;
  precio: number | null;
  categorias: string[];
  lat: number;
  lng: number;
  cartel: boolean;
  visible: boolean;
};

const planesDe = (fuenteId: string) =>
  query<FilaPlan>(
    db(),
    `SELECT titulo, tipo::text, municipio_ine, municipio, direccion, precio::float AS precio, categorias::text[] AS categorias,
            ST_Y(ubicacion::geometry) AS lat, ST_X(ubicacion::geometry) AS lng, archivo_cartel_id IS NOT NULL AS cartel, visible
     FROM plan WHERE fuente_id = $1 ORDER BY fecha_inicio, titulo`,
    [fuenteId],
  );

describe("the regional agendas, served from 127.0.0.1 and added as the team adds any source", () => {
  beforeAll(async () => {
    // Pages of two records, whatever the sync asks for: every agenda is read over several pages.
    servidor = await servirAgendas({}, 2);
    for (const t of TIPOS)
      servidor.agendas[t] = { registros: fixtureAgenda(t, servidor.base), cap: 2, fallo: null, peticiones: [] };
    moderadora = await persona("Moderadora Agendas", "moderador");
    const vecina = await confirmedUser("Vecina de Boñar");
    // The same market, titled the village's way, 300 m from the town's centre; and another event that day.
    const mano = (titulo: string, hora: string) =>
      insertPlan({
        usuarioId: vecina.id,
        titulo,
        origin: BONAR,
        distanciaM: 300,
        fechaInicio: dia(6, hora),
        fechaFin: dia(6, "20:00"),
      });
    [aMano.mercado, aMano.concierto] = await Promise.all([
      mano("Mercado de la Flor 2026", "10:00"),
      mano("Concierto de la Banda de Boñar", "19:00"),
    ]);
    // Each agenda added at once; their first syncs run side by side in the app.
    await Promise.all(
      TIPOS.map(async (t) => {
        const r = await call("POST", "/api/gestion/fuentes", {
          cookie: moderadora.cookie,
          body: { url: servidor.base + FORMAS[t].ejemplo },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        expect(r.body.fuente).toMatchObject({ tipo: t, nombre: etiquetaTipo(t) });
        fuentes[t] = (r.body.fuente as { _id: string })._id;
      }),
    );
    await Promise.all(TIPOS.map((t) => sincronizada(fuentes[t])));
  }, 90_000);

  afterAll(async () => {
    await servidor?.cerrar();
  });

  it("Castilla y León: its villages and a hamlet placed in the municipality around it, free-text prices, a poster", async () => {
    const f = await sincronizada(fuentes["castilla-y-leon"]);
    expect(f.resultado).toMatchObject({
      creados: 4,
      actualizados: 0,
      retirados: 0,
      sinCambios: 1,
      descartados: [{ titulo: "Taller de encuadernación", motivo: mensajesFuentes.fechaNoValida }],
      leidos: 7,
      vinculados: 1,
    });
    const planes = await planesDe(fuentes["castilla-y-leon"]);
    expect(planes.map((p) => `${p.municipio_ine} ${p.municipio} ${p.tipo} ${p.precio}`).sort()).toEqual([
      "05002 La Adrada evento 0",
      "05241 El Tiemblo evento 2",
      "24056 Cistierna experiencia null",
      "24070 Fabero evento 0",
    ]);
    const tiemblo = planes.find((p) => p.municipio === "El Tiemblo")!;
    expect(tiemblo).toMatchObject({ direccion: "El Tiemblo", cartel: true, categorias: ["Infantil", "Cultura"] });
    // The pasted address read once to learn its kind; then the sync reads it page by page,
    // narrowed to upcoming items, with the server's pages of two.
    const [probada, ...peticiones] = servidor.agendas["castilla-y-leon"].peticiones;
    expect(probada.searchParams.has("where")).toBe(false);
    expect(peticiones.map((u) => u.searchParams.get("offset"))).toEqual(["0", "2", "4", "6"]);
    expect(peticiones[0].searchParams.get("where")).toMatch(
      /^fecha_inicio >= date'\d{4}-\d{2}-\d{2}' OR fecha_fin >= /,
    );
  });

  it("Kulturklik: the town by its name and centre (never shown as a venue), a daily run as one plan of its days, France left out", async () => {
    const f = await sincronizada(fuentes.kulturklik);
    expect(f.resultado).toMatchObject({
      creados: 4,
      // Named as its plan would have been: without the quotes around the whole title.
      descartados: [{ titulo: "Irati", motivo: mensajesFuentes.fueraDeEspana }],
    });
    const planes = await planesDe(fuentes.kulturklik);
    const ordizia = planes.filter((p) => p.municipio === "Ordizia");
    // Three days at 20:30: one plan, with a date a day.
    expect(ordizia).toHaveLength(1);
    const [{ n }] = await query<{ n: number }>(
      db(),
      "SELECT fechas_varias::int AS n FROM plan WHERE fuente_id = $1 AND municipio = 'Ordizia'",
      [fuentes.kulturklik],
    );
    expect(n).toBe(3);
    const [centro] = await query<{ lat: number; lng: number }>(
      db(),
      "SELECT lat, lng FROM municipio WHERE ine = '20076'",
    );
    for (const p of ordizia)
      expect(p).toMatchObject({ municipio_ine: "20076", lat: centro.lat, lng: centro.lng, precio: 5, cartel: true });
    expect(planes.find((p) => p.titulo.startsWith("Azpeitiko"))).toMatchObject({ municipio: "Azpeitia", precio: 0 });
    // Each in the languages it came with: Spanish with its Basque, Basque alone, and no Basque
    // "translation" that repeats the Spanish.
    const idiomas = await query<{ titulo: string; idioma: string; textos: Record<string, { titulo: string }> }>(
      db(),
      "SELECT titulo, idioma, textos FROM plan WHERE fuente_id = $1 ORDER BY titulo",
      [fuentes.kulturklik],
    );
    const de = (inicio: string) => idiomas.find((p) => p.titulo.startsWith(inicio));
    expect(de("Cine en el Jardín")).toMatchObject({
      idioma: "es",
      textos: {
        eu: { titulo: "Zinema Lorategian: film laburren saioa", descripcion: expect.stringContaining("Berreskuratu") },
      },
    });
    expect(de("Azpeitiko")).toMatchObject({ idioma: "eu", textos: {} });
    expect(de("Fuera de temporada")).toMatchObject({ idioma: "es", textos: {} });
    expect(servidor.agendas.kulturklik.peticiones.map((u) => u.searchParams.get("_page"))).toEqual([
      "1",
      "1",
      "2",
      "3",
    ]);
  });

  it("Catalonia and Barcelona's province: one plan per activity and place, permanent places with hours, INE codes", async () => {
    const cat = await sincronizada(fuentes.catalunya);
    expect(cat.resultado).toMatchObject({
      creados: 4,
      descartados: [{ titulo: "Visita virtual al Museu d'Art", motivo: mensajesFuentes.permanenteSinHorario }],
    });
    const planesCat = await planesDe(fuentes.catalunya);
    expect(planesCat.filter((p) => p.titulo === "Cantada d'havaneres a la platja").map((p) => p.municipio)).toEqual([
      "Palafrugell",
      "Premià de Mar",
    ]);
    // No image of its own (its licence does not cover them): each plan's poster is the card,
    // drawn once as an image before the sync let the source go, for the apps and shared links.
    expect(planesCat.every((p) => p.cartel)).toBe(true);
    const [museu] = await query<{ id: string; titulo: string; nombre: string }>(
      db(),
      `SELECT p.id, p.titulo, a.nombre FROM plan p JOIN archivo a ON a.id = p.archivo_cartel_id
       WHERE p.fuente_id = $1 AND p.titulo LIKE 'Museu del Suro%'`,
      [fuentes.catalunya],
    );
    expect(museu.nombre).toBe(NOMBRE_CARTEL_GENERADO);
    // Written in Catalan: so it says, and its page marks its text so.
    const idiomas = await query<{ idioma: string }>(db(), "SELECT DISTINCT idioma FROM plan WHERE fuente_id = $1", [
      fuentes.catalunya,
    ]);
    expect(idiomas).toEqual([{ idioma: "ca" }]);
    const html = await (await fetch(appUrl() + planPath(museu.titulo, museu.id))).text();
    expect(html).toMatch(/<h1 class="[^"]+" lang="ca">Museu del Suro/);
    expect(html).toContain("Texto original en catalán");
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/og\.jpg"\/>/);
    expect(html).toMatch(/<meta property="og:image:width" content="1200"\/>/);
    expect(planesCat.find((p) => p.titulo.startsWith("Museu del Suro"))).toMatchObject({
      tipo: "experiencia",
      precio: 4,
    });

    const diba = await sincronizada(fuentes["diputacio-barcelona"]);
    expect(diba.resultado).toMatchObject({
      creados: 3,
      descartados: [{ titulo: "Club de lectura", motivo: mensajesFuentes.fechaNoValida }],
    });
    const planesDiba = await planesDe(fuentes["diputacio-barcelona"]);
    expect(planesDiba.map((p) => p.municipio_ine).sort()).toEqual(["08223", "08279", "08307"]);
    expect(planesDiba.find((p) => p.municipio_ine === "08307")).toMatchObject({ precio: 0, cartel: true });
    // The team's list says how many towns each agenda brings plans to.
    const lista = (await call("GET", "/api/gestion/fuentes", { token: moderadora.token })).body as unknown as {
      _id: string;
      pueblos: number;
    }[];
    expect(lista.find((f) => f._id === fuentes.catalunya)!.pueblos).toBe(2);
    expect(lista.find((f) => f._id === fuentes["diputacio-barcelona"])!.pueblos).toBe(3);
    expect(
      servidor.agendas["diputacio-barcelona"].peticiones.map((u) => u.pathname.replace(/.*\/pag-ini/, "pag-ini")),
    ).toEqual([
      "pag-ini/1/pag-fi/100",
      expect.stringMatching(/^pag-ini\/1\/pag-fi\/100\/camp-data_fi-greaterequal\/date:\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^pag-ini\/3\/pag-fi\/102\//),
      expect.stringMatching(/^pag-ini\/5\/pag-fi\/104\//),
    ]);
  });

  it("links the agenda's listing to the same event typed by hand, titled otherwise, and names the agenda on its page", async () => {
    const vinculos = await query<{ plan_id: string; vinculado: boolean }>(
      db(),
      "SELECT plan_id, vinculado FROM fuente_item WHERE fuente_id = $1 AND vinculado",
      [fuentes["castilla-y-leon"]],
    );
    expect(vinculos).toEqual([{ plan_id: aMano.mercado, vinculado: true }]);
    const pagina = async (id: string, titulo: string) => (await fetch(appUrl() + planPath(titulo, id))).text();
    expect(await pagina(aMano.mercado!, "Mercado de la Flor 2026")).toContain(
      mensajesFuentes.tambienEn([etiquetaTipo("castilla-y-leon")]),
    );
    expect(htmlVisible(await pagina(aMano.concierto!, "Concierto de la Banda de Boñar"))).not.toContain("También en");
  });

  it("counts the towns with upcoming plans by province against the gazetteer", async () => {
    const prisma = createPrismaClient(db(), 1);
    try {
      const filas = await coberturaPorProvincia(prisma);
      const leon = filas.find((f) => f.provincia === "León")!;
      const [{ n }] = await query<{ n: number }>(
        db(),
        "SELECT count(*)::int AS n FROM municipio WHERE provincia = 'León'",
      );
      expect(leon.municipios).toBe(n);
      // Cistierna and Fabero at least, from the agenda: other tests' plans may add towns.
      expect(leon.conPlanes).toBeGreaterThanOrEqual(2);
      expect(textoCobertura(filas)).toContain(`León: ${leon.conPlanes} de ${n}`);
    } finally {
      await prisma.$disconnect();
    }
  });

  it("syncs an unchanged agenda again without writing a plan", async () => {
    const antes = await query<{ id: string; xmin: string }>(
      db(),
      "SELECT id, xmin::text FROM plan WHERE fuente_id = $1 ORDER BY id",
      [fuentes["castilla-y-leon"]],
    );
    const r = await call("POST", `/api/gestion/fuentes/${fuentes["castilla-y-leon"]}/sincronizar`, {
      token: moderadora.token,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ creados: 0, actualizados: 0, retirados: 0, sinCambios: 5 });
    const despues = await query<{ id: string; xmin: string }>(
      db(),
      "SELECT id, xmin::text FROM plan WHERE fuente_id = $1 ORDER BY id",
      [fuentes["castilla-y-leon"]],
    );
    expect(despues).toEqual(antes);
  });

  it("retires nothing while a page cannot be read, and retires what the agenda dropped once it can", async () => {
    const k = servidor.agendas.kulturklik;
    k.registros = k.registros.filter((r) => r.municipalityEs !== "Berriz");
    k.fallo = (u) =>
      u.searchParams.get("_page") === "2" ? { status: 500, tipo: "text/html", cuerpo: "<h1>Error</h1>" } : null;
    const id = fuentes.kulturklik;
    const fallida = await call("POST", `/api/gestion/fuentes/${id}/sincronizar`, { token: moderadora.token });
    expect(fallida.body).toMatchObject({ creados: 0, retirados: 0 });
    expect(fallida.body.error).toBe(mensajesFuentes.paginaFallida(2, "La fuente respondió con el error 500."));
    const berriz = async () => (await planesDe(id)).find((p) => p.municipio === "Berriz")!.visible;
    expect(await berriz()).toBe(true);

    k.fallo = null;
    const entera = await call("POST", `/api/gestion/fuentes/${id}/sincronizar`, { token: moderadora.token });
    expect(entera.body).toMatchObject({ creados: 0, retirados: 1 });
    expect(entera.body.error).toBeUndefined();
    expect(await berriz()).toBe(false);
  });

  it("makes one plan of a record that paging shows twice (moved to the next page while the agenda was read)", async () => {
    const k = servidor.agendas.kulturklik;
    const id = fuentes.kulturklik;
    const nuevo = { ...k.registros[0], id: "kulturklik-repetido", nameEs: "Bertsolaris en la plaza" };
    // Pages of two: the first and the third page both hold it.
    k.registros = [nuevo, ...k.registros.slice(0, 3), nuevo, ...k.registros.slice(3)];
    const r = await call("POST", `/api/gestion/fuentes/${id}/sincronizar`, { token: moderadora.token });
    expect(r.body).toMatchObject({ actualizados: 0, retirados: 0 });
    // Each of its plans (a run makes one a day) once, each with its item.
    const [{ planes, conItem }] = await query<{ planes: number; conItem: number }>(
      db(),
      `SELECT count(*)::int AS planes, count(i.plan_id)::int AS "conItem"
       FROM plan p LEFT JOIN fuente_item i ON i.plan_id = p.id
       WHERE p.fuente_id = $1 AND p.titulo = 'Bertsolaris en la plaza'`,
      [id],
    );
    expect(planes).toBeGreaterThan(0);
    expect({ creados: r.body.creados, conItem }).toEqual({ creados: planes, conItem: planes });
  });

  it("does not take an HTML page or another shape at an agenda's path for that agenda", async () => {
    servidor.agendas.catalunya.fallo = (u) =>
      u.searchParams.has("html")
        ? { status: 200, tipo: "text/html", cuerpo: "<html><title>Mantenimiento</title></html>" }
        : null;
    const r = await call("POST", "/api/gestion/fuentes", {
      cookie: moderadora.cookie,
      body: { url: `${servidor.base}/resource/rhpv-yr4f.json?html=1` },
    });
    expect(r.status).toBe(422);
    expect(r.body.mensaje).toBe(mensajesFuentes.formatoNoReconocido);
    servidor.agendas.catalunya.fallo = null;
  });
});
