import { describe, expect, it } from "vitest";
import { Q_MAX_CARACTERES, textoDeBusqueda } from "./filtros-url";
import { leerConsultaPalabras, Q_MAX_PALABRAS } from "./palabras-consulta";
import { enElTitulo, textoCorregido, trozos } from "./resaltar";

describe("a word search as both paths read it", () => {
  it("trims, collapses and cuts the text; empty or only stop words is no filter", () => {
    expect(textoDeBusqueda("  Mercadillo \n  medieval  ")).toBe("Mercadillo medieval");
    expect(textoDeBusqueda("x".repeat(300))).toHaveLength(Q_MAX_CARACTERES);
    expect(leerConsultaPalabras("")).toBeNull();
    expect(leerConsultaPalabras("   ")).toBeNull();
    expect(leerConsultaPalabras("de la y")).toBeNull();
    expect(leerConsultaPalabras("%_\\'\"")).toBeNull();
  });

  it("keeps each word's stem and allowed typos, and the last word typed as a prefix", () => {
    const q = leerConsultaPalabras("Conciertos de JAZZ")!;
    expect(q.texto).toBe("Conciertos de JAZZ");
    expect(q.palabras.map((p) => [p.palabra, p.errores])).toEqual([
      ["conciertos", 2],
      ["jazz", 0],
    ]);
    expect(q.palabras[0].raiz).toBe("conciert");
    expect(q.prefijo).toBe("jazz");
    // A last word of two letters, or a stop word, is no prefix.
    expect(leerConsultaPalabras("ruta en")!.prefijo).toBeNull();
    expect(leerConsultaPalabras("ruta 10")!.prefijo).toBeNull();
    expect(leerConsultaPalabras("senderismo merca")!.prefijo).toBe("merca");
  });

  it("counts at most Q_MAX_PALABRAS words", () => {
    const q = leerConsultaPalabras(Array.from({ length: 30 }, (_, i) => `p${i}`).join(" "))!;
    expect(q.palabras).toHaveLength(Q_MAX_PALABRAS);
    expect(q.prefijo).toBeNull();
  });
});

describe("the words searched in a card", () => {
  const q = leerConsultaPalabras("consierto banda")!;

  it("marks the words of a title the search matched, as written", () => {
    expect(
      trozos("Concierto de la Banda municipal", q)
        .filter((t) => t.marcado)
        .map((t) => t.texto),
    ).toEqual(["Concierto", "Banda"]);
    expect(trozos("Sin nada", null)).toEqual([{ texto: "Sin nada", marcado: false }]);
    expect(enElTitulo("Gran concierto", q)).toBe(true);
    expect(enElTitulo("Feria de ganado", q)).toBe(false);
  });

  it("says which words were corrected, as the plans write them", () => {
    expect(textoCorregido(q, ["Concierto de la banda"])).toBe("concierto banda");
    expect(textoCorregido(leerConsultaPalabras("concierto")!, ["Concierto"])).toBeNull();
  });
});
