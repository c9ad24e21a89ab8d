import { describe, expect, it } from "vitest";
import { idiomasDelTexto, textoParaLeer, textosDe } from "./idiomas";

const kulturklik = {
  idioma: "es" as const,
  textos: { eu: { titulo: "Kontzertua plazan", descripcion: "Herriko bandak jotzen du." } },
};
const plan = { titulo: "Concierto en la plaza", descripcion: "Toca la banda del pueblo." };

describe("the text a reader reads of a plan", () => {
  it("is the reader's language when the plan has it, else Spanish, else the original", () => {
    expect(textoParaLeer(plan, kulturklik, "eu")).toEqual({ ...kulturklik.textos.eu, idioma: "eu" });
    expect(textoParaLeer(plan, kulturklik, "es")).toEqual({ ...plan, idioma: "es" });
    expect(textoParaLeer(plan, kulturklik, "ca")).toEqual({ ...plan, idioma: "es" });
    const soloCatalan = { idioma: "ca" as const, textos: {} };
    const concert = { titulo: "Concert a la plaça", descripcion: "" };
    expect(textoParaLeer(concert, soloCatalan, "en")).toEqual({ ...concert, idioma: "ca" });
    // Written in Catalan with a Spanish translation: Spanish before the original for a Basque reader.
    const ambos = { idioma: "ca" as const, textos: { es: plan } };
    expect(textoParaLeer(concert, ambos, "eu").idioma).toBe("es");
    expect(textoParaLeer(concert, ambos, "ca").idioma).toBe("ca");
  });

  it("lists the languages of its text, its own first, and keeps only real ones from storage", () => {
    expect(idiomasDelTexto({ idioma: "eu", textos: { es: plan, en: plan } })).toEqual(["eu", "es", "en"]);
    expect(textosDe({ eu: { titulo: "Kontzertua" }, fr: { titulo: "Concert" }, gl: { titulo: " " }, en: "x" })).toEqual(
      { eu: { titulo: "Kontzertua", descripcion: "" } },
    );
    expect(textosDe(null)).toEqual({});
  });
});
