import { describe, expect, it } from "vitest";
import { compactarEnReposo, recogerBasura } from "./memoria";

describe("the collection after a large load", () => {
  it("frees what nothing holds, in a full collection", async () => {
    let basura: object[] | null = Array.from({ length: 200_000 }, (_, i) => ({ i, texto: `fila ${i}` }));
    const debil = new WeakRef(basura);
    basura = null;
    // A WeakRef's target stays alive until the job that made it ends.
    await new Promise((r) => setTimeout(r, 0));
    expect(await recogerBasura()).toBeGreaterThan(0);
    expect(debil.deref()).toBeUndefined();
  });
});

describe("the compaction once the process is quiet", () => {
  it("waits while the process is busy, then collects once it has been quiet long enough", async () => {
    const espera = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const inicio = Date.now();
    let recogidaEn: number | null = null;
    const recoger = async () => {
      recogidaEn = Date.now() - inicio;
    };
    compactarEnReposo({ reposoMs: 300, crecimiento: 0, recoger });
    // Busy (other requests served, say) for 700 ms: nothing is collected meanwhile.
    for (let fin = inicio + 700; Date.now() < fin;) await new Promise((r) => setImmediate(r));
    expect(recogidaEn).toBeNull();
    const hasta = Date.now() + 3_000;
    while (recogidaEn === null && Date.now() < hasta) await espera(20);
    // Then after 300 ms of quiet, checked every 300 ms (a loaded machine delays timers).
    expect(recogidaEn).toBeGreaterThanOrEqual(700 + 300);
    expect(recogidaEn).toBeLessThan(700 + 2_000);
  });

  it("leaves a heap that has not grown alone", async () => {
    let recogidas = 0;
    compactarEnReposo({ reposoMs: 100, crecimiento: Number.MAX_SAFE_INTEGER, recoger: async () => void recogidas++ });
    await new Promise((r) => setTimeout(r, 400));
    expect(recogidas).toBe(0);
  });
});
