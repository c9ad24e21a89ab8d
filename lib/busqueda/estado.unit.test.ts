import { describe, expect, it } from "vitest";
import { instanteEnMadrid } from "../dates";
import { alternarCategoria, arreglosSinResultados, leerEstado, urlBusqueda, ventanaFechas } from "./estado";
import { ESTADOS_FILTROS } from "./filtros-url";
import { FILTROS } from "./registro";

const madrid = (y: number, m: number, d: number, h = "00:00") => instanteEnMadrid({ year: y, month: m, day: d }, h);
const finDe = (y: number, m: number, d: number) => new Date(madrid(y, m, d + 1).getTime() - 1);

describe("the home search in the URL", () => {
  it("reads every field, falls back to defaults on bad values, and writes the same URL back", () => {
    const e = leerEstado({
      municipio: "Teruel",
      lat: "40.34",
      lng: "-1.1",
      radio: "20",
      categorias: "Cultura,Fiesta",
      fecha: "semana",
      desplazamiento: "2",
      accesible: "1",
      gratis: "sí",
      orden: "distancia",
      page: "3",
      q: "  conciertos   de jazz ",
    });
    expect(e).toEqual({
      municipio: "Teruel",
      lat: 40.34,
      lng: -1.1,
      radio: 20,
      categorias: ["Cultura", "Fiesta"],
      fecha: "semana",
      desplazamiento: 2,
      desde: null,
      hasta: null,
      accesible: true,
      gratis: true,
      q: "conciertos de jazz",
      orden: "distancia",
      page: 3,
      vista: "lista",
    });
    expect(urlBusqueda(e)).toBe(
      "/?municipio=Teruel&lat=40.34&lng=-1.1&radio=20&categorias=Cultura%2CFiesta&fecha=semana&desplazamiento=2&accesible=1&gratis=1&q=conciertos+de+jazz&orden=distancia&page=3",
    );
    const malo = leerEstado({
      lat: "91",
      lng: "x",
      radio: "70",
      categorias: "Nada",
      fecha: "ayer",
      desplazamiento: "-1",
      accesible: "quizas",
      gratis: "quizas",
      orden: "alfabetico",
      page: "0",
    });
    expect(malo).toEqual({
      municipio: null,
      lat: null,
      lng: null,
      radio: 50,
      categorias: ["Otros"],
      fecha: null,
      desplazamiento: 0,
      desde: null,
      hasta: null,
      accesible: false,
      gratis: false,
      q: "",
      // The web's order, by date.
      orden: "fecha",
      page: 1,
      vista: "lista",
    });
    expect(urlBusqueda(malo)).toBe("/");
    // 'hoy' moves one day at most: 'Mañana'.
    expect(leerEstado({ fecha: "hoy", desplazamiento: "3" }).desplazamiento).toBe(1);
    expect(urlBusqueda(leerEstado({ fecha: "hoy", desplazamiento: "1" }))).toBe("/?fecha=hoy&desplazamiento=1");
    // Chosen days only with 'rango', and 'rango' only with both of them.
    const rango = leerEstado({ fecha: "rango", desde: "2027-04-02", hasta: "2027-04-05", desplazamiento: "2" });
    expect(rango).toMatchObject({ fecha: "rango", desde: "2027-04-02", hasta: "2027-04-05", desplazamiento: 0 });
    expect(urlBusqueda(rango)).toBe("/?fecha=rango&desde=2027-04-02&hasta=2027-04-05");
    expect(leerEstado({ fecha: "rango", desde: "2027-04-02" })).toMatchObject({
      fecha: null,
      desde: null,
      hasta: null,
    });
    expect(leerEstado({ fecha: "semana", desde: "2027-04-02", hasta: "2027-04-05" })).toMatchObject({
      desde: null,
      hasta: null,
    });
    expect(leerEstado({ fecha: "rango", desde: "2027-02-30", hasta: "2027-04-05" }).fecha).toBeNull();
  });

  it("keeps the map view in the URL, the list being the default left out", () => {
    const mapa = leerEstado({ municipio: "Teruel", vista: "mapa" });
    expect(mapa.vista).toBe("mapa");
    expect(urlBusqueda(mapa)).toBe("/?municipio=Teruel&vista=mapa");
    expect(urlBusqueda({ ...mapa, vista: "lista" })).toBe("/?municipio=Teruel");
    expect(leerEstado({ vista: "satelite" }).vista).toBe("lista");
  });

  it("follows the category rules of spec §4", () => {
    expect(alternarCategoria(["Otros"], "Cultura")).toEqual(["Cultura"]);
    expect(alternarCategoria(["Cultura"], "Deporte")).toEqual(["Cultura", "Deporte"]);
    expect(alternarCategoria(["Cultura", "Deporte"], "Cultura")).toEqual(["Deporte"]);
    expect(alternarCategoria(["Deporte"], "Deporte")).toEqual(["Otros"]);
    expect(alternarCategoria(["Cultura", "Deporte"], "Otros")).toEqual(["Otros"]);
  });
});

