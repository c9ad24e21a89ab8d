import { describe, expect, it } from "vitest";
import { conDatos, enumeracion } from "./con-datos";
import { traductor } from "./traductor";

describe("filling in and translating messages", () => {
  it("fills a message's placeholders and leaves an unknown one as written", () => {
    expect(conDatos("Planes cerca de {municipio} ({x})", { municipio: "Olot" })).toBe("Planes cerca de Olot ({x})");
  });

  it("puts Catalan's and Galician's prepositions before a name as the name needs them", () => {
    const de = (nom: string) => conDatos("Plans {de municipio}", { municipio: nom });
    expect(
      [
        "Olot",
        "Hostalric",
        "Igualada",
        "Urús",
        "Huelva",
        "Iurreta",
        "Girona",
        "El Vendrell",
        "Els Hostalets de Pierola",
      ].map(de),
    ).toEqual([
      "Plans d’Olot",
      "Plans d’Hostalric",
      "Plans d’Igualada",
      "Plans d’Urús",
      "Plans de Huelva",
      "Plans de Iurreta",
      "Plans de Girona",
      "Plans del Vendrell",
      "Plans dels Hostalets de Pierola",
    ]);
    expect(
      ["La Bisbal d'Empordà", "Les Borges Blanques", "L'Escala", "L’Ametlla de Mar", "Elx", "Lleida"].map(de),
    ).toEqual([
      "Plans de la Bisbal d'Empordà",
      "Plans de les Borges Blanques",
      "Plans de l’Escala",
      "Plans de l’Ametlla de Mar",
      "Plans d’Elx",
      "Plans de Lleida",
    ]);
    const a = (nom: string) => conDatos("Plans {a municipio}", { municipio: nom });
    expect(["Olot", "El Vendrell", "Els Hostalets de Pierola", "La Bisbal d'Empordà", "L'Escala"].map(a)).toEqual([
      "Plans a Olot",
      "Plans al Vendrell",
      "Plans als Hostalets de Pierola",
      "Plans a la Bisbal d'Empordà",
      "Plans a l’Escala",
    ]);
    // Galician joins de, en and a to the name's article.
    const gl = (nom: string) => conDatos("Preto {do municipio}, {no municipio}, {ao municipio}", { municipio: nom });
    expect(
      ["A Coruña", "O Porriño", "As Pontes de García Rodríguez", "Os Blancos", "Ourense", "Arteixo"].map(gl),
    ).toEqual([
      "Preto da Coruña, na Coruña, á Coruña",
      "Preto do Porriño, no Porriño, ao Porriño",
      "Preto das Pontes de García Rodríguez, nas Pontes de García Rodríguez, ás Pontes de García Rodríguez",
      "Preto dos Blancos, nos Blancos, aos Blancos",
      "Preto de Ourense, en Ourense, a Ourense",
      "Preto de Arteixo, en Arteixo, a Arteixo",
    ]);
    // Spanish and the others write the name as it comes.
    expect(conDatos("Planes de {municipio}", { municipio: "El Vendrell" })).toBe("Planes de El Vendrell");
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

  it("reads a message with its data back against its template and writes it in the other language", () => {
    const castellano = {
      publicar: {
        largo: "{campo} es demasiado largo.",
        titulo: "El título",
        siNo: "{campo}: la respuesta tiene que ser sí o no.",
      },
      fechas: { enLista: "Fecha del {cuando}: {mensaje}", muchas: "Un plan puede tener como mucho {max} fechas." },
      plan: { accesible: "Accesible", dia: "Día {n}", seguir: "Sigues a {organizacion}. Te avisaremos por correo." },
    };
    const catalan = {
      publicar: {
        largo: "{campo} és massa llarg.",
        titulo: "El títol",
        siNo: "{campo}: la resposta ha de ser sí o no.",
      },
      fechas: { enLista: "Data del {cuando}: {mensaje}", muchas: "Un pla pot tenir com a màxim {max} dates." },
      plan: { accesible: "Accessible", dia: "Dia {n}", seguir: "Segueixes {organizacion}. T’avisarem per correu." },
    };
    const traducir = traductor(castellano, catalan);
    expect(traducir("El título es demasiado largo.")).toBe("El títol és massa llarg.");
    // A datum that is no message stays as written, and a message inside another is translated too.
    expect(traducir("Sigues a Peña El Título. Te avisaremos por correo.")).toBe(
      "Segueixes Peña El Título. T’avisarem per correu.",
    );
    expect(traducir("Fecha del 12/08/2027 22:00: Un plan puede tener como mucho 40 fechas.")).toBe(
      "Data del 12/08/2027 22:00: Un pla pot tenir com a màxim 40 dates.",
    );
    expect(traducir("«Accesible»: la respuesta tiene que ser sí o no.")).toBe(
      "«Accessible»: la resposta ha de ser sí o no.",
    );
    // A short template would take any text: "Día 3" is not read as a message.
    expect(traducir("Día 3")).toBe("Día 3");
    expect(traducir("Otra cosa es demasiado larga.")).toBe("Otra cosa es demasiado larga.");
  });
});
