import { afterAll, describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client";
import { createPrismaClient, preparada } from "./client";

// One connection: every query below meets the statements the ones before it prepared.
const prisma = createPrismaClient(process.env.DATABASE_URL, 1);
afterAll(() => prisma.$disconnect());

const preparadas = async () =>
  (await prisma.$queryRaw<{ statement: string }[]>`SELECT statement FROM pg_prepared_statements`).map((p) =>
    p.statement.replace(/\s+/g, " "),
  );

describe("statements prepared once per connection", () => {
  it("prepares a marked query once, whatever its values, and leaves the others unprepared", async () => {
    const marcada = (n: number) => preparada(Prisma.sql`SELECT ${n}::int + 1 AS siguiente`);
    expect(await prisma.$queryRaw(marcada(1))).toEqual([{ siguiente: 2 }]);
    expect(await prisma.$queryRaw(marcada(41))).toEqual([{ siguiente: 42 }]);
    expect(await prisma.$queryRaw(Prisma.sql`SELECT ${7}::int * 2 AS doble`)).toEqual([{ doble: 14 }]);
    const hechas = await preparadas();
    expect(hechas.filter((s) => s.includes("AS siguiente"))).toEqual([
      "/* preparada */ SELECT $1::int + 1 AS siguiente",
    ]);
    expect(hechas.some((s) => s.includes("AS doble"))).toBe(false);
  });
});
