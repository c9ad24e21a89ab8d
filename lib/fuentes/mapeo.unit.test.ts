import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { horaTexto } from "../dates";
import { TITULO_MAX } from "../plans/input";
import { adaptadorIcs } from "./adaptadores/ics";
import { acortarTitulo, fechasDentro, fraseExclusiones, planesDeItem } from "./mapeo";
import { mensajesFuentes } from "./mensajes";
import type { ItemFuente, PlanImportado } from "./tipos";

const AHORA = new Date("2026-03-10T09:00:00Z");
const leer = (texto: string) => adaptadorIcs.leer(texto, { url: "https://www.ejemplo.es/agenda.ics", ahora: AHORA });
const deFixture = (nombre: string) => leer(readFileSync(path.join(import.meta.dirname, "fixtures", nombre), "utf8"));
const item = (items: ItemFuente[], inicioTitulo: string) => {
  const i = items.find((x) => x.titulo.startsWith(inicioTitulo));
  if (!i) throw new Error(`sin ${inicioTitulo}`);
  return i;
};
const iso = (d: Date | null | undefined) => d?.toISOString();
const calendario = (...lineas: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Prueba//ES", ...lineas, "END:VCALENDAR", ""].join("\r\n");

const google = deFixture("google-calendar.ics");
const nextcloud = deFixture("nextcloud.ics");
const outlook = deFixture("outlook-exchange.ics");
const wordpress = deFixture("wordpress-the-events-calendar.ics");
const municipal = deFixture("ayuntamiento-hora-flotante.ics");

describe("planesDeItem: an item that happens once", () => {
  it("is one event with its instants, its source's fields copied through", () => {
    const concierto = item(google, "Concierto de primavera");
    const { planes, descartado } = planesDeItem(concierto, AHORA);
    expect(descartado).toBeUndefined();
    expect(planes).toEqual([
      {
        clave: concierto.id,
        titulo: "Concierto de primavera de la Banda Municipal",
        descripcion: "",
        tipo: "evento",
        fechaInicio: new Date("2026-03-20T19:30:00Z"),
        fechaFin: new Date("2026-03-20T21:30:00Z"),
        horarios: [],
        lugar: concierto.lugar,
        gratis: null,
        precio: null,
        imagen: null,
        url: null,
        categorias: [],
        cancelado: false,
      },
    ]);
  });

  it("all day over three days: from 00:00 of the first to 23:59 of the third, in Madrid", () => {
    const [fiesta] = planesDeItem(item(google, "Fiestas de San Isidro"), AHORA).planes;
    expect(iso(fiesta.fechaInicio)).toBe("2026-05-12T22:00:00.000Z");
    expect(iso(fiesta.fechaFin)).toBe("2026-05-15T21:59:00.000Z");
    expect(horaTexto(fiesta.fechaFin!.toISOString())).toBe("23:59");
    const [feria] = planesDeItem(item(wordpress, "Feria de ganado"), AHORA).planes;
    expect([iso(feria.fechaInicio), iso(feria.fechaFin)]).toEqual([
      "2026-04-17T22:00:00.000Z",
      "2026-04-19T21:59:00.000Z",
    ]);
  });

  it("copies GEO, the image, the page, the categories; floating times are Madrid's", () => {
    const [teatro] = planesDeItem(item(municipal, "Teatro: La casa"), AHORA).planes;
    expect(teatro.lugar).toMatchObject({ lat: 41.40139, lng: -4.31528, texto: "Teatro Municipal Castillo de Cuéllar" });
    expect(teatro.imagen).toBe("https://www.cuellar.es/media/agenda/2291-cartel.jpg");
    expect(horaTexto(teatro.fechaInicio!.toISOString())).toBe("20:00");
    const [jornadas] = planesDeItem(item(wordpress, "XXV Jornadas"), AHORA).planes;
    expect(jornadas.imagen).toBe("https://www.riaza.es/wp-content/uploads/2026/02/jornadas-matanza.png");
    expect(jornadas.url).toBe("https://www.riaza.es/evento/jornadas-gastronomicas-matanza/");
    expect(jornadas.categorias).toEqual(["Fiestas de pueblo", "Gastronomía"]);
  });

  it("shortens a long title at a word, with '…', within the spec's 50 characters", () => {
    const [jornadas] = planesDeItem(item(wordpress, "XXV Jornadas"), AHORA).planes;
    expect(jornadas.titulo).toBe("XXV Jornadas gastronómicas de la matanza…");
    expect(jornadas.titulo.length).toBeLessThanOrEqual(TITULO_MAX);
  });

  it("with no end, ends when it starts", () => {
    const [i] = leer(
      calendario("BEGIN:VEVENT", "UID:x", "SUMMARY:Pregón", "DTSTART;TZID=Europe/Madrid:20260320T210000", "END:VEVENT"),
    );
    const [p] = planesDeItem(i, AHORA).planes;
    expect(iso(p.fechaFin)).toBe(iso(p.fechaInicio));
  });

  it("lasting longer than an event may (60 days): an experience open every day of its span", () => {
    const expo = item(wordpress, "Exposición de fotografía antigua");
    const { planes } = planesDeItem(expo, AHORA);
    expect(planes).toHaveLength(1);
    expect(planes[0]).toMatchObject({
      clave: expo.id,
      tipo: "experiencia",
      fechaInicio: new Date("2026-03-01T09:00:00Z"),
      fechaFin: new Date("2026-06-30T18:00:00Z"),
    });
    expect(planes[0].horarios).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((diaSemana) => ({ diaSemana, horaInicio: "10:00", horaFin: "20:00" })),
    );
  });
});

