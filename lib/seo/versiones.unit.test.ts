import { describe, expect, it } from "vitest";
import { IDIOMAS, type Idioma } from "../idiomas";
import { site } from "../site";
import { versiones } from "./versiones";

describe("a page's language versions", () => {
  const ruta = "/planes/girona/olot?vista=lista";

  it("names every indexed version from each of them, itself included, with Spanish as x-default", () => {
    const { url } = site();
    const idiomas: Idioma[] = ["es", "ca", "en"];
    const listas = idiomas.map((i) => versiones(i, ruta, idiomas));
    for (const [n, v] of listas.entries()) {
      expect(v.indexable).toBe(true);
      expect(v.canonical).toBe(v.languages![idiomas[n]]);
      // Reciprocal: every version gives the same list.
      expect(v.languages).toEqual(listas[0].languages);
    }
    expect(listas[0].languages).toEqual({
      es: `${url}/planes/girona/olot?vista=lista`,
      ca: `${url}/ca/planes/girona/olot?vista=lista`,
      en: `${url}/en/planes/girona/olot?vista=lista`,
      "x-default": `${url}/planes/girona/olot?vista=lista`,
    });
    expect(versiones("es", "/", IDIOMAS).languages!.eu).toBe(`${url}/eu`);
  });

  it("keeps a version in a language the page is not written in out of the index, pointing to one that is", () => {
    const { url } = site();
    expect(versiones("eu", "/plan/x/1", ["es"])).toEqual({
      indexable: false,
      canonical: `${url}/plan/x/1`,
      languages: undefined,
    });
    // A text written only in Catalan: its Catalan page is the one indexed and x-default.
    const soloCa = versiones("gl", `${url}/plan/x/1`, ["ca"]);
    expect(soloCa.canonical).toBe(`${url}/ca/plan/x/1`);
    expect(versiones("ca", "/plan/x/1", ["ca"]).languages).toEqual({
      ca: `${url}/ca/plan/x/1`,
      "x-default": `${url}/ca/plan/x/1`,
    });
  });
});
