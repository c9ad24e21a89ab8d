import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "@/test-support/database";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { imageKeys, storeImage } from "@/lib/media/images";
import { type FileStorage, diskStorage } from "@/lib/media/storage";
import { AGENDAS } from "@/lib/fuentes/agendas";
import { type Dia, diaEnMadrid, sumarDias } from "@/lib/dates";
import { type PlanRow, serializePlan } from "@/lib/plans/plan";
import { PLAN_JOINS, PLAN_SELECT } from "@/lib/plans/queries";
import { categoriaCartel } from "@/lib/plans/texto";
import { DEMO_LOGIN, demoDelDia, seedDemo } from "./seed";
import { dibujarCartel } from "./seed-images";
import { domingoDePascua, lunaLlenaCercana, numeroDeDia } from "./temporadas";

const CATEGORIAS = [
  "Otros",
  "Deporte",
  "Fiestas de pueblo",
  "Aventura",
  "Turismo",
  "Fiesta",
  "Infantil",
  "Cultura",
  "Taller",
  "Gastronomía",
];

const HOY = { year: 2026, month: 11, day: 22 };

/** Days of the year from one month-day to another, across New Year when the second comes first. */
const entre = (desde: string, hasta: string) => (d: Dia) => {
  const md = d.month * 100 + d.day;
  const [a, b] = [desde, hasta].map((x) => Number(x.replace("-", "")));
  return a <= b ? a <= md && md <= b : md >= a || md <= b;
};
const dePascua = (desde: number, hasta: number) => (d: Dia) => {
  const n = numeroDeDia(d) - numeroDeDia(domingoDePascua(d.year));
  return desde <= n && n <= hasta;
};

/**
 * Words that place a plan in the year, and the days a Spaniard would expect them on (loosely:
 * the templates' own seasons are narrower).
 */
const EPOCAS: [RegExp, (d: Dia) => boolean][] = [
  [/san juan/i, entre("06-20", "06-26")],
  [/navidad|nochebuena|nochevieja|belén/i, entre("12-01", "01-06")],
  [/\breyes\b|roscón/i, entre("01-01", "01-06")],
  // "Magosto" is not August.
  [/\bagosto\b/i, entre("08-01", "08-31")],
  [/verano|piscinas/i, entre("06-15", "09-22")],
  [/semana santa/i, dePascua(-8, 8)],
  [/carnaval/i, dePascua(-56, -40)],
  [/halloween/i, entre("10-20", "11-01")],
  [/otoño/i, entre("09-21", "12-21")],
  [/vendimia/i, entre("08-20", "10-31")],
  [/san ant[oó]n/i, entre("01-10", "01-25")],
  [/san isidro/i, entre("05-08", "05-22")],
  [/castaña|magosto/i, entre("10-15", "11-30")],
  [/setas|micol[oó]gic/i, entre("09-15", "12-15")],
  [/matanza/i, entre("11-01", "03-15")],
  [/trilla/i, entre("06-15", "09-15")],
  [/luna llena/i, (d) => Math.abs(numeroDeDia(d) - numeroDeDia(lunaLlenaCercana(d))) <= 1],
];

type Fila = { titulo: string; municipio: string; fechaInicio: Date | null };
const ordenadas = (filas: Fila[]) =>
  filas
    .map((f) => `${f.titulo}|${f.municipio}|${f.fechaInicio?.toISOString() ?? ""}`)
    .sort((a, b) => a.localeCompare(b));

