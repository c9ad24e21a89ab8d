import { describe, expect, it } from "vitest";
import { conDatos, enumeracion, traductor } from "./con-datos";

describe("filling in and translating messages", () => {
  it("fills a message's placeholders and leaves an unknown one as written", () => {
    expect(conDatos("Planes cerca de {municipio} ({x})", { municipio: "Olot" })).toBe("Planes cerca de Olot ({x})");
  });

  it("lists items as each language does, Spanish with y before any word", () => {
    expect(enumeracion(["Cultura", "Infantil"])).toBe("Cultura y Infantil");
    expect(enumeracion(["a", "b", "c"], "ca")).toBe("a, b i c");
    expect(enumeracion(["a", "b"], "en")).toBe("a and b");
  });

  it("turns a Spanish message into the same key's, the first key of a repeated one, and anything else stays", () => {
    const castellano = { general: { hola: "Hola", otra: "Hola" }, cuenta: { salir: "Salir", sola: "Sola" } };
    const catalan = { general: { hola: "Hola!", otra: "Ei" }, cuenta: { salir: "Surt" } };
    const traducir = traductor(castellano, catalan);
    expect(["Hola", "Salir", "Sola", "Salir ya"].map(traducir)).toEqual(["Hola!", "Surt", "Sola", "Salir ya"]);
  });
});
