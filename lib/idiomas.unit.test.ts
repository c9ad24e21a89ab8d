import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HUECO } from "./con-datos";
import { FALLO_GLOBAL } from "./fallo-global";
import { IDIOMA_POR_DEFECTO, IDIOMAS, idiomaDeRuta, rutaEnIdioma } from "./idiomas";

type Catalogo = { [clave: string]: string | Catalogo };

const catalogo = (idioma: string): Catalogo =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "mensajes", `${idioma}.json`), "utf8")) as Catalogo;

/** Every message of a catalogue by its full key ("pie.lema"). */
function mensajes(c: Catalogo, prefijo = ""): Map<string, string> {
  const todos = new Map<string, string>();
  for (const [clave, valor] of Object.entries(c)) {
    if (typeof valor === "string") todos.set(`${prefijo}${clave}`, valor);
    else for (const [k, v] of mensajes(valor, `${prefijo}${clave}.`)) todos.set(k, v);
  }
  return todos;
}

/**
 * A message's arguments and tags ({municipio}, <enlace>), which every language must keep
 * (Catalan's {de municipio} or Galician's {do municipio} is {municipio} with its preposition).
 */
const huecos = (mensaje: string) =>
  [
    ...[...mensaje.matchAll(HUECO)].map((m) => `{${m[2]}}`),
    ...[...mensaje.matchAll(/<\/?\w+>/g)].map((m) => m[0]),
  ].sort();

/**
 * Sentences a language writes as Spanish does, on purpose. Galician shares many short phrases
 * with Spanish ("Publicar un plan", "Correo electrónico de contacto"), and a word or two alike
 * (Catalan's "Cultura") is no sign of Spanish left in place: a sentence is four words of four
 * letters or more.
 */
const IGUALES_AL_CASTELLANO: Partial<Record<string, string[]>> = {};

const esFrase = (texto: string) => (texto.match(/\p{L}{4,}/gu) ?? []).length >= 4;

describe("the interface's catalogues", () => {
  const base = mensajes(catalogo(IDIOMA_POR_DEFECTO));

  it.each(IDIOMAS.filter((i) => i !== IDIOMA_POR_DEFECTO))(
    "%s has every message Spanish has, and no other, with the same arguments and tags",
    (idioma) => {
      const suyos = mensajes(catalogo(idioma));
      expect([...suyos.keys()].sort()).toEqual([...base.keys()].sort());
      for (const [clave, texto] of base)
        expect([clave, huecos(suyos.get(clave) ?? "")]).toEqual([clave, huecos(texto)]);
    },
  );

  it.each(IDIOMAS.filter((i) => i !== IDIOMA_POR_DEFECTO))("%s is translated, not Spanish left in place", (idioma) => {
    const suyos = mensajes(catalogo(idioma));
    const iguales = [...base]
      .filter(([clave, texto]) => suyos.get(clave) === texto && esFrase(texto))
      .map(([clave]) => clave);
    expect(iguales.sort()).toEqual([...(IGUALES_AL_CASTELLANO[idioma] ?? [])].sort());
  });
});

describe("the namespaces next-intl formats", () => {
  /** Every .ts and .tsx file under a folder. */
  const fuentes = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? fuentes(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
  const espacios = new Set(
    ["app", "components", "lib"].flatMap((d) =>
      fuentes(path.join(process.cwd(), d)).flatMap((f) =>
        [...readFileSync(f, "utf8").matchAll(/getTranslations(?:<"(\w+)">|\("(\w+)"\))/g)].map((m) => m[1] ?? m[2]),
      ),
    ),
  );

  it.each(IDIOMAS)("hold in %s no preposition marker ({de …}, {do …}), which its ICU parser refuses", (idioma) => {
    expect(espacios.size).toBeGreaterThan(3);
    const c = catalogo(idioma);
    const conPreposicion = [...espacios].flatMap((e) =>
      [...mensajes(c[e] as Catalogo, `${e}.`)]
        .filter(([, t]) => [...t.matchAll(HUECO)].some((m) => m[1]))
        .map(([k]) => k),
    );
    expect(conPreposicion).toEqual([]);
  });
});

describe("the root layout's failure page", () => {
  it.each(IDIOMAS)("%s says what the catalogue's general says", (idioma) => {
    const general = catalogo(idioma).general as Catalogo;
    for (const [clave, texto] of Object.entries(FALLO_GLOBAL[idioma]))
      expect([clave, texto]).toEqual([clave, general[clave]]);
  });
});

describe("the catalogues' typography", () => {
  // An ICU message reads ' as an escape before a brace: "d'{municipio}" would hide its argument.
  it.each(IDIOMAS)("%s writes the typographic apostrophe", (idioma) => {
    const rectos = [...mensajes(catalogo(idioma))].filter(([, texto]) => texto.includes("'"));
    expect(rectos).toEqual([]);
  });
});

describe("a page's address and its language", () => {
  it("reads the language from a whole first segment only", () => {
    expect(idiomaDeRuta("/ca/planes/x")).toEqual({ idioma: "ca", ruta: "/planes/x" });
    expect(idiomaDeRuta("/en")).toEqual({ idioma: "en", ruta: "/" });
    expect(idiomaDeRuta("/eurona")).toEqual({ idioma: "es", ruta: "/eurona" });
    expect(idiomaDeRuta("/es/planes")).toEqual({ idioma: "es", ruta: "/es/planes" });
    expect(idiomaDeRuta("/")).toEqual({ idioma: "es", ruta: "/" });
  });

  it("puts a page's address in a language, and leaves the API, files, other sites and prefixed ones", () => {
    expect(rutaEnIdioma("ca", "/planes/x?y=1#z")).toBe("/ca/planes/x?y=1#z");
    expect(rutaEnIdioma("eu", "/")).toBe("/eu");
    expect(rutaEnIdioma("eu", "/?municipio=Tolosa")).toBe("/eu?municipio=Tolosa");
    expect(rutaEnIdioma("es", "/planes")).toBe("/planes");
    expect(rutaEnIdioma("gl", "/api/planes")).toBe("/api/planes");
    expect(rutaEnIdioma("gl", "/media/x.webp")).toBe("/media/x.webp");
    expect(rutaEnIdioma("gl", "/ca/planes")).toBe("/ca/planes");
    expect(rutaEnIdioma("en", "https://example.org/")).toBe("https://example.org/");
    expect(rutaEnIdioma("en", "//example.org/")).toBe("//example.org/");
    expect(rutaEnIdioma("en", "#contenido")).toBe("#contenido");
    for (const i of IDIOMAS) expect(idiomaDeRuta(rutaEnIdioma(i, "/eurona")).idioma).toBe(i);
  });
});