/** A demo user with a plan and its poster, and a sponsor item with its own: what `--reset` must remove. */
async function demoAnterior(prisma: PrismaClient, storage: FileStorage) {
  const imagen = async (nombre: string) =>
    storeImage(storage, "carteles", `${nombre}.png`, await dibujarCartel(nombre, "Otros", "Ansó", 7));
  const cartel = await imagen("Plan de una demo anterior");
  const anuncio = await imagen("Anuncio de una demo anterior");
  await prisma.user.create({ data: { id: "demo-01", name: "Demo anterior", email: "anterior@demo.planazo.es" } });
  const archivo = await prisma.archivo.create({ data: { ...cartel } });
  const [plan] = await prisma.$queryRaw<{ id: string }[]>`
    INSERT INTO plan (titulo, tipo, municipio, direccion, ubicacion, fecha_inicio, fecha_fin, categorias, usuario_id, archivo_cartel_id)
    VALUES ('Plan de una demo anterior', 'evento', 'Ansó', 'Plaza Mayor, 1',
            ST_SetSRID(ST_MakePoint(-0.83, 42.76), 4326)::geography, now() + interval '1 day',
            now() + interval '25 hours', '{Otros}', 'demo-01', ${archivo.id}::uuid)
    RETURNING id`;
  await prisma.patrocinio.create({
    data: {
      empresa: "Anterior",
      enlaceEmpresa: "https://anterior.example",
      titulo: "Anuncio de una demo anterior",
      descripcion: "Lo que dejó una demo anterior.",
      orden: 1,
      archivoCartel: { create: { ...anuncio } },
    },
  });
  return { planId: plan.id, ficheros: [cartel, anuncio].flatMap((c) => imageKeys(c.variantes)) };
}

