import { describe, expect, it } from "vitest";
import {
  desfaseZona,
  relojMadrid,
  cuandoEventoTexto,
  diaDeLaSemana,
  diaEnMadrid,
  diaEtiqueta,
  diaTexto,
  enMadrid,
  fechaHora,
  fechaInsignia,
  fechaLarga,
  fechasTexto,
  fechaVisible,
  horaTexto,
  indiceLunes,
  instanteDeLocal,
  instanteEnMadrid,
  isoMadrid,
  LETRAS_SEMANA,
  localDeInstante,
  lunesDe,
  mesDe,
  proximaMedianocheMadrid,
  SEMANA,
  sumarDias,
  sumarMeses,
} from "./dates";

// In 2026 Madrid moves to summer time on Sunday 29 March (02:00 CET → 03:00 CEST, 01:00 UTC) and
// back on Sunday 25 October (03:00 CEST → 02:00 CET, 01:00 UTC).

describe("instants and the Madrid calendar", () => {
  it("reads an instant on Madrid's wall clock on both sides of each change of time", () => {
    expect(localDeInstante("2026-03-29T00:59:00Z")).toBe("2026-03-29T01:59");
    expect(localDeInstante("2026-03-29T01:00:00Z")).toBe("2026-03-29T03:00");
    expect(localDeInstante(new Date("2026-10-25T00:30:00Z"))).toBe("2026-10-25T02:30");
    expect(localDeInstante(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-25T02:30");
    expect(enMadrid("2026-10-25T01:30:00Z").getHours()).toBe(2);
    // 23:30 UTC on Saturday 24 October is already Sunday in Madrid.
    expect(diaEnMadrid(new Date("2026-10-24T22:30:00Z"))).toEqual({ year: 2026, month: 10, day: 25 });
    expect(diaEnMadrid(new Date("2026-03-28T23:30:00Z"))).toEqual({ year: 2026, month: 3, day: 29 });
  });

  it("finds the instant of a Madrid time on the days of 23 and 25 hours", () => {
    expect(instanteEnMadrid({ year: 2026, month: 3, day: 29 }, "00:00").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(instanteEnMadrid({ year: 2026, month: 3, day: 29 }, "12:00").toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(instanteEnMadrid({ year: 2026, month: 3, day: 30 }, "00:00").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(instanteEnMadrid({ year: 2026, month: 10, day: 25 }, "00:00").toISOString()).toBe(
      "2026-10-24T22:00:00.000Z",
    );
    expect(instanteEnMadrid({ year: 2026, month: 10, day: 26 }, "00:00").toISOString()).toBe(
      "2026-10-25T23:00:00.000Z",
    );
    expect(instanteDeLocal("2026-03-29T03:00")?.toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(instanteDeLocal("2026-10-25T03:00")?.toISOString()).toBe("2026-10-25T02:00:00.000Z");
  });

  it("counts days and months across the changes of time and the ends of months and years", () => {
    expect(sumarDias({ year: 2026, month: 3, day: 28 }, 1)).toEqual({ year: 2026, month: 3, day: 29 });
    expect(sumarDias({ year: 2026, month: 3, day: 29 }, 1)).toEqual({ year: 2026, month: 3, day: 30 });
    expect(sumarDias({ year: 2026, month: 10, day: 25 }, -1)).toEqual({ year: 2026, month: 10, day: 24 });
    expect(sumarDias({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    // Same wall-clock time a month on: 12:00 CET in March is 12:00 CEST in April.
    expect(sumarMeses(new Date("2026-03-15T11:00:00Z"), 1).toISOString()).toBe("2026-04-15T10:00:00.000Z");
    expect(sumarMeses(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
  });

  it("gives the first and last day of a month, shifted by months", () => {
    expect(mesDe({ year: 2026, month: 3, day: 29 })).toEqual({
      primero: { year: 2026, month: 3, day: 1 },
      ultimo: { year: 2026, month: 3, day: 31 },
    });
    expect(mesDe({ year: 2026, month: 10, day: 25 })).toEqual({
      primero: { year: 2026, month: 10, day: 1 },
      ultimo: { year: 2026, month: 10, day: 31 },
    });
    expect(mesDe({ year: 2026, month: 1, day: 31 }, 1)).toEqual({
      primero: { year: 2026, month: 2, day: 1 },
      ultimo: { year: 2026, month: 2, day: 28 },
    });
    expect(mesDe({ year: 2027, month: 12, day: 15 }, 2)).toEqual({
      primero: { year: 2028, month: 2, day: 1 },
      ultimo: { year: 2028, month: 2, day: 29 },
    });
  });

  it("writes ISO 8601 with the offset Madrid has at that instant", () => {
    expect(isoMadrid("2026-01-10T09:30:00Z")).toBe("2026-01-10T10:30:00+01:00");
    expect(isoMadrid("2026-03-29T00:30:00Z")).toBe("2026-03-29T01:30:00+01:00");
    expect(isoMadrid("2026-03-29T01:30:00Z")).toBe("2026-03-29T03:30:00+02:00");
    expect(isoMadrid("2026-10-25T00:30:00Z")).toBe("2026-10-25T02:30:00+02:00");
    expect(isoMadrid("2026-10-25T01:30:00Z")).toBe("2026-10-25T02:30:00+01:00");
  });
});

describe("zone offsets and Madrid's wall clock", () => {
  it("reads each zone's own offset, either side of a change of clocks", () => {
    const antes = Date.parse("2026-10-25T00:59:00Z");
    const despues = Date.parse("2026-10-25T01:00:00Z");
    expect([desfaseZona("Europe/Madrid", antes), desfaseZona("Europe/Madrid", despues)]).toEqual([120, 60]);
    expect([desfaseZona("Atlantic/Canary", antes), desfaseZona("Atlantic/Canary", despues)]).toEqual([60, 0]);
    expect(desfaseZona("America/New_York", Date.parse("2026-07-01T12:00:00Z"))).toBe(-240);
  });

  it("gives Madrid's wall clock of an instant, in summer and winter time", () => {
    expect(relojMadrid(Date.parse("2026-08-15T19:30:00Z"))).toEqual({
      year: 2026,
      month: 8,
      day: 15,
      hour: 21,
      minute: 30,
    });
    expect(relojMadrid(Date.parse("2026-12-31T23:30:00Z"))).toEqual({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
    });
  });
});

describe("picker values in Madrid time", () => {
  it("turns a wall-clock value into the instant, summer and winter alike, and back", () => {
    expect(instanteDeLocal("2026-07-01T10:00")?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(instanteDeLocal("2026-01-15T10:15")?.toISOString()).toBe("2026-01-15T09:15:00.000Z");
    expect(localDeInstante("2026-07-01T08:00:00.000Z")).toBe("2026-07-01T10:00");
    expect(localDeInstante(null)).toBe("");
    expect(instanteDeLocal("")).toBeNull();
    expect(instanteDeLocal("01/07/2026 10:00")).toBeNull();
  });

  it("shows a choice as dd/MM/yyyy HH:mm", () => {
    expect(fechaVisible("2026-07-01T09:05")).toBe("01/07/2026 09:05");
    expect(fechaVisible("")).toBe("");
  });
});

describe("the Spanish week", () => {
  it("puts Monday first", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(indiceLunes)).toEqual([6, 0, 1, 2, 3, 4, 5]);
    expect(SEMANA.map(indiceLunes)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(SEMANA.map((d) => LETRAS_SEMANA[d]).join("")).toBe("LMXJVSD");
    expect(diaEtiqueta(3)).toBe("Miércoles");
  });

  it("finds the weekday and the Monday of a Madrid day, on the Sundays the time changes too", () => {
    expect(diaDeLaSemana({ year: 2026, month: 3, day: 29 })).toBe(0);
    expect(diaDeLaSemana({ year: 2026, month: 10, day: 25 })).toBe(0);
    expect(diaDeLaSemana({ year: 2026, month: 10, day: 26 })).toBe(1);
    expect(lunesDe({ year: 2026, month: 3, day: 29 })).toEqual({ year: 2026, month: 3, day: 23 });
    expect(lunesDe({ year: 2026, month: 10, day: 25 })).toEqual({ year: 2026, month: 10, day: 19 });
    expect(lunesDe({ year: 2026, month: 10, day: 26 })).toEqual({ year: 2026, month: 10, day: 26 });
    expect(lunesDe({ year: 2027, month: 1, day: 2 })).toEqual({ year: 2026, month: 12, day: 28 });
  });
});

describe("dates in Spanish", () => {
  it("writes a date, a date and time, a day and an hour in Madrid time", () => {
    expect(fechaLarga(new Date("2026-12-05T10:00:00Z"))).toBe("sábado, 5 de diciembre de 2026");
    expect(fechaHora(new Date("2026-10-25T01:30:00Z"))).toBe("25/10/2026 02:30");
    expect(diaTexto("2026-12-01")).toBe("1 dic 2026");
    expect(horaTexto("2026-03-29T01:00:00Z")).toBe("03:00");
    // 23:30 UTC on Saturday 28 November is Sunday the 29th in Madrid.
    expect(fechaInsignia("2026-11-28T23:30:00Z")).toEqual({ semana: "dom", dia: "29", mes: "nov" });
  });

  it("writes one date for a single-day plan and a range for a longer one, in Madrid time", () => {
    // 23:30 UTC on 4 December is already 5 December in Madrid.
    expect(fechasTexto("2026-12-04T23:30:00Z", "2026-12-05T20:00:00Z")).toBe("5 de diciembre de 2026");
    expect(fechasTexto("2026-12-05T10:00:00Z", "2026-12-07T20:00:00Z")).toBe("Del 5 al 7 de diciembre de 2026");
    expect(fechasTexto("2026-11-30T10:00:00Z", "2026-12-02T20:00:00Z")).toBe(
      "Del 30 de noviembre al 2 de diciembre de 2026",
    );
    expect(fechasTexto("2026-12-31T10:00:00Z", "2027-01-02T20:00:00Z")).toBe(
      "Del 31 de diciembre de 2026 al 2 de enero de 2027",
    );
    expect(fechasTexto(null, null)).toBeNull();
  });

  it("writes a one-day event as its date and hours, and a longer one as its start and end instants", () => {
    expect(cuandoEventoTexto("2026-11-25T18:00:00Z", "2026-11-25T22:00:00Z")).toBe(
      "25 de noviembre de 2026 · De 19:00 a 23:00",
    );
    expect(cuandoEventoTexto("2026-11-25T18:00:00Z", "2026-11-25T18:00:00Z")).toBe("25 de noviembre de 2026 · 19:00");
    // Not "Del 25 al 26 de noviembre · De 19:00 a 23:00", which reads as a daily timetable.
    expect(cuandoEventoTexto("2026-11-25T18:00:00Z", "2026-11-26T22:00:00Z")).toBe(
      "Del 25 nov, 19:00 al 26 nov, 23:00",
    );
    // A verbena past midnight (Madrid time) is two days.
    expect(cuandoEventoTexto("2026-07-04T20:00:00Z", "2026-07-05T02:00:00Z")).toBe("Del 4 jul, 22:00 al 5 jul, 04:00");
    expect(cuandoEventoTexto("2026-12-31T20:00:00Z", "2027-01-01T05:00:00Z")).toBe(
      "Del 31 dic 2026, 21:00 al 1 ene 2027, 06:00",
    );
    expect(cuandoEventoTexto(null, null)).toBeNull();
  });
});

describe("dates in the other languages", () => {
  it("writes each language's words and order: Catalan's d’, Galician's Do…ao, Basque's year first, English's dash", () => {
    const [abril, cinco, ocho] = ["2026-04-01T17:00:00Z", "2026-12-05T17:00:00Z", "2026-12-08T20:00:00Z"];
    expect(fechasTexto(abril, null, "ca")).toBe("1 d’abril de 2026");
    expect(fechasTexto(cinco, ocho, "ca")).toBe("Del 5 al 8 de desembre de 2026");
    expect(fechasTexto(cinco, ocho, "gl")).toBe("Do 5 ao 8 de decembro de 2026");
    expect(fechasTexto(cinco, ocho, "eu")).toBe("2026ko abenduaren 5a – 2026ko abenduaren 8a");
    expect(fechasTexto(cinco, ocho, "en")).toBe("5 – 8 December 2026");
    expect(fechasTexto(null, ocho, "en")).toBe("Until 8 December 2026");
    // Whole days, one evening's hours, and a span over two days with its hours.
    expect(cuandoEventoTexto("2026-12-07T23:00:00Z", "2026-12-09T22:59:00Z", "ca")).toBe("8 i 9 des.");
    expect(cuandoEventoTexto("2026-12-05T18:00:00Z", "2026-12-05T22:00:00Z", "gl")).toBe(
      "5 de decembro de 2026 · Das 19:00 ás 23:00",
    );
    expect(cuandoEventoTexto("2026-12-05T18:00:00Z", "2026-12-06T22:00:00Z", "en")).toBe("5 Dec, 19:00 – 6 Dec, 23:00");
    expect(fechaLarga(new Date("2026-08-01T10:00:00Z"), "eu")).toBe("larunbata, 2026ko abuztuaren 1a");
    expect(diaEtiqueta(3, "gl")).toBe("Mércores");
    expect(fechaInsignia(cinco, "en")).toEqual({ semana: "Sat", dia: "5", mes: "Dec" });
  });
});

describe("proximaMedianocheMadrid", () => {
  it("is the next midnight in Madrid, across the spring change of the clocks", () => {
    // 23:30 on Saturday 28 March (CET): midnight is half an hour away.
    expect(new Date(proximaMedianocheMadrid(Date.parse("2026-03-28T22:30:00Z"))).toISOString()).toBe(
      "2026-03-28T23:00:00.000Z",
    );
    // Sunday 29 March, now CEST: Monday's midnight is 22:00 UTC.
    expect(new Date(proximaMedianocheMadrid(Date.parse("2026-03-29T12:00:00Z"))).toISOString()).toBe(
      "2026-03-29T22:00:00.000Z",
    );
  });

  it("answers an earlier instant, midnight itself and the day after as if asked first", () => {
    const tras = (iso: string) => new Date(proximaMedianocheMadrid(Date.parse(iso))).toISOString();
    expect(tras("2026-08-15T20:00:00Z")).toBe("2026-08-15T22:00:00.000Z");
    expect(tras("2026-08-14T23:00:00Z")).toBe("2026-08-15T22:00:00.000Z");
    expect(tras("2026-08-14T21:59:59.999Z")).toBe("2026-08-14T22:00:00.000Z");
    expect(tras("2026-08-15T22:00:00Z")).toBe("2026-08-16T22:00:00.000Z");
    expect(tras("2026-08-15T21:59:59.999Z")).toBe("2026-08-15T22:00:00.000Z");
  });
});
