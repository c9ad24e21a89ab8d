import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FormatoNoValido } from "../errores";
import { adaptadorJsonld } from "./jsonld";

const fixture = (nombre: string) => readFileSync(path.join(import.meta.dirname, "../fixtures", nombre), "utf8");
const leer = (nombre: string, url: string) =>
  adaptadorJsonld.leer(fixture(nombre), { url, ahora: new Date("2026-10-01T08:00:00Z") });
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("adaptadorJsonld", () => {
  it("recognises a page with an Event in its JSON-LD, and not one without", () => {
    expect(adaptadorJsonld.reconoce(fixture("jsonld-tribe-events.html"))).toBe(true);
    expect(adaptadorJsonld.reconoce(fixture("jsonld-itemlist-turismo.html"))).toBe(true);
    expect(
      adaptadorJsonld.reconoce('<script type="application/ld+json">{"@type":"Organization","name":"X"}</script>'),
    ).toBe(false);
    expect(adaptadorJsonld.reconoce(fixture("madrid-agenda.json"))).toBe(false);
    expect(adaptadorJsonld.reconoce("BEGIN:VCALENDAR\r\nEND:VCALENDAR")).toBe(false);
  });

  it("maps every field of a The Events Calendar page: its HTML-escaped description, its entities, its place and price", () => {
    const items = leer("jsonld-tribe-events.html", "https://www.villanueva.example/evento/noche-rock-blues-lonja/");
    expect(items).toHaveLength(1);
    const [e] = items;
    expect(e).toMatchObject({
      id: "https://www.villanueva.example/evento/noche-rock-blues-lonja/",
      titulo: "Noche de Rock & Blues en La Lonja",
      cancelado: false,
      todoElDia: false,
      regla: null,
      excluidas: [],
      ocurrencias: null,
      gratis: false,
      precio: 8,
      imagen: "https://www.villanueva.example/wp-content/uploads/2026/09/cartel-rock-blues.jpg",
      url: "https://www.villanueva.example/evento/noche-rock-blues-lonja/",
      organizador: "Concejalía de Cultura",
      categorias: [],
      lugar: {
        texto: "La Lonja, Plaza Mayor, 3, Villanueva de la Cañada",
        direccion: "Plaza Mayor, 3",
        municipio: "Villanueva de la Cañada",
        provincia: "Madrid",
        lat: 40.4469,
        lng: -4.0044,
      },
    });
    expect(e.descripcion).toBe(
      "Tres bandas locales cierran la temporada de conciertos en **La Lonja**.\n\nApertura de puertas a las 21:00.",
    );
    expect(iso(e.inicio)).toBe("2026-11-14T20:30:00.000Z");
    expect(iso(e.fin)).toBe("2026-11-15T00:00:00.000Z");
  });

  it("follows a Yoast @graph's references to the event's image, place and organizer", () => {
    const [e] = leer("jsonld-yoast-graph.html", "https://auditorio.example/eventos/festival-jazz-otono/");
    expect(e).toMatchObject({
      id: "https://auditorio.example/eventos/festival-jazz-otono/#event",
      titulo: "Festival de Jazz de Otoño 2026",
      // EventRescheduled keeps the event.
      cancelado: false,
      imagen: "https://auditorio.example/wp-content/uploads/2026/08/jazz-otono.webp",
      organizador: "Auditorio Municipal de Alcobendas",
      precio: 15,
      gratis: false,
      categorias: ["Cultura"],
      lugar: {
        texto: "Auditorio Paco de Lucía, Calle de la Cultura, 2, Alcobendas",
        municipio: "Alcobendas",
        provincia: "Comunidad de Madrid",
        lat: 40.5373,
        lng: -3.6372,
      },
    });
    expect(iso(e.inicio)).toBe("2026-10-22T18:00:00.000Z");
    expect(iso(e.fin)).toBe("2026-10-25T22:00:00.000Z");
    expect(e.descripcion).toBe(
      "Cuatro noches de jazz con artistas nacionales e internacionales.\n\n[Entradas](https://auditorio.example/entradas/)",
    );
  });

  it("reads an ItemList: dates alone as whole days, local times on Madrid's clock across the change of clocks, relative links resolved", () => {
    const items = leer("jsonld-itemlist-turismo.html", "https://turismo-comarca.example/agenda/");
    expect(items.map((i) => i.titulo)).toEqual([
      "Fiestas de San Roque",
      "Carrera popular del Jiloca",
      "Teatro: La casa de Bernarda Alba",
      "Charla en línea: la Laguna de Gallocanta",
    ]);
    const [fiestas, carrera, teatro, charla] = items;

    expect(fiestas).toMatchObject({
      id: "https://turismo-comarca.example/agenda/fiestas-san-roque",
      url: "https://turismo-comarca.example/agenda/fiestas-san-roque",
      imagen: "https://turismo-comarca.example/media/eventos/san-roque-1200.jpg",
      todoElDia: true,
      gratis: true,
      precio: 0,
      categorias: ["Cultura"],
    });
    expect(iso(fiestas.inicio)).toBe("2026-08-13T22:00:00.000Z");
    expect(iso(fiestas.fin)).toBe("2026-08-17T22:00:00.000Z");
    expect(fiestas.lugar.texto).toBe("Plaza de España, Plaza de España, 1, 44300 Monreal del Campo, Teruel");
    // The description's script goes with everything inside it.
    expect(fiestas.descripcion).toBe("Verbenas, charanga y la tradicional procesión del santo.");

    expect(carrera).toMatchObject({
      imagen: "https://turismo-comarca.example/media/eventos/carrera.jpg",
      gratis: true,
      precio: 0,
      categorias: ["Deporte"],
      lugar: { municipio: "Calamocha", provincia: "Teruel", lat: 40.9186, lng: -1.2976 },
    });
    expect(iso(carrera.inicio)).toBe("2026-09-06T08:00:00.000Z");
    expect(carrera.fin).toBeNull();

    expect(teatro).toMatchObject({ precio: 10.5, gratis: false, categorias: ["Cultura"] });
    // 24 October is summer time (UTC+2), the 25th winter time (UTC+1).
    expect(iso(teatro.inicio)).toBe("2026-10-24T18:00:00.000Z");
    expect(iso(teatro.fin)).toBe("2026-10-24T19:45:00.000Z");
    expect(iso(charla.inicio)).toBe("2026-10-25T18:00:00.000Z");

    // An online event has no place; nothing says its price.
    expect(charla.lugar).toEqual({
      texto: null,
      direccion: null,
      municipio: null,
      provincia: null,
      lat: null,
      lng: null,
    });
    expect(charla).toMatchObject({ gratis: null, precio: null, categorias: ["Taller"] });
  });

  it("reads an AggregateOffer's lowest price written with a comma, from a block wrapped in a comment with trailing commas", () => {
    const [concierto] = leer("jsonld-ofertas.html", "https://entradas.example/e/concierto-ano-nuevo-2027");
    expect(concierto).toMatchObject({
      id: "https://entradas.example/e/concierto-ano-nuevo-2027",
      precio: 10.5,
      gratis: false,
      organizador: "Orquesta Sinfónica de Huesca",
      cancelado: false,
    });
    expect(iso(concierto.inicio)).toBe("2027-01-01T11:00:00.000Z");
  });

  it("turns an eventSchedule into a weekly rule with its excepted date, from a CDATA block with a raw line break", () => {
    const [, visita] = leer("jsonld-ofertas.html", "https://entradas.example/");
    expect(visita.regla).toEqual({
      frecuencia: "WEEKLY",
      intervalo: 1,
      dias: [0, 6],
      hasta: new Date("2026-11-29T22:59:00.000Z"),
      cuenta: null,
      simple: true,
    });
    expect(visita.todoElDia).toBe(false);
    expect(iso(visita.inicio)).toBe("2026-10-03T09:00:00.000Z");
    expect(iso(visita.fin)).toBe("2026-10-03T10:30:00.000Z");
    expect(visita.excluidas.map(iso)).toEqual(["2026-11-01T10:00:00.000Z"]);
    expect(visita.descripcion).toBe("Recorrido de 90 minutos. Salida desde la Oficina de Turismo.");
    expect(visita).toMatchObject({ gratis: true, precio: 0 });
    const oc = visita.ocurrencias!(new Date("2026-10-24T00:00:00Z"), new Date("2026-11-03T00:00:00Z"), 10);
    expect(oc.map((o) => iso(o.inicio))).toEqual([
      "2026-10-24T09:00:00.000Z",
      "2026-10-25T10:00:00.000Z",
      "2026-10-31T10:00:00.000Z",
    ]);
  });

  it("reads EventCancelled and EventPostponed as cancelled, and resolves a relative image against the page", () => {
    const [mercado, monologos] = leer(
      "jsonld-cancelado.html",
      "https://www.ayto-teruel.example/agenda/mercado-medieval/",
    );
    expect(mercado.cancelado).toBe(true);
    expect(mercado.imagen).toBe("https://www.ayto-teruel.example/img/mercado-medieval.jpg");
    expect(mercado.lugar).toMatchObject({ texto: "Casco antiguo, Teruel", municipio: "Teruel", provincia: "Aragón" });
    expect(monologos.cancelado).toBe(true);
    expect(monologos.lugar.texto).toBe("Casino de Teruel, Plaza de San Juan");
    // Without @id or url of its own, its id is a hash of its name and start, and its page is the one read.
    expect(monologos.id).toMatch(/^[0-9a-f]{8}$/);
    expect(monologos.url).toBe("https://www.ayto-teruel.example/agenda/mercado-medieval/");
  });

  it("tells apart events of one page that share its url by their start", () => {
    const html = `<script type="application/ld+json">[
      {"@type":"TheaterEvent","name":"Función","startDate":"2026-12-01T19:00:00+01:00","url":"/obra"},
      {"@type":"TheaterEvent","name":"Función","startDate":"2026-12-02T19:00:00+01:00","url":"/obra"}]</script>`;
    const ids = adaptadorJsonld.leer(html, { url: "https://teatro.example/", ahora: new Date() }).map((i) => i.id);
    expect(ids).toEqual(["https://teatro.example/obra", "https://teatro.example/obra#2026-12-02T18:00:00.000Z"]);
  });

  it("reads the ld+json scripts a browser would see, and only those", () => {
    const evento = (nombre: string) => `{"@type":"Event","name":"${nombre}","startDate":"2026-12-01"}`;
    const html = `<html><head>
      <script data-ref=">" type="application/ld+json">${evento("Atributos en otro orden")}</script>
      <SCRIPT Type=' Application/LD+JSON; charset=utf-8 '>${evento("Tipo con parámetros")}</SCRIPT >
      <!-- <script type="application/ld+json">${evento("Comentado")}</script> -->
      <script data-type="application/ld+json" type="text/x-template">${evento("Plantilla")}</script>
      <textarea><script type="application/ld+json">${evento("Texto de un textarea")}</script></textarea>
      <script type="application/ld+jsonp">${evento("Otro tipo")}</script>
      </head></html>`;
    const titulos = adaptadorJsonld.leer(html, { url: "https://x.example/", ahora: new Date() }).map((i) => i.titulo);
    expect(titulos).toEqual(["Atributos en otro orden", "Tipo con parámetros"]);
  });

  it("refuses a page without events, or whose JSON-LD cannot be read, with the message for people", () => {
    const ctx = { url: "https://x.example/", ahora: new Date() };
    const sinEventos = '<script type="application/ld+json">{"@type":"WebPage","name":"Inicio"}</script>';
    expect(() => adaptadorJsonld.leer(sinEventos, ctx)).toThrow(FormatoNoValido);
    expect(() => adaptadorJsonld.leer(sinEventos, ctx)).toThrow(
      "La página no tiene eventos con datos estructurados (schema.org Event).",
    );
    expect(() =>
      adaptadorJsonld.leer('<script type="application/ld+json">{"@type": "Event", name</script>', ctx),
    ).toThrow(FormatoNoValido);
    expect(() => adaptadorJsonld.leer("<html><body>Hola</body></html>", ctx)).toThrow(FormatoNoValido);
  });
});
