import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createScratchDatabase } from "@/test-support/database";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { diskStorage } from "@/lib/media/storage";
import { DEMO_LOGIN, seedDemo } from "./seed";

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

describe("demo seed", () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let prisma: PrismaClient;
  const storageDir = mkdtempSync(path.join(tmpdir(), "planazo-seed-"));
  let summary: string;

  beforeAll(async () => {
    // A copy of the tests' migrated template, gazetteer included (as `npm run demo` prepares it).
    db = await createScratchDatabase({ template: inject("templateDatabaseUrl") });
    prisma = createPrismaClient(db.url, 4);
    summary = await seedDemo(prisma, { storage: diskStorage(storageDir), hoy: { year: 2026, month: 11, day: 22 } });
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

  it("does nothing the second time, and recreates the same data with reset", async () => {
    const before = await prisma.plan.findMany({
      select: { titulo: true, municipio: true, fechaInicio: true },
      orderBy: [{ titulo: "asc" }, { municipio: "asc" }, { fechaInicio: "asc" }],
    });
    expect(await seedDemo(prisma, { storage: diskStorage(storageDir) })).toMatch(/already there/);
    expect(await prisma.plan.count()).toBe(before.length);
    await seedDemo(prisma, { storage: diskStorage(storageDir), reset: true, hoy: { year: 2026, month: 11, day: 22 } });
    const after = await prisma.plan.findMany({
      select: { titulo: true, municipio: true, fechaInicio: true },
      orderBy: [{ titulo: "asc" }, { municipio: "asc" }, { fechaInicio: "asc" }],
    });
    expect(after).toEqual(before);
    // The old posters' files went with the old rows.
    expect(await prisma.archivo.count()).toBe(after.length + 12 + 2);
  }, 300_000);
});
