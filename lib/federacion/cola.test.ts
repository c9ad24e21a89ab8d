import { Temporal } from "@js-temporal/polyfill";
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { ColaFederacion } from "./cola";

const db = () => process.env.DATABASE_URL!;

/** Runs `cola`'s workers until `hasta` holds (checked every 10 ms, for at most 5 s), then stops them. */
async function escuchar(
  cola: ColaFederacion,
  manejar: (m: unknown) => Promise<void> | void,
  hasta: () => boolean,
): Promise<void> {
  const parar = new AbortController();
  const escucha = cola.listen(manejar, { signal: parar.signal });
  const limite = Date.now() + 5_000;
  while (!hasta() && Date.now() < limite) await new Promise((r) => setTimeout(r, 10));
  parar.abort();
  await escucha;
}

describe("Fedify's queue in PostgreSQL", () => {
  // Each test its own queue in the table, as the app's Fedify may be working on its own.
  let canal = "";
  const nuevaCola = (opciones: { trabajadores?: number } = {}) =>
    new ColaFederacion({ canal, esperaMs: 20, ...opciones });
  beforeEach(() => {
    canal = `prueba-${randomUUID()}`;
  });
  afterEach(() => query(db(), "DELETE FROM federacion_cola WHERE canal = $1", [canal]));

  it("hands every message to one worker once, across instances, and empties itself", async () => {
    const a = nuevaCola();
    const b = nuevaCola();
    await a.enqueueMany(Array.from({ length: 40 }, (_, i) => ({ n: i })));
    expect(await a.getDepth()).toEqual({ queued: 40, ready: 40, delayed: 0 });
    const vistos: number[] = [];
    const manejar = async (m: unknown) => {
      await new Promise((r) => setTimeout(r, 2));
      vistos.push((m as { n: number }).n);
    };
    await Promise.all([
      escuchar(a, manejar, () => vistos.length >= 40),
      escuchar(b, manejar, () => vistos.length >= 40),
    ]);
    expect([...vistos].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(await a.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });

  it("handles one ordering key's messages one at a time, in order, while other keys go on", async () => {
    const cola = nuevaCola({ trabajadores: 4 });
    for (let i = 0; i < 6; i++) {
      await cola.enqueue({ clave: "plan-1", i }, { orderingKey: "plan-1" });
      await cola.enqueue({ clave: "plan-2", i }, { orderingKey: "plan-2" });
    }
    const enCurso = new Map<string, number>();
    let solapados = 0;
    const orden: Record<string, number[]> = { "plan-1": [], "plan-2": [] };
    await escuchar(
      cola,
      async (m) => {
        const { clave, i } = m as { clave: string; i: number };
        if (enCurso.get(clave)) solapados++;
        enCurso.set(clave, 1);
        await new Promise((r) => setTimeout(r, 5));
        orden[clave].push(i);
        enCurso.set(clave, 0);
      },
      () => orden["plan-1"].length + orden["plan-2"].length >= 12,
    );
    expect(solapados).toBe(0);
    expect(orden).toEqual({ "plan-1": [0, 1, 2, 3, 4, 5], "plan-2": [0, 1, 2, 3, 4, 5] });
  });

  it("keeps a delayed message until its time, and drops one whose handler throws (Fedify queued its retry)", async () => {
    const cola = nuevaCola();
    await cola.enqueue({ luego: true }, { delay: Temporal.Duration.from({ milliseconds: 300 }) });
    await cola.enqueue({ falla: true });
    expect(await cola.getDepth()).toMatchObject({ queued: 2, ready: 1, delayed: 1 });
    const vistos: { at: number; m: unknown }[] = [];
    const desde = Date.now();
    const error = console.error;
    console.error = () => {};
    try {
      await escuchar(
        cola,
        (m) => {
          vistos.push({ at: Date.now() - desde, m });
          if ((m as { falla?: boolean }).falla) throw new Error("caída del servidor remoto");
        },
        () => vistos.length >= 2,
      );
    } finally {
      console.error = error;
    }
    expect(vistos.map((v) => v.m)).toEqual([{ falla: true }, { luego: true }]);
    expect(vistos[1].at).toBeGreaterThanOrEqual(250);
    expect(await cola.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });

  it("hands out again a message whose worker died holding it, once its hold runs out", async () => {
    const cola = nuevaCola();
    await cola.enqueue({ huerfano: true });
    await query(db(), "UPDATE federacion_cola SET tomado_hasta = now() + interval '1 hour' WHERE canal = $1", [canal]);
    expect(await cola.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });
    await query(db(), "UPDATE federacion_cola SET tomado_hasta = now() - interval '1 second' WHERE canal = $1", [
      canal,
    ]);
    const vistos: unknown[] = [];
    await escuchar(
      cola,
      (m) => void vistos.push(m),
      () => vistos.length >= 1,
    );
    expect(vistos).toEqual([{ huerfano: true }]);
  });
});
