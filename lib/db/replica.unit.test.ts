import { describe, expect, it } from "vitest";
import { parseLsn } from "./replica";

describe("parseLsn", () => {
  it("reads PostgreSQL's WAL positions in order, and nothing else", () => {
    expect(parseLsn("0/3000000")).toBe(0x3000000n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn("1/0")! > parseLsn("0/FFFFFFFF")!).toBe(true);
    for (const bad of ["", "0/", "x/1", "1/2/3", "123456789/0", null, undefined]) expect(parseLsn(bad)).toBeNull();
  });
});
