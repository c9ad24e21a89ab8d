import { afterAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freePort } from "@/test-support/app-server";
import { createPrismaClient } from "./client";
import { isDatabaseUnavailable } from "./outage";

/** Errors as Prisma really throws them (through @prisma/adapter-pg), not hand-made look-alikes. */
describe("isDatabaseUnavailable on Prisma's errors", () => {
  const prisma = createPrismaClient(process.env.DATABASE_URL!, 1);
  afterAll(() => prisma.$disconnect());

  it("is true when nothing listens where PostgreSQL should be", async () => {
    const nadie = createPrismaClient(`postgresql://postgres@127.0.0.1:${await freePort()}/nada`, 1);
    const error = await nadie.$queryRaw`SELECT 1`.then(
      () => null,
      (e: unknown) => e,
    );
    await nadie.$disconnect();
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is true when the server shuts down under a running query (57P01, as in a restart)", async () => {
    const [{ pid }] = await prisma.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const pendiente = prisma.$queryRaw`SELECT pg_sleep(20)`.then(
      () => null,
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 300));
    // What each backend gets from `pg_ctl stop -m fast`: SIGTERM, 'terminating connection due to administrator command'.
    await query(process.env.DATABASE_URL!, "SELECT pg_terminate_backend($1)", [pid]);
    const error = await pendiente;
    expect(String(error)).toMatch(/57P01/);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is false for other database errors", async () => {
    const error = await prisma.$queryRaw`SELECT 1 / 0`.then(
      () => null,
      (e: unknown) => e,
    );
    expect(String(error)).toMatch(/22012|division by zero/);
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
  });
});
