import { describe, expect, it } from "vitest";
import { normalizar, tokens } from "./palabras";

// palabras.test.ts proves these equal to PostgreSQL's over a large vocabulary; here, what they
// mean for a person who searches.

describe("normalizar", () => {
  it("drops accents and case, as PostgreSQL's planazo_normaliza does", () => {
    expect(normalizar("Concierto en la Plaza Mayor")).toBe("concierto en la plaza mayor");
    expect(normalizar("Canción, ÁRBOL, pingüino, Begoña, Barça")).toBe("cancion arbol pinguino begona barca");
    expect(normalizar("cafe\u0301 con leche")).toBe("cafe con leche");
  });

  it("spells out the letters that have no accent to drop", () => {
    expect(normalizar("Straße ẞ")).toBe("strasse ss");
    expect(normalizar("Ærøskøbing, Łódź, Œuvre, Þingvellir, Đakovo")).toBe(
      "aeroskobing lodz oeuvre thingvellir dakovo",
    );
    expect(normalizar("ﬁesta ＡＢＣ Ⅻ")).toBe("fiesta abc xii");
  });

  it("makes punctuation and symbols word breaks and keeps digits", () => {
    expect(normalizar("¡Fiesta!¿Mañana?  (19:30h) — 2ª edición")).toBe("fiesta manana 19 30h 2 edicion");
    expect(normalizar("Nº 3 · 1º de mayo · ½ maratón · ©2026")).toBe("n 3 1 de mayo 1 2 maraton c 2026");
    expect(normalizar("  ...  ")).toBe("");
  });
});

describe("tokens", () => {
  it("splits a text into its normalised words, in order", () => {
    expect(tokens("¡Música en la calle!")).toEqual(["musica", "en", "la", "calle"]);
    expect(tokens(" - ")).toEqual([]);
  });
});
