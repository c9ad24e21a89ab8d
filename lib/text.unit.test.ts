import { describe, expect, it } from "vitest";
import { sinControl, tieneControl } from "./text";

describe("the rule of typed text", () => {
  // Every character the rule is about, and a few it is not, each inside a word.
  const caracteres = [
    ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
    "\u007f",
    ..."\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
    "\u200f",
    "é",
  ];

  it("cleans imported text into what it accepts when typed: bidirectional and control characters go", () => {
    for (const c of caracteres)
      for (const multilinea of [false, true]) {
        const texto = `Fiesta${c}mayor`;
        expect(tieneControl(sinControl(texto, multilinea), multilinea)).toBe(false);
        // What it accepts, cleaning leaves as it is.
        if (!tieneControl(texto, multilinea)) expect(sinControl(texto, multilinea)).toBe(texto);
      }
    expect(sinControl("\u202eFiesta\u0000 de\u2066 San Juan\u2069")).toBe("Fiesta de San Juan");
    expect(sinControl("Fiesta\nmayor\t")).toBe("Fiesta mayor ");
    expect(sinControl("Fiesta\nmayor\t", true)).toBe("Fiesta\nmayor\t");
  });
});
