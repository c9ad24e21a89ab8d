import { describe, expect, it } from "vitest";
import {
  distanciaEdicion,
  erroresPermitidos,
  firmaLetras,
  lejosDeLetras,
  normalizar,
  PALABRAS_VACIAS,
  raiz,
  terminos,
  tokens,
} from "./palabras";

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

describe("tokens and terminos", () => {
  it("splits a text into its normalised words, in order", () => {
    expect(tokens("¡Música en la calle!")).toEqual(["musica", "en", "la", "calle"]);
    expect(tokens(" - ")).toEqual([]);
  });

  it("leaves out PostgreSQL's Spanish stop words, as they are listed", () => {
    expect(PALABRAS_VACIAS.size).toBe(313);
    for (const vacia of ["de", "la", "los", "y", "esta", "para", "con"]) expect(PALABRAS_VACIAS.has(vacia)).toBe(true);
    // The list has "más" and "está"; a token never carries the accent, so "mas" counts.
    expect(PALABRAS_VACIAS.has("más")).toBe(true);
    expect(PALABRAS_VACIAS.has("mas")).toBe(false);
    expect(terminos("Los conciertos de la semana: ¡más música!")).toEqual(["conciert", "seman", "mas", "music"]);
  });

  it("keeps repeated words, each where it is", () => {
    expect(terminos("Feria y feria")).toEqual(["feri", "feri"]);
  });
});

describe("raiz", () => {
  it("gives singular and plural, and the forms of a verb, one stem", () => {
    expect(raiz("concierto")).toBe(raiz("conciertos"));
    expect(raiz("cancion")).toBe(raiz("canciones"));
    expect(raiz("fiesta")).toBe(raiz("fiestas"));
    expect(raiz("bailar")).toBe(raiz("bailando"));
  });

  it("stems as Snowball's Spanish stemmer does (the stems ts_lexize gives)", () => {
    const esperadas: Record<string, string> = {
      conciertos: "conciert",
      exposiciones: "exposicion",
      rapidamente: "rapid",
      nacionalidad: "nacional",
      actividades: "activ",
      dandoselo: "dandosel",
      construyendo: "constru",
      lleguen: "lleg",
      pinguinos: "pinguin",
      montanas: "montan",
      turismo: "turism",
      organizadores: "organiz",
      comunicativa: "comunic",
      2026: "2026",
    };
    for (const [palabra, esperada] of Object.entries(esperadas)) expect(raiz(palabra), palabra).toBe(esperada);
  });
});

describe("distanciaEdicion", () => {
  it("counts a missing, extra, wrong or swapped letter as one edit", () => {
    expect(distanciaEdicion("consierto", "concierto", 2)).toBe(1);
    expect(distanciaEdicion("cocnierto", "concierto", 2)).toBe(1);
    expect(distanciaEdicion("conciert", "concierto", 2)).toBe(1);
    expect(distanciaEdicion("conciertoo", "concierto", 2)).toBe(1);
    expect(distanciaEdicion("concierto", "concierto", 2)).toBe(0);
    expect(distanciaEdicion("cnocierot", "concierto", 2)).toBe(2);
  });

  it("stops past the tope with tope + 1", () => {
    expect(distanciaEdicion("teatro", "concierto", 2)).toBe(3);
    expect(distanciaEdicion("consierto", "concierto", 0)).toBe(1);
    expect(distanciaEdicion("a", "abcd", 1)).toBe(2);
    expect(distanciaEdicion("", "abc", 3)).toBe(3);
    expect(distanciaEdicion("", "", 0)).toBe(0);
  });

  it("counts a character outside the BMP as one", () => {
    expect(distanciaEdicion("🎉fiesta", "fiesta", 1)).toBe(1);
  });
});

describe("lejosDeLetras", () => {
  /** A random edit of w: a letter changed, added, dropped, or two neighbours swapped. */
  const editar = (palabra: string, letras: string[]): string => {
    const w = Array.from(palabra);
    const i = Math.floor(Math.random() * (w.length + 1));
    const letra = letras[Math.floor(Math.random() * letras.length)];
    const cortar = (a: number, b?: number) => w.slice(a, b).join("");
    const tipo = Math.floor(Math.random() * 4);
    if (tipo === 0) return cortar(0, i) + letra + cortar(i + 1);
    if (tipo === 1) return cortar(0, i) + letra + cortar(i);
    if (tipo === 2) return cortar(0, i) + cortar(i + 1);
    return i + 1 < w.length ? cortar(0, i) + w[i + 1] + w[i] + cortar(i + 2) : palabra;
  };

  it("never rules out a word within the edits allowed, and rules out most others", () => {
    const letras = Array.from("abcdefghijklmnopqrstuvwxyz0123456789🎉");
    const palabras = ["concierto", "mercadillo", "senderismo", "teatro", "🎉fiesta", "exposicion", "ruta"];
    let descartadas = 0;
    let lejanas = 0;
    for (let n = 0; n < 5_000; n++) {
      const w = palabras[n % palabras.length];
      const tope = 1 + (n % 2);
      let v = w;
      for (let k = 0; k < tope; k++) v = editar(v, letras);
      expect(lejosDeLetras(firmaLetras(v), firmaLetras(w), tope), `${v} ← ${w}`).toBe(false);
      const otra = palabras[(n + 1 + (n % 5)) % palabras.length];
      if (distanciaEdicion(otra, w, tope) > tope) {
        lejanas++;
        if (lejosDeLetras(firmaLetras(otra), firmaLetras(w), tope)) descartadas++;
      }
    }
    expect(descartadas / lejanas).toBeGreaterThan(0.8);
  });
});

describe("erroresPermitidos", () => {
  it("forgives no typo under 5 letters, one up to 8 and two from 9", () => {
    expect(["cine", "arte", "feria", "concierto", "exposiciones"].map(erroresPermitidos)).toEqual([0, 0, 1, 2, 2]);
    expect(erroresPermitidos("teatros")).toBe(1);
    expect(erroresPermitidos("conciert")).toBe(1);
  });
});
