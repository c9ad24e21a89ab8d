import { describe, expect, it } from "vitest";
import { LIMITES, buzonDe } from "./rate-limit";

describe("limits keyed by an e-mail address", () => {
  it("count one mailbox however its address is tagged, dotted or capitalised", () => {
    expect(buzonDe(" Ana+fiestas@Example.com ")).toBe("ana@example.com");
    expect(buzonDe("ana+1+2@example.com")).toBe("ana@example.com");
    expect(buzonDe("Ana.Lopez+x@GMail.com")).toBe("analopez@gmail.com");
    expect(buzonDe("a.n.a@googlemail.com")).toBe("ana@gmail.com");
    // Dots matter elsewhere, and a "+" that starts the address is no tag.
    expect(buzonDe("ana.lopez@example.com")).toBe("ana.lopez@example.com");
    expect(buzonDe("+ana@example.com")).toBe("+ana@example.com");
    for (const limite of [LIMITES.seguir, LIMITES.registro, LIMITES.confirmacion, LIMITES.restablecer, LIMITES.login]) {
      const claves = ["ana@gmail.com", "a.na+1@gmail.com", "ANA+2@googlemail.com"].map(
        (c) => limite("1.2.3.4", c)[1].key,
      );
      expect(new Set(claves).size).toBe(1);
    }
  });
});
