import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
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

/** A message's arguments and tags ({municipio}, <enlace>), which every language must keep. */
const huecos = (mensaje: string) => [...mensaje.matchAll(/\{(\w+)|<\/?(\w+)>/g)].map((m) => m[0]).sort();

/** Messages a language writes as Spanish does, on purpose (Galician's "Aviso legal"). */
const IGUALES_AL_CASTELLANO: Partial<Record<string, string[]>> = {
  ca: ["correo.hola", "correo.holaSinNombre", "nav.menu", "nav.perfil", "nav.principal", "pie.idioma"],
  gl: [
    "nav.acceder",
    "nav.iniciarSesion",
    "nav.menu",
    "nav.perfil",
    "nav.principal",
    "nav.publicar",
    "pie.avisoLegal",
    "pie.contacto",
    "pie.cookies",
    "pie.idioma",
    "pie.legal",
    "pie.siguenos",
    "plan.destacado",
    "plan.evento",
    "plan.experiencia",
    "plan.organizadoPor",
  ],
  en: ["pie.legal"],
};

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
    const iguales = [...base].filter(([clave, texto]) => suyos.get(clave) === texto).map(([clave]) => clave);
    expect(iguales.sort()).toEqual([...(IGUALES_AL_CASTELLANO[idioma] ?? [])].sort());
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
