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
  it("gives back a heap grown under load, not while the process is busy", async () => {
    const espera = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const MB64 = 64 * 1024 * 1024;
    // Load: old-generation garbage, as searches in flight leave it (kept past the young generation).
    let vivas: number[][] | null = [];
    for (let i = 0; i < 250; i++) vivas.push(Array.from({ length: 50_000 }, (_, j) => i + j + 0.5));
    vivas = null;
    await espera(0);
    const crecido = process.memoryUsage().heapTotal;
    compactarEnReposo(300);
    // Busy (other requests served, say) through the first 300 ms: it waits for a quiet spell.
    for (let fin = Date.now() + 350; Date.now() < fin;) await new Promise((r) => setImmediate(r));
    expect(process.memoryUsage().heapTotal).toBeGreaterThan(crecido - MB64);
    const hasta = Date.now() + 5_000;
    while (process.memoryUsage().heapTotal > crecido - MB64 && Date.now() < hasta) await espera(50);
    expect(process.memoryUsage().heapTotal).toBeLessThan(crecido - MB64);
  });
});