describe("ways out of a search that found nothing", () => {
  const arreglos = (params: Record<string, string>) => {
    const e = leerEstado({ municipio: "Teruel", ...params });
    return arreglosSinResultados(e).map((a) => [a.etiqueta, urlBusqueda({ ...e, page: 1, ...a.cambios })]);
  };

  it("offers only what would widen it, each keeping everything else", () => {
    expect(arreglos({})).toEqual([]);
    expect(arreglos({ radio: "10", categorias: "Cultura", fecha: "semana", desplazamiento: "1", page: "2" })).toEqual([
      ["Ampliar a 50 km", "/?municipio=Teruel&categorias=Cultura&fecha=semana&desplazamiento=1"],
      ["Todas las categorías", "/?municipio=Teruel&radio=10&fecha=semana&desplazamiento=1"],
      ["Cualquier fecha", "/?municipio=Teruel&radio=10&categorias=Cultura"],
    ]);
    expect(arreglos({ fecha: "rango", desde: "2027-04-02", hasta: "2027-04-05" })).toEqual([
      ["Cualquier fecha", "/?municipio=Teruel"],
    ]);
    expect(arreglos({ categorias: "Otros" })).toEqual([]);
    expect(arreglos({ accesible: "1", radio: "10" })).toEqual([
      ["Ampliar a 50 km", "/?municipio=Teruel&accesible=1"],
      ["También los no accesibles", "/?municipio=Teruel&radio=10"],
    ]);
    expect(arreglos({ gratis: "1", orden: "distancia" })).toEqual([
      ["También los de pago", "/?municipio=Teruel&orden=distancia"],
    ]);
  });
});

describe("date windows (Europe/Madrid)", () => {
  // Wednesday 2027-03-24, 23:30 in Madrid (22:30 UTC).
  const ahora = madrid(2027, 3, 24, "23:30");

  it("covers today from midnight to the last millisecond", () => {
    expect(ventanaFechas("hoy", 0, ahora)).toEqual({ desde: madrid(2027, 3, 24), hasta: finDe(2027, 3, 24) });
  });

  it("takes the weekend and the week of the current week, 7 days per step, across the clock change", () => {
    expect(ventanaFechas("finDeSemana", 0, ahora)).toEqual({ desde: madrid(2027, 3, 26), hasta: finDe(2027, 3, 28) });
    expect(ventanaFechas("semana", 0, ahora)).toEqual({ desde: madrid(2027, 3, 22), hasta: finDe(2027, 3, 28) });
    expect(ventanaFechas("semana", 1, ahora)).toEqual({ desde: madrid(2027, 3, 29), hasta: finDe(2027, 4, 4) });
    // Summer time starts on 2027-03-28: that Sunday lasts 23 hours.
    expect(ventanaFechas("finDeSemana", 0, ahora)!.hasta.toISOString()).toBe("2027-03-28T21:59:59.999Z");
    // On a Sunday the week is the one that ends today.
    expect(ventanaFechas("semana", 0, madrid(2027, 3, 28, "10:00"))).toEqual({
      desde: madrid(2027, 3, 22),
      hasta: finDe(2027, 3, 28),
    });
  });

  it("takes whole months, one per step, across the year end", () => {
    expect(ventanaFechas("mes", 0, ahora)).toEqual({ desde: madrid(2027, 3, 1), hasta: finDe(2027, 3, 31) });
    expect(ventanaFechas("mes", 10, ahora)).toEqual({ desde: madrid(2028, 1, 1), hasta: finDe(2028, 1, 31) });
    expect(ventanaFechas(null, 0, ahora)).toBeNull();
  });

  it("moves 'hoy' one day for 'Mañana', and keeps chosen days from today on, at most a year", () => {
    expect(ventanaFechas("hoy", 1, ahora)).toEqual({ desde: madrid(2027, 3, 25), hasta: finDe(2027, 3, 25) });
    const elegir = (desde: string, hasta: string) => ventanaFechas("rango", 0, ahora, { desde, hasta });
    expect(elegir("2027-04-02", "2027-04-05")).toEqual({ desde: madrid(2027, 4, 2), hasta: finDe(2027, 4, 5) });
    expect(elegir("2027-04-05", "2027-04-02")).toEqual({ desde: madrid(2027, 4, 2), hasta: finDe(2027, 4, 5) });
    expect(elegir("2027-03-01", "2027-03-26")).toEqual({ desde: madrid(2027, 3, 24), hasta: finDe(2027, 3, 26) });
    expect(elegir("2027-03-01", "2027-03-02")).toEqual({ desde: madrid(2027, 3, 24), hasta: finDe(2027, 3, 24) });
    expect(elegir("2027-04-01", "2030-01-01")).toEqual({ desde: madrid(2027, 4, 1), hasta: finDe(2028, 3, 31) });
  });
});

describe("the registry's URL fields", () => {
  it("are the registry's entries' own, in its order: the URL the browser writes is the one the server reads", () => {
    expect(FILTROS.length).toBe(ESTADOS_FILTROS.length);
    FILTROS.forEach((f, i) => expect(f.estado).toBe(ESTADOS_FILTROS[i]));
  });
});
