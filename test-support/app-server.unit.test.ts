import { describe, expect, it } from "vitest";
import { freePort } from "./app-server";

describe("freePort", () => {
  it("never gives one process the same port twice, though each is free again once given", async () => {
    const puertos: number[] = [];
    for (let i = 0; i < 300; i++) puertos.push(await freePort());
    expect(new Set(puertos).size).toBe(puertos.length);
    for (const p of puertos) expect(p).toBeGreaterThan(0);
  });
});