describe("planesDeItem: weekly and daily rules", () => {
  it("weekly: one experience with its weekday's slot in Madrid hours and the next 90 days' EXDATEs told", () => {
    const club = item(google, "Club de lectura");
    const { planes } = planesDeItem(club, AHORA);
    expect(planes).toHaveLength(1);
    const [p] = planes;
    expect(p).toMatchObject({ clave: club.id, tipo: "experiencia", fechaInicio: club.inicio, fechaFin: null });
    expect(p.horarios).toEqual([{ diaSemana: 4, horaInicio: "19:00", horaFin: "20:30" }]);
    expect(p.descripcion.endsWith("\n\nNo se celebra el 2 de abril ni el 30 de abril.")).toBe(true);
    expect(p.descripcion.startsWith("Club de lectura para adultos.")).toBe(true);
  });

  it("only tells the skipped days of the window", () => {
    const [p] = planesDeItem(item(google, "Club de lectura"), AHORA, { dias: 30 }).planes;
    expect(p.descripcion.endsWith("No se celebra el 2 de abril.")).toBe(true);
  });

  it("daily: an experience open the seven days", () => {
    const [p] = planesDeItem(item(nextcloud, "Exposición «Mujeres"), AHORA).planes;
    expect(p.tipo).toBe("experiencia");
    expect(p.horarios).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((diaSemana) => ({ diaSemana, horaInicio: "10:00", horaFin: "14:00" })),
    );
    expect(p.imagen).toBe("https://nube.elolmo.org/s/Xk2pQw9LmT4rZ8y/download");
  });

  it("an UNTIL past the window: the experience ends at 23:59 of its last day", () => {
    const [p] = planesDeItem(item(nextcloud, "Taller de encuadernación"), AHORA).planes;
    expect(p.tipo).toBe("experiencia");
    expect(p.horarios).toEqual([{ diaSemana: 5, horaInicio: "17:00", horaFin: "19:00" }]);
    expect(iso(p.fechaFin)).toBe("2026-12-18T22:59:00.000Z");
  });

  it("a moved occurrence is an event of its own; a cancelled one is only a day it skips", () => {
    const [serie] = leer(
      calendario(
        "BEGIN:VEVENT",
        "UID:bolos@ejemplo.es",
        "SUMMARY:Bolos castellanos",
        "DTSTART;TZID=Europe/Madrid:20260305T170000",
        "DTEND;TZID=Europe/Madrid:20260305T190000",
        "RRULE:FREQ=WEEKLY;BYDAY=TH",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:bolos@ejemplo.es",
        "RECURRENCE-ID;TZID=Europe/Madrid:20260319T170000",
        "SUMMARY:Bolos castellanos: final del torneo",
        "DTSTART;TZID=Europe/Madrid:20260321T110000",
        "DTEND;TZID=Europe/Madrid:20260321T140000",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:bolos@ejemplo.es",
        "RECURRENCE-ID;TZID=Europe/Madrid:20260326T170000",
        "SUMMARY:Bolos castellanos",
        "DTSTART;TZID=Europe/Madrid:20260326T170000",
        "DTEND;TZID=Europe/Madrid:20260326T190000",
        "STATUS:CANCELLED",
        "END:VEVENT",
      ),
    );
    const { planes } = planesDeItem(serie, AHORA);
    expect(planes.map((p) => [p.tipo, p.clave, p.titulo])).toEqual([
      ["experiencia", "bolos@ejemplo.es", "Bolos castellanos"],
      ["evento", "bolos@ejemplo.es@2026-03-19T16:00:00.000Z", "Bolos castellanos: final del torneo"],
    ]);
    expect(planes[0].horarios).toEqual([{ diaSemana: 4, horaInicio: "17:00", horaFin: "19:00" }]);
    expect(planes[0].descripcion).toBe("No se celebra el 19 de marzo ni el 26 de marzo.");
    expect([iso(planes[1].fechaInicio), iso(planes[1].fechaFin)]).toEqual([
      "2026-03-21T10:00:00.000Z",
      "2026-03-21T13:00:00.000Z",
    ]);
  });

  it("no BYDAY: the start's weekday; all day: 00:00 to 23:59", () => {
    const [i] = leer(
      calendario(
        "BEGIN:VEVENT",
        "UID:rastro",
        "SUMMARY:Rastro",
        "DTSTART;VALUE=DATE:20260301",
        "RRULE:FREQ=WEEKLY",
        "END:VEVENT",
      ),
    );
    const [p] = planesDeItem(i, AHORA).planes;
    expect(p.horarios).toEqual([{ diaSemana: 0, horaInicio: "00:00", horaFin: "23:59" }]);
  });
});

