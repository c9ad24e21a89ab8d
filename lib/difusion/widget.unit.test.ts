import { describe, expect, it } from "vitest";
import { conDatos } from "../con-datos";
import { parametrosNoValidos } from "../busqueda/estado";
import { codigoWidget, estadoDeWidget, leerWidget, MENSAJES_WIDGET, urlEmbed, type OpcionesWidget } from "./widget";

const ID = "0b7c3a52-6f1e-4c2a-9d3b-2f6a1e9c8d70";
const malo = (parametro: string) => ({
  ok: false,
  mensaje: conDatos(MENSAJES_WIDGET.parametroNoValido, { parametro }),
});

describe("the widget's parameters", () => {
  it("reads a search with the home page's parameters, and writes the same address back", () => {
    const leido = leerWidget({
      municipio: "Ayna",
      lat: "38.55",
      lng: "-2.08333",
      radio: "10",
      categorias: "Cultura,Fiesta",
      fecha: "finDeSemana",
      tema: "oscuro",
      limite: "5",
    });
    expect(leido.ok).toBe(true);
    if (!leido.ok) return;
    expect(leido.opciones.tema).toBe("oscuro");
    expect(leido.opciones.limite).toBe(5);
    expect(leido.opciones.fuente).toMatchObject({
      tipo: "busqueda",
      estado: { municipio: "Ayna", lat: 38.55, lng: -2.08333, radio: 10, categorias: ["Cultura", "Fiesta"] },
    });
    const url = urlEmbed(leido.opciones);
    expect(url).toBe(
      "/embed/planes?municipio=Ayna&lat=38.55&lng=-2.08333&radio=10&categorias=Cultura%2CFiesta&fecha=finDeSemana&tema=oscuro&limite=5",
    );
    const releido = leerWidget(Object.fromEntries(new URL(url, "http://x").searchParams));
    expect(releido).toEqual(leido);
  });

  it("reads an organization by its id, and leaves defaults out of the address", () => {
    const leido = leerWidget({ organizacion: ID.toUpperCase() });
    expect(leido).toEqual({
      ok: true,
      opciones: { fuente: { tipo: "organizacion", id: ID }, tema: "claro", limite: 8 },
    });
    if (leido.ok) expect(urlEmbed(leido.opciones)).toBe(`/embed/planes?organizacion=${ID}`);
  });

  it("refuses what the home page would quietly drop, naming the parameter", () => {
    const ayna = { municipio: "Ayna" };
    expect(leerWidget({})).toEqual({ ok: false, mensaje: MENSAJES_WIDGET.sinFuente });
    expect(leerWidget({ tema: "oscuro" })).toEqual({ ok: false, mensaje: MENSAJES_WIDGET.sinFuente });
    expect(leerWidget({ ...ayna, radio: "muchos" })).toEqual(malo("radio"));
    expect(leerWidget({ ...ayna, radio: "51" })).toEqual(malo("radio"));
    expect(leerWidget({ ...ayna, lat: "100", lng: "0" })).toEqual(malo("lat"));
    expect(leerWidget({ ...ayna, categorias: "Cultura,Ópera" })).toEqual(malo("categorias"));
    expect(leerWidget({ ...ayna, fecha: "ayer" })).toEqual(malo("fecha"));
    // Every filter and order of the search's registry, as strictly: a yes/no, an order it has.
    expect(leerWidget({ ...ayna, gratis: "quizas" })).toEqual(malo("gratis"));
    expect(leerWidget({ ...ayna, orden: "alfabetico" })).toEqual(malo("orden"));
    expect(leerWidget({ ...ayna, gratis: "1", orden: "fecha" }).ok).toBe(true);
    expect(leerWidget({ ...ayna, tema: "rosa" })).toEqual(malo("tema"));
    expect(leerWidget({ ...ayna, limite: "0" })).toEqual(malo("limite"));
    expect(leerWidget({ ...ayna, limite: "31" })).toEqual(malo("limite"));
    expect(leerWidget({ ...ayna, limite: "2.5" })).toEqual(malo("limite"));
    expect(leerWidget({ organizacion: "123" })).toEqual({ ok: false, mensaje: MENSAJES_WIDGET.organizacionNoValida });
    // Empty values are absent ones, and unknown names are a site's own business.
    expect(leerWidget({ ...ayna, radio: "", utm_source: "ayto" }).ok).toBe(true);
    expect(parametrosNoValidos({ radio: ["abc", "10"] })).toEqual(["radio"]);
  });
});

describe("the code to paste", () => {
  const opciones: OpcionesWidget = {
    fuente: {
      tipo: "busqueda",
      estado: estadoDeWidget({ municipio: 'Cañada "Alta" <b>', lat: 1, lng: 2, radio: 10, categorias: ["Otros"] }),
    },
    tema: "claro",
    limite: 8,
  };

  it("frames the embed and takes heights only from our origin and its own frame", () => {
    const codigo = codigoWidget({ origen: "https://planazo.es/", ruta: urlEmbed(opciones), titulo: 'Planes "<b>"' });
    const src = codigo.match(/ src="([^"]+)"/)![1].replace(/&amp;/g, "&");
    expect(new URL(src).origin).toBe("https://planazo.es");
    expect(new URL(src).searchParams.get("municipio")).toBe('Cañada "Alta" <b>');
    expect(codigo).toContain('title="Planes &quot;&lt;b&gt;&quot;"');
    expect(codigo).toContain('e.origin !== "https://planazo.es"');
    expect(codigo).toContain("e.source !== marco.contentWindow");
    expect(codigo).toContain('d.tipo === "planazo:altura"');
    // Two different widgets on one page listen to their own frames.
    const otro = codigoWidget({ origen: "https://planazo.es", ruta: `/embed/planes?organizacion=${ID}`, titulo: "x" });
    expect(otro.match(/id="([^"]+)"/)![1]).not.toBe(codigo.match(/id="([^"]+)"/)![1]);
  });
});