describe("demo seed", () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let prisma: PrismaClient;
  const storageDir = mkdtempSync(path.join(tmpdir(), "planazo-seed-"));
  let summary: string;

  // What an earlier demo left: a demo user (the id the new demo's first user takes), a plan of
  // theirs with a poster on disk, and a sponsor item with its own.
  let anterior: { planId: string; ficheros: string[] };

  beforeAll(async () => {
    // A copy of the tests' migrated template, gazetteer included (as `npm run demo` prepares it).
    db = await createScratchDatabase({ template: inject("templateDatabaseUrl") });
    prisma = createPrismaClient(db.url, 4);
    anterior = await demoAnterior(prisma, diskStorage(storageDir));
    summary = await seedDemo(prisma, { storage: diskStorage(storageDir), reset: true, hoy: HOY });
  }, 300_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it("creates confirmed users with the documented demo login", async () => {
    expect(await prisma.user.count({ where: { emailVerified: true } })).toBeGreaterThanOrEqual(20);
    const demo = await prisma.user.findUniqueOrThrow({
      where: { email: DEMO_LOGIN.correo },
      include: { accounts: true },
    });
    const credential = demo.accounts.find((a) => a.providerId === "credential");
    await expect(verifyPassword({ hash: credential!.password!, password: DEMO_LOGIN.password })).resolves.toBe(true);
    await expect(verifyPassword({ hash: credential!.password!, password: "otra-cosa" })).resolves.toBe(false);
    expect(summary).toContain(DEMO_LOGIN.correo);
  });

  it("creates organizations, at least 400 plans of both types over at least 60 municipalities", async () => {
    expect(await prisma.organizacion.count()).toBeGreaterThanOrEqual(10);
    expect(await prisma.plan.count()).toBeGreaterThanOrEqual(400);
    const [{ municipios, small }] = await prisma.$queryRaw<{ municipios: number; small: number }[]>`
      SELECT count(DISTINCT p.municipio_ine)::int AS municipios,
             count(DISTINCT p.municipio_ine) FILTER (WHERE m.poblacion IS NULL OR m.poblacion < 5000)::int AS small
      FROM plan p JOIN municipio m ON m.ine = p.municipio_ine`;
    expect(municipios).toBeGreaterThanOrEqual(60);
    expect(small).toBeGreaterThanOrEqual(30);
    const tipos = await prisma.plan.groupBy({ by: ["tipo"], _count: true });
    expect(tipos.map((t) => t.tipo).sort()).toEqual(["evento", "experiencia"]);
  });

  it("covers every category, with featured plans and finished ones", async () => {
    const rows = await prisma.$queryRaw<
      { categoria: string }[]
    >`SELECT DISTINCT unnest(categorias)::text AS categoria FROM plan`;
    expect(rows.map((r) => r.categoria).sort()).toEqual([...CATEGORIAS].sort());
    expect(await prisma.plan.count({ where: { destacadoHasta: { gt: new Date() } } })).toBeGreaterThan(0);
    const [{ finished }] = await prisma.$queryRaw<{ finished: number }[]>`
      SELECT count(*)::int AS finished FROM plan WHERE fecha_fin < now()`;
    expect(finished).toBeGreaterThan(0);
    const experiencias = await prisma.plan.findMany({
      where: { tipo: "experiencia" },
      include: { horariosDisponibles: true },
    });
    for (const e of experiencias) expect(e.horariosDisponibles.length).toBeGreaterThan(0);
  });

  it("shows as free every plan whose text says it is free", async () => {
    const planes = await prisma.plan.findMany({ select: { titulo: true, descripcion: true, precio: true } });
    const gratis = planes.filter((p) =>
      /gratis|gratuit[oa]|entrada libre|acceso libre/i.test(`${p.titulo} ${p.descripcion}`),
    );
    expect(gratis.length).toBeGreaterThan(20);
    for (const p of gratis) expect(p.precio?.toNumber(), p.titulo).toBe(0);
  });

  it("gives every plan a poster stored as WebP variants, and adds two sponsor items", async () => {
    const plans = await prisma.plan.findMany({ include: { archivoCartel: true } });
    for (const p of plans.slice(0, 25)) {
      const cartel = p.archivoCartel!;
      expect(cartel.contentType).toBe("image/webp");
      expect(cartel.url).toBe(`/media/${cartel.path}`);
      expect(statSync(path.join(storageDir, cartel.path)).size).toBe(cartel.size);
      expect(Object.keys(cartel.variantes as object).sort()).toEqual(["detalle", "og", "original", "tarjeta"]);
    }
    expect(await prisma.patrocinio.count()).toBe(2);
    expect(await prisma.patrocinio.count({ where: { empresa: "Eurona" } })).toBe(1);
  });

  it("draws on each poster the category its card shows under it", async () => {
    const clave = (titulo: string, municipio: string, fechaInicio: Date | string | null) =>
      `${titulo}|${municipio}|${fechaInicio ? new Date(fechaInicio).toISOString() : ""}`;
    const carteles = new Map(
      (await demoDelDia(prisma, HOY)).planes.map((p) => [
        clave(p.t.titulo, p.pueblo.nombre, p.fechaInicio),
        p.cartel.categoria,
      ]),
    );
    // The cards' plans as the pages read them.
    const filas = await prisma.$queryRaw<PlanRow[]>`SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS}`;
    for (const plan of filas.map(serializePlan)) {
      const cartel = carteles.get(clave(plan.titulo, plan.municipio, plan.fechaInicio));
      expect(cartel, plan.titulo).not.toBeUndefined();
      expect(categoriaCartel(plan.categorias), plan.titulo).toBe(cartel);
    }
  });

  it("recreates the demo over an earlier one with reset: the earlier rows and files are gone, the day's plans are there", async () => {
    expect(await prisma.plan.count({ where: { id: anterior.planId } })).toBe(0);
    for (const f of anterior.ficheros) expect(existsSync(path.join(storageDir, f)), f).toBe(false);
    const filas = (await prisma.plan.findMany({ select: { titulo: true, municipio: true, fechaInicio: true } })).map(
      ({ titulo, municipio, fechaInicio }) => ({ titulo, municipio, fechaInicio }),
    );
    // The same gazetteer and day give the same plans: what --reset recreates is the demo as planned.
    const planeados = (await demoDelDia(prisma, HOY)).planes.map((p) => ({
      titulo: p.t.titulo,
      municipio: p.pueblo.nombre,
      fechaInicio: p.fechaInicio,
    }));
    expect(ordenadas(filas)).toEqual(ordenadas(planeados));
    // No file rows left over: one poster per plan, one logo per organization, two sponsor posters.
    expect(await prisma.archivo.count()).toBe(filas.length + (await prisma.organizacion.count()) + 2);
  });

  it("adds the regions' agendas as sources of the team, served by this app", async () => {
    const fuentes = await prisma.fuente.findMany({
      where: { tipo: { in: AGENDAS.map((a) => a.tipo) } },
      select: { tipo: true, url: true, nombre: true },
    });
    expect(fuentes.map((f) => f.tipo).sort()).toEqual(AGENDAS.map((a) => a.tipo).sort());
    for (const f of fuentes) {
      expect(new URL(f.url).pathname).toMatch(/^\/demo\/agendas\//);
      expect(f.nombre).toBe(AGENDAS.find((a) => a.tipo === f.tipo)!.etiqueta);
    }
  });

  // The demo as it would be made on four days across the year: what it chooses, nothing written.
  let delAño: Promise<{ hoy: Dia; planes: Awaited<ReturnType<typeof demoDelDia>>["planes"] }[]> | undefined;
  const demosDelAño = () =>
    (delAño ??= Promise.all(
      [
        { year: 2026, month: 11, day: 28 },
        { year: 2027, month: 1, day: 1 },
        { year: 2027, month: 4, day: 15 },
        { year: 2027, month: 6, day: 24 },
      ].map(async (hoy) => ({ hoy, planes: (await demoDelDia(prisma, hoy)).planes })),
    ));

  it("puts each season's plans in their season, whatever day the demo is made", async () => {
    let enTemporada = 0;
    for (const { hoy, planes } of await demosDelAño()) {
      for (const { t, fechaInicio, fechaFin } of planes) {
        const texto = `${t.titulo} ${t.descripcion}`;
        const epocas = EPOCAS.filter(([palabras]) => palabras.test(texto));
        if (epocas.length === 0) continue;
        enTemporada++;
        const cuando = `${t.titulo} (demo del ${hoy.day}/${hoy.month}/${hoy.year})`;
        expect(fechaInicio && fechaFin, cuando).toBeTruthy();
        // Every day it is on; a night that ends before dawn belongs to the day it began.
        const ultimo = numeroDeDia(diaEnMadrid(new Date(fechaFin!.getTime() - 6 * 3_600_000)));
        for (let d = diaEnMadrid(fechaInicio!); numeroDeDia(d) <= ultimo; d = sumarDias(d, 1)) {
          for (const [palabras, cabe] of epocas)
            expect(cabe(d), `${cuando}: ${palabras} on ${JSON.stringify(d)}`).toBe(true);
        }
      }
    }
    expect(enTemporada).toBeGreaterThan(40);
  });

  it("puts the sea's plans on the coast and the olive mills' among olive groves", async () => {
    const COSTA = ["Cambados", "Pollença"];
    const OLIVARES = ["Capileira", "Zahara", "Hervás", "Morella", "Pollença"];
    let delMar = 0;
    for (const { planes } of await demosDelAño()) {
      for (const { t, pueblo } of planes) {
        const texto = `${t.titulo} ${t.descripcion}`;
        if (/playa|\bolas\b|\bmar\b/i.test(texto)) {
          delMar++;
          expect(COSTA, `${t.titulo} in ${pueblo.nombre}`).toContain(pueblo.zona);
        }
        if (/almazara|aceite nuevo|cata de aceites/i.test(texto)) {
          expect(OLIVARES, `${t.titulo} in ${pueblo.nombre}`).toContain(pueblo.zona);
        }
      }
    }
    expect(delMar).toBeGreaterThan(0);
  });

  it("does nothing the second time", async () => {
    const planes = await prisma.plan.count();
    expect(await seedDemo(prisma, { storage: diskStorage(storageDir) })).toMatch(/already there/);
    expect(await prisma.plan.count()).toBe(planes);
  });
});