describe("planesDeItem: any other repetition is one event with a date per occurrence of the next 90 days", () => {
  /** The one plan of an item, and its dates' starts. */
  const unico = (p: PlanImportado[]) => {
    expect(p).toHaveLength(1);
    return { plan: p[0], inicios: p[0].fechas!.map((f) => iso(f.inicio)) };
  };

  it("monthly on the first Saturday: a moved occurrence moves its date (with its own title), a cancelled one has none", () => {
    const mercado = item(google, "Mercado de artesanía");
    const { plan } = unico(planesDeItem(mercado, AHORA).planes);
    expect([plan.tipo, plan.clave, plan.titulo, iso(plan.fechaInicio), iso(plan.fechaFin), plan.cancelado]).toEqual([
      "evento",
      mercado.id,
      "Mercado de artesanía",
      "2026-04-11T08:00:00.000Z",
      "2026-06-06T12:00:00.000Z",
      false,
    ]);
    expect(plan.fechas!.map((f) => [iso(f.inicio), iso(f.fin), f.titulo])).toEqual([
      ["2026-04-11T08:00:00.000Z", "2026-04-11T12:00:00.000Z", "Mercado de artesanía de Pascua"],
      ["2026-06-06T08:00:00.000Z", "2026-06-06T12:00:00.000Z", null],
    ]);
    // What an earlier import made a plan of each: merged into this one by the sync.
    expect(plan.anteriores).toEqual([
      `${mercado.id}@2026-04-04T08:00:00.000Z`,
      `${mercado.id}@2026-05-02T08:00:00.000Z`,
      `${mercado.id}@2026-06-06T08:00:00.000Z`,
    ]);
  });

  it("every other week: each at 09:00 Madrid, before and after the change to summer time", () => {
    const { plan, inicios } = unico(planesDeItem(item(google, "Ruta senderista"), AHORA).planes);
    expect(inicios).toEqual([
      "2026-03-21T08:00:00.000Z",
      "2026-04-04T07:00:00.000Z",
      "2026-04-18T07:00:00.000Z",
      "2026-05-02T07:00:00.000Z",
      "2026-05-16T07:00:00.000Z",
      "2026-05-30T07:00:00.000Z",
    ]);
    expect(plan.tipo).toBe("evento");
    expect(plan.fechas!.every((f) => horaTexto(f.inicio.toISOString()) === "09:00")).toBe(true);
  });

  it("COUNT: its occurrences still to come", () => {
    const curso = item(outlook, "Curso de informática");
    const { plan, inicios } = unico(planesDeItem(curso, AHORA).planes);
    expect(inicios).toHaveLength(8);
    expect(plan.clave).toBe(curso.id);
    expect(plan.anteriores![0]).toBe(`${curso.id}@2026-03-17T09:00:00.000Z`);
    expect(plan.fechas!.every((f) => horaTexto(f.inicio.toISOString()) === "10:00")).toBe(true);
    // Its HTML description (X-ALT-DESC, with a <script>) leaves no HTML.
    expect(/[<>]|script|alert/.test(plan.descripcion)).toBe(false);
    expect(plan.descripcion).toContain("**móvil**");
  });

  it("a weekly rule whose UNTIL is within the window", () => {
    const { plan, inicios } = unico(planesDeItem(item(nextcloud, "Yoga en el parque"), AHORA).planes);
    expect(inicios).toHaveLength(11);
    expect(plan.tipo).toBe("evento");
    expect(inicios.at(-1)).toBe("2026-04-15T16:30:00.000Z");
  });

  it("RDATEs", () => {
    const { inicios } = unico(planesDeItem(item(nextcloud, "Cine de verano"), AHORA).planes);
    expect(inicios).toEqual(["2026-04-10T20:00:00.000Z", "2026-04-17T20:00:00.000Z", "2026-04-24T20:00:00.000Z"]);
  });

  it("at most maxOcurrencias dates", () => {
    const { inicios } = unico(planesDeItem(item(nextcloud, "Yoga en el parque"), AHORA, { maxOcurrencias: 4 }).planes);
    expect(inicios).toHaveLength(4);
  });
});

