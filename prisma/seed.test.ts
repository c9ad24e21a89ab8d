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
import { DEMO_LOGIN, demoDelDia, seedDemo } from "./seed";
import { dibujarCartel } from "./seed-images";

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
    const gratis = planes.filter((p) => /gratis|gratuit[oa]|entrada libre|acceso libre/i.test(`${p.titulo} ${p.descripcion}`));
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

  it("does nothing the second time", async () => {
    const planes = await prisma.plan.count();
    expect(await seedDemo(prisma, { storage: diskStorage(storageDir) })).toMatch(/already there/);
    expect(await prisma.plan.count()).toBe(planes);
  });
});
