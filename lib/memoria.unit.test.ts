import { describe, expect, it } from "vitest";
import { recogerBasura } from "./memoria";

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