describe("fechasDentro: what dates one plan may have", () => {
  const f = (iso: string) => ({ inicio: new Date(iso), fin: null, titulo: null, direccion: null, ubicacion: null });
  it("in start order, one a start, within twelve months of the first, at most the cap", () => {
    const dentro = fechasDentro([
      f("2026-05-01T10:00Z"),
      f("2026-03-01T10:00Z"),
      f("2026-05-01T10:00Z"),
      f("2027-04-01T10:00Z"),
    ]);
    expect(dentro.map((x) => x.inicio.toISOString())).toEqual(["2026-03-01T10:00:00.000Z", "2026-05-01T10:00:00.000Z"]);
    expect(fechasDentro([f("2026-05-01T10:00Z"), f("2026-05-02T10:00Z")], 1)).toHaveLength(1);
  });
});

describe("planesDeItem: what makes no plan, and cancellations", () => {
  it("what is over is skipped without a discard; what starts more than a year ahead is one, to come later", () => {
    expect(planesDeItem(item(google, "Desfile de carnaval"), AHORA)).toEqual({ planes: [] });
    const [lejano] = leer(
      calendario("BEGIN:VEVENT", "UID:l", "SUMMARY:Centenario", "DTSTART;VALUE=DATE:20270601", "END:VEVENT"),
    );
    expect(planesDeItem(lejano, AHORA)).toEqual({ planes: [], descartado: mensajesFuentes.masDeUnAno });
    const [terminada] = leer(
      calendario(
        "BEGIN:VEVENT",
        "UID:t",
        "SUMMARY:Aeróbic",
        "DTSTART;TZID=Europe/Madrid:20260105T100000",
        "RRULE:FREQ=WEEKLY;UNTIL=20260301T000000Z",
        "END:VEVENT",
      ),
    );
    expect(planesDeItem(terminada, AHORA)).toEqual({ planes: [] });
  });

  it("a current item without a title is discarded 'sin título'", () => {
    expect(
      planesDeItem(
        municipal.find((i) => i.titulo === "")!,
        AHORA,
      ),
    ).toEqual({ planes: [], descartado: "sin título" });
  });

  it("a cancelled item makes its plan, cancelled", () => {
    const { planes } = planesDeItem(item(google, "Taller de cerámica"), AHORA);
    expect(planes).toHaveLength(1);
    expect(planes[0]).toMatchObject({ tipo: "evento", cancelado: true, titulo: "Taller de cerámica" });
  });

  it("an update (same UID, higher SEQUENCE) maps to the same key with the new content", () => {
    const antes = item(outlook, "Pleno municipal");
    const despues = item(deFixture("outlook-exchange-actualizado.ics"), "Pleno municipal");
    const [a] = planesDeItem(antes, AHORA).planes;
    const [b] = planesDeItem(despues, AHORA).planes;
    expect(b.clave).toBe(a.clave);
    expect([a.titulo, iso(a.fechaInicio)]).toEqual(["Pleno municipal ordinario", "2026-03-26T18:00:00.000Z"]);
    expect([b.titulo, iso(b.fechaInicio)]).toEqual(["Pleno municipal extraordinario", "2026-03-27T17:00:00.000Z"]);
  });
});

describe("titles and sentences", () => {
  it("acortarTitulo keeps 50, cuts at a word, and cuts a word too long to keep", () => {
    const cincuenta = "Concierto de la Banda Municipal de Música de Riaza";
    expect(cincuenta).toHaveLength(50);
    expect(acortarTitulo(cincuenta)).toBe(cincuenta);
    expect(acortarTitulo(`${cincuenta} y coros`)).toBe("Concierto de la Banda Municipal de Música de…");
    const largo = acortarTitulo("Supercalifragilisticoespialidoso".repeat(3));
    expect(largo).toHaveLength(TITULO_MAX);
    expect(largo.endsWith("…")).toBe(true);
    expect(acortarTitulo("  Fiesta \n mayor  ")).toBe("Fiesta mayor");
  });

  it("fraseExclusiones says one, two or more Madrid days in order", () => {
    const d = (s: string) => new Date(s);
    expect(fraseExclusiones([])).toBe("");
    expect(fraseExclusiones([d("2026-12-07T23:30:00Z")])).toBe("No se celebra el 8 de diciembre.");
    expect(fraseExclusiones([d("2026-12-25T18:00:00Z"), d("2026-12-08T18:00:00Z")])).toBe(
      "No se celebra el 8 de diciembre ni el 25 de diciembre.",
    );
    expect(fraseExclusiones([d("2027-01-01T18:00:00Z"), d("2026-12-08T18:00:00Z"), d("2026-12-25T18:00:00Z")])).toBe(
      "No se celebra el 8 de diciembre, el 25 de diciembre ni el 1 de enero.",
    );
  });
});
