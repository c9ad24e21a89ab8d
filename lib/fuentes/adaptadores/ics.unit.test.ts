import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { horaTexto } from "../../dates";
import { FormatoNoValido } from "../errores";
import type { ItemFuente } from "../tipos";
import { adaptadorIcs } from "./ics";

const AHORA = new Date("2026-03-10T09:00:00Z");
const fixture = (nombre: string) => readFileSync(path.join(import.meta.dirname, "../fixtures", nombre), "utf8");
const leer = (texto: string, url = "https://www.ejemplo.es/agenda.ics") =>
  adaptadorIcs.leer(texto, { url, ahora: AHORA });
const porTitulo = (items: ItemFuente[], titulo: string) => {
  const item = items.find((i) => i.titulo === titulo);
  if (!item) throw new Error(`sin ${titulo}`);
  return item;
};
const iso = (d: Date | null | undefined) => d?.toISOString();

/** A minimal calendar around VEVENT lines, as the small generators write it. */
const calendario = (...lineas: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Prueba//ES", ...lineas, "END:VCALENDAR", ""].join("\r\n");

describe("adaptadorIcs: what it recognises", () => {
  it("takes text/calendar and a text that starts with BEGIN:VCALENDAR, after a BOM and blank lines", () => {
    expect(adaptadorIcs.tipo).toBe("ics");
    expect(adaptadorIcs.tiposMime).toContain("text/calendar");
    expect(adaptadorIcs.reconoce("\uFEFF\r\n  BEGIN:VCALENDAR\r\nVERSION:2.0")).toBe(true);
    expect(adaptadorIcs.reconoce(fixture("google-calendar.ics"))).toBe(true);
    expect(adaptadorIcs.reconoce("<!doctype html><html>BEGIN:VCALENDAR")).toBe(false);
    expect(adaptadorIcs.reconoce('{"@context":"https://schema.org"}')).toBe(false);
  });

  it("refuses what is not iCalendar with a Spanish message", () => {
    expect(() => leer("<html><body>Agenda</body></html>")).toThrow(FormatoNoValido);
    expect(() => leer("<html><body>Agenda</body></html>")).toThrow(/^El calendario no se puede leer: /);
    expect(() => leer("BEGIN:VCALENDAR\r\nesto no es una línea\r\n")).toThrow(FormatoNoValido);
  });
});

describe("adaptadorIcs: a Google Calendar export", () => {
  const texto = fixture("google-calendar.ics");
  const items = leer(texto);

  it("is read as Google writes it: CRLF, folded lines, escaped commas, its calendar's name", () => {
    expect(texto).toContain("\r\n ");
    expect(texto).toContain("X-WR-CALNAME:Agenda cultural de Alcalá");
    expect(texto.split("\r\n").every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const fiesta = porTitulo(items, "Fiestas de San Isidro");
    // The folded description comes back whole, its link as markdown.
    expect(fiesta.descripcion).toContain(
      "Programa completo: [www.ayto-alcaladehenares.es/fiestas](https://www.ayto-alcaladehenares.es/fiestas)",
    );
    expect(porTitulo(items, "Club de lectura").lugar.texto).toBe(
      "Biblioteca Municipal Cardenal Cisneros, Plaza de San Julián 1, 28801 Alcalá de Henares, Madrid, España",
    );
  });

  it("makes one item per UID: a series' overrides are not items of their own", () => {
    expect(items.map((i) => i.titulo).sort()).toEqual([
      "Club de lectura",
      "Concierto de primavera de la Banda Municipal",
      "Desfile de carnaval",
      "Fiestas de San Isidro",
      "Mercado de artesanía",
      "Ruta senderista por los cerros",
      "Taller de cerámica",
    ]);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it("reads an all-day item with its exclusive DTEND", () => {
    const fiesta = porTitulo(items, "Fiestas de San Isidro");
    expect(fiesta.todoElDia).toBe(true);
    expect(iso(fiesta.inicio)).toBe("2026-05-12T22:00:00.000Z"); // 13 May, 00:00 in Madrid
    expect(iso(fiesta.fin)).toBe("2026-05-15T22:00:00.000Z"); // 16 May, 00:00: the day after the last
    expect(fiesta.ocurrencias).toBeNull();
  });

  it("reads a time in UTC as that instant", () => {
    const concierto = porTitulo(items, "Concierto de primavera de la Banda Municipal");
    expect(iso(concierto.inicio)).toBe("2026-03-20T19:30:00.000Z");
    expect(horaTexto(concierto.inicio.toISOString())).toBe("20:30");
  });

  it("marks STATUS:CANCELLED", () => {
    expect(porTitulo(items, "Taller de cerámica").cancelado).toBe(true);
    expect(porTitulo(items, "Club de lectura").cancelado).toBe(false);
  });

  it("keeps 19:00 in Madrid across both clock changes of the year, and leaves out the EXDATEs", () => {
    const club = porTitulo(items, "Club de lectura");
    expect(club.regla).toEqual({
      frecuencia: "WEEKLY",
      intervalo: 1,
      dias: [4],
      hasta: null,
      cuenta: null,
      simple: true,
    });
    expect(club.excluidas.map(iso)).toEqual(["2026-04-02T17:00:00.000Z", "2026-04-30T17:00:00.000Z"]);
    const occ = club.ocurrencias!(new Date("2026-03-01T00:00:00Z"), new Date("2026-11-30T00:00:00Z"), 100);
    expect(occ.every((o) => horaTexto(o.inicio.toISOString()) === "19:00")).toBe(true);
    expect(occ.every((o) => horaTexto(o.fin!.toISOString()) === "20:30")).toBe(true);
    const utc = occ.map((o) => iso(o.inicio));
    expect(utc).toContain("2026-03-26T18:00:00.000Z"); // CET, before the last Sunday of March
    expect(utc).toContain("2026-04-09T17:00:00.000Z"); // CEST
    expect(utc).toContain("2026-10-22T17:00:00.000Z"); // CEST, before the last Sunday of October
    expect(utc).toContain("2026-10-29T18:00:00.000Z"); // CET again
    expect(utc).not.toContain("2026-04-02T17:00:00.000Z");
    expect(utc).not.toContain("2026-04-30T17:00:00.000Z");
    expect(occ.every((o) => o.clave === iso(o.inicio))).toBe(true);
  });

  it("applies RECURRENCE-ID overrides: a moved and retitled occurrence, a cancelled one", () => {
    const mercado = porTitulo(items, "Mercado de artesanía");
    expect(mercado.regla?.simple).toBe(false); // BYDAY=1SA: an ordinal
    expect(mercado.regla?.frecuencia).toBe("MONTHLY");
    const occ = mercado.ocurrencias!(AHORA, new Date("2026-06-08T09:00:00Z"), 10);
    expect(occ.map((o) => [o.clave, iso(o.inicio), o.titulo, o.cancelado])).toEqual([
      ["2026-04-04T08:00:00.000Z", "2026-04-11T08:00:00.000Z", "Mercado de artesanía de Pascua", undefined],
      ["2026-05-02T08:00:00.000Z", "2026-05-02T08:00:00.000Z", undefined, true],
      ["2026-06-06T08:00:00.000Z", "2026-06-06T08:00:00.000Z", undefined, undefined],
    ]);
    expect(iso(occ[0].fin)).toBe("2026-04-11T12:00:00.000Z");
  });

  it("gives at most `max` occurrences, from `desde`", () => {
    const ruta = porTitulo(items, "Ruta senderista por los cerros");
    expect(ruta.regla).toMatchObject({ intervalo: 2, dias: [6], simple: true });
    const occ = ruta.ocurrencias!(AHORA, new Date("2026-12-31T00:00:00Z"), 3);
    expect(occ.map((o) => iso(o.inicio))).toEqual([
      "2026-03-21T08:00:00.000Z",
      "2026-04-04T07:00:00.000Z",
      "2026-04-18T07:00:00.000Z",
    ]);
  });
});

describe("adaptadorIcs: an Outlook / Exchange calendar", () => {
  const texto = fixture("outlook-exchange.ics");
  const items = leer(texto);
  const pleno = porTitulo(items, "Pleno municipal ordinario");

  it("reads its Windows zone name, with or without the file's VTIMEZONE", () => {
    expect(texto).toContain("DTSTART;TZID=Romance Standard Time:20260326T190000");
    expect(iso(pleno.inicio)).toBe("2026-03-26T18:00:00.000Z");
    const sinZona = texto.replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/, "");
    expect(sinZona).not.toContain("VTIMEZONE");
    const otra = porTitulo(leer(sinZona), "Pleno municipal ordinario");
    expect(iso(otra.inicio)).toBe("2026-03-26T18:00:00.000Z");
    expect(iso(otra.fin)).toBe("2026-03-26T20:00:00.000Z");
  });

  it("prefers X-ALT-DESC's HTML, and no script or HTML survives it", () => {
    const curso = porTitulo(items, "Curso de informática para mayores");
    expect(texto).toContain("<script>alert('hola')</script>");
    expect(curso.descripcion).toContain("Aprende a usar el **móvil** y el ordenador");
    expect(curso.descripcion).toContain("[Centro de Mayores](https://www.tordesillas.net/mayores)");
    expect(curso.descripcion).not.toMatch(/script|alert|onerror|color:red|<|>/);
  });

  it("reads COUNT, and the rule's occurrences after the change to summer time", () => {
    const curso = porTitulo(items, "Curso de informática para mayores");
    expect(curso.regla).toMatchObject({ frecuencia: "WEEKLY", cuenta: 8, dias: [2], simple: true });
    const occ = curso.ocurrencias!(new Date("2026-01-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z"), 100);
    expect(occ).toHaveLength(8);
    expect(occ.map((o) => horaTexto(o.inicio.toISOString()))).toEqual(Array(8).fill("10:00"));
    expect(iso(occ.at(-1)!.inicio)).toBe("2026-05-05T08:00:00.000Z");
  });

  it("keeps the version with the higher SEQUENCE when a UID comes twice, in either order", () => {
    const nuevo = fixture("outlook-exchange-actualizado.ics");
    const eventos = (t: string) => t.slice(t.indexOf("BEGIN:VEVENT"), t.lastIndexOf("END:VCALENDAR"));
    const cabecera = texto.slice(0, texto.indexOf("BEGIN:VEVENT"));
    for (const junto of [
      cabecera + eventos(texto) + eventos(nuevo) + "END:VCALENDAR\r\n",
      cabecera + eventos(nuevo) + eventos(texto) + "END:VCALENDAR\r\n",
    ]) {
      const plenos = leer(junto).filter((i) => i.id === pleno.id);
      expect(plenos).toHaveLength(1);
      expect(plenos[0].titulo).toBe("Pleno municipal extraordinario");
      expect(iso(plenos[0].inicio)).toBe("2026-03-27T17:00:00.000Z");
    }
  });
});

describe("adaptadorIcs: a Nextcloud calendar", () => {
  const items = leer(fixture("nextcloud.ics"));

  it("takes an ATTACH that is an image, and maps CATEGORIES to the spec's", () => {
    const expo = porTitulo(items, "Exposición «Mujeres de la tierra»");
    expect(expo.imagen).toBe("https://nube.elolmo.org/s/Xk2pQw9LmT4rZ8y/download");
    expect(expo.categorias).toEqual(["Cultura"]);
    expect(expo.regla).toMatchObject({ frecuencia: "DAILY", intervalo: 1, simple: true });
    expect(porTitulo(items, "Taller de encuadernación").categorias).toEqual(["Taller"]);
    expect(porTitulo(items, "Yoga en el parque").categorias).toEqual(["Deporte"]);
  });

  it("expands RDATEs with DTSTART as the first occurrence", () => {
    const cine = porTitulo(items, "Cine de verano en el patio");
    expect(cine.regla).toBeNull();
    const occ = cine.ocurrencias!(AHORA, new Date("2026-12-31T00:00:00Z"), 10);
    expect(occ.map((o) => iso(o.inicio))).toEqual([
      "2026-04-10T20:00:00.000Z",
      "2026-04-17T20:00:00.000Z",
      "2026-04-24T20:00:00.000Z",
    ]);
    expect(occ.map((o) => iso(o.fin))).toEqual([
      "2026-04-10T22:00:00.000Z",
      "2026-04-17T22:00:00.000Z",
      "2026-04-24T22:00:00.000Z",
    ]);
  });

  it("reads UNTIL as an instant", () => {
    expect(iso(porTitulo(items, "Yoga en el parque").regla?.hasta)).toBe("2026-04-15T16:30:00.000Z");
  });

  it("says a rule with RDATEs too is not simple", () => {
    const [item] = leer(
      calendario(
        "BEGIN:VEVENT",
        "UID:mixta",
        "SUMMARY:Visita guiada",
        "DTSTART;TZID=Europe/Madrid:20260314T110000",
        "RRULE:FREQ=WEEKLY;BYDAY=SA",
        "RDATE;TZID=Europe/Madrid:20260319T110000",
        "END:VEVENT",
      ),
    );
    expect(item.regla?.simple).toBe(false);
  });
});

describe("adaptadorIcs: WordPress' The Events Calendar", () => {
  const texto = fixture("wordpress-the-events-calendar.ics");
  const items = leer(texto);

  it("reads its unfolded lines, its image, page, organiser (percent-encoded) and categories", () => {
    expect(texto.split("\r\n").some((l) => l.length > 75)).toBe(true);
    const jornadas = items.find((i) => i.titulo.startsWith("XXV Jornadas"))!;
    expect(jornadas.imagen).toBe("https://www.riaza.es/wp-content/uploads/2026/02/jornadas-matanza.png");
    expect(jornadas.url).toBe("https://www.riaza.es/evento/jornadas-gastronomicas-matanza/");
    expect(jornadas.organizador).toBe("Asociación de Hostelería de Riaza");
    expect(jornadas.categorias).toEqual(["Fiestas de pueblo", "Gastronomía"]);
    expect(jornadas.lugar.texto).toBe("Plaza Mayor, Riaza, Segovia, 40500, España");
  });

  it("reads Europe/Madrid with the zone database, not with the file's VTIMEZONE of one year", () => {
    // The file's VTIMEZONE has only 2026's changes: read with it, July 2027 would be winter time.
    const otroAno = texto
      .replace("DTSTART;TZID=Europe/Madrid:20260404T133000", "DTSTART;TZID=Europe/Madrid:20270715T133000")
      .replace("DTEND;TZID=Europe/Madrid:20260404T170000", "DTEND;TZID=Europe/Madrid:20270715T170000");
    const jornadas = leer(otroAno).find((i) => i.titulo.startsWith("XXV Jornadas"))!;
    expect(iso(jornadas.inicio)).toBe("2027-07-15T11:30:00.000Z");
  });
});

describe("adaptadorIcs: a small town's feed with floating times", () => {
  const texto = fixture("ayuntamiento-hora-flotante.ics");
  const items = leer(texto, "https://www.cuellar.es/agenda/calendario.ics");

  it("reads floating times as Madrid's, in winter and in summer time", () => {
    expect(texto).not.toContain("\r\n");
    expect(iso(porTitulo(items, "Teatro: La casa de Bernarda Alba").inicio)).toBe("2026-03-28T19:00:00.000Z");
    expect(iso(porTitulo(items, "Teatro: Luces de bohemia").inicio)).toBe("2026-04-11T18:00:00.000Z");
  });

  it("reads GEO, an RFC 7986 IMAGE and a relative URL", () => {
    const teatro = porTitulo(items, "Teatro: La casa de Bernarda Alba");
    expect(teatro.lugar).toMatchObject({ texto: "Teatro Municipal Castillo de Cuéllar", lat: 41.40139, lng: -4.31528 });
    expect(teatro.imagen).toBe("https://www.cuellar.es/media/agenda/2291-cartel.jpg");
    expect(teatro.url).toBe("https://www.cuellar.es/agenda/evento/2291");
  });

  it("leaves out a VEVENT without DTSTART, and returns one without a title for the mapping to discard", () => {
    expect(items.map((i) => i.id)).toEqual([
      "agenda-2291@cuellar.es",
      "agenda-2292@cuellar.es",
      "agenda-2294@cuellar.es",
    ]);
    expect(items[2].titulo).toBe("");
  });
});

describe("adaptadorIcs: zones and odd values", () => {
  it("reads a TZID the file defines by its VTIMEZONE, and an unknown one without definition as Madrid", () => {
    const items = leer(
      calendario(
        "BEGIN:VTIMEZONE",
        "TZID:Hora de las islas",
        "BEGIN:STANDARD",
        "DTSTART:19701025T020000",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "DTSTART:19700329T010000",
        "TZOFFSETFROM:+0000",
        "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
        "BEGIN:VEVENT",
        "UID:islas",
        "SUMMARY:Romería",
        "DTSTART;TZID=Hora de las islas:20260704T120000",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:desconocida",
        "SUMMARY:Verbena",
        "DTSTART;TZID=Zona inventada:20260704T220000",
        "DTEND;TZID=Zona inventada:20260705T020000",
        "END:VEVENT",
      ),
    );
    expect(iso(porTitulo(items, "Romería").inicio)).toBe("2026-07-04T11:00:00.000Z");
    expect(porTitulo(items, "Romería").fin).toBeNull(); // no DTEND nor DURATION
    expect(iso(porTitulo(items, "Verbena").inicio)).toBe("2026-07-04T20:00:00.000Z");
    expect(iso(porTitulo(items, "Verbena").fin)).toBe("2026-07-05T00:00:00.000Z");
  });

  it("reads every Windows zone name of CLDR's table, in any case, without the file's VTIMEZONE", () => {
    const evento = (tzid: string, titulo: string) => [
      "BEGIN:VEVENT",
      `UID:${titulo}`,
      `SUMMARY:${titulo}`,
      `DTSTART;TZID=${tzid}:20260704T190000`,
      "END:VEVENT",
    ];
    const items = leer(
      calendario(
        ...evento("romance standard time", "Madrid"),
        ...evento("Tokyo Standard Time", "Tokio"),
        ...evento("Pacific SA Standard Time", "Santiago"),
        ...evento("Coordinated Universal Time", "UTC"),
      ),
    );
    expect(iso(porTitulo(items, "Madrid").inicio)).toBe("2026-07-04T17:00:00.000Z");
    expect(iso(porTitulo(items, "Tokio").inicio)).toBe("2026-07-04T10:00:00.000Z");
    // July is winter in Chile: UTC-4.
    expect(iso(porTitulo(items, "Santiago").inicio)).toBe("2026-07-04T23:00:00.000Z");
    expect(iso(porTitulo(items, "UTC").inicio)).toBe("2026-07-04T19:00:00.000Z");
  });

  it("reads DURATION, a one-day all-day item without DTEND, and refuses a javascript: URL", () => {
    const items = leer(
      calendario(
        "BEGIN:VEVENT",
        "UID:duracion",
        "SUMMARY:Charla",
        "DTSTART;TZID=Europe/Madrid:20260320T180000",
        "DURATION:PT1H30M",
        "URL:javascript:alert(1)",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:dia",
        "SUMMARY:Día del árbol",
        "DTSTART;VALUE=DATE:20260321",
        "END:VEVENT",
      ),
    );
    const charla = porTitulo(items, "Charla");
    expect(iso(charla.fin)).toBe("2026-03-20T18:30:00.000Z");
    expect(charla.url).toBeNull();
    const dia = porTitulo(items, "Día del árbol");
    expect([iso(dia.inicio), iso(dia.fin)]).toEqual(["2026-03-20T23:00:00.000Z", "2026-03-21T23:00:00.000Z"]);
  });
});
