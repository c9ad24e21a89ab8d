import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { enMadrid } from "@/lib/dates";
import { calendarioPlanes } from "./ics";
import { planDeEjemplo } from "@/test-support/plan-ejemplo";
import type { PlanApi } from "../plans/plan";

/** Parses a calendar with ical.js (Mozilla's RFC 5545 parser) and registers its own VTIMEZONEs. */
function parsear(ics: string): ICAL.Component {
  const cal = new ICAL.Component(ICAL.parse(ics));
  ICAL.TimezoneService.reset();
  for (const vtz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtz);
  return cal;
}

/** The occurrences of a VEVENT (instants), at most `max`. */
function ocurrencias(vevent: ICAL.Component, max = 200): Date[] {
  const evento = new ICAL.Event(vevent);
  const it = evento.iterator();
  const fechas: Date[] = [];
  for (let t = it.next(); t && fechas.length < max; t = it.next()) fechas.push(t.toJSDate());
  return fechas;
}

const madrid = (d: Date) => {
  const m = enMadrid(d);
  return {
    dia: m.getDay(),
    hora: `${String(m.getHours()).padStart(2, "0")}:${String(m.getMinutes()).padStart(2, "0")}`,
  };
};

/**
 * A real experience's shape: Saturday mornings and afternoons and Sunday mornings, from Friday
 * 20 March 2026 (CET) to 1 November 2026, across both of 2026's changes (29 March, 25 October).
 */
const experiencia: PlanApi = planDeEjemplo({
  _id: "5d1e1f0a-0000-4000-8000-000000000001",
  titulo: "Visita guiada al castillo",
  tipo: "experiencia",
  fechaInicio: "2026-03-19T23:00:00.000Z",
  fechaFin: "2026-11-01T22:59:59.000Z",
  horariosDisponibles: [
    { diaSemana: 6, horaInicio: "10:00", horaFin: "14:00" },
    { diaSemana: 6, horaInicio: "17:00", horaFin: "20:00" },
    { diaSemana: 0, horaInicio: "10:00", horaFin: "14:00" },
  ],
  organizacion: { _id: "o1", nombre: "Ayuntamiento de Albarracín" },
});

describe("calendar of several plans (the feeds)", () => {
  const ahora = new Date("2026-03-01T09:00:00Z");
  const ics = calendarioPlanes([planDeEjemplo(), experiencia], {
    nombre: "Planes cerca de Albarracín",
    url: "http://localhost:3000/calendario.ics?municipio=Albarrac%C3%ADn",
    ahora,
  });

  it("parses as one VCALENDAR with Madrid's VTIMEZONE, one VEVENT per event and one per distinct slot time", () => {
    const cal = parsear(ics);
    expect(cal.name).toBe("vcalendar");
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Planes cerca de Albarracín");
    expect(cal.getAllSubcomponents("vtimezone").map((z) => z.getFirstPropertyValue("tzid"))).toEqual(["Europe/Madrid"]);
    const vevents = cal.getAllSubcomponents("vevent");
    // The event, then the experience's 10:00–14:00 (Saturday and Sunday) and 17:00–20:00 (Saturday).
    expect(vevents).toHaveLength(3);
    const uids = vevents.map((v) => v.getFirstPropertyValue("uid"));
    expect(new Set(uids).size).toBe(3);
    const reglas = vevents.slice(1).map((v) => String(v.getFirstPropertyValue("rrule")));
    expect(reglas[0]).toMatch(/^FREQ=WEEKLY;.*BYDAY=SA,SU/);
    expect(reglas[1]).toMatch(/^FREQ=WEEKLY;.*BYDAY=SA(;|$)/);
    expect(ics).toContain("RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=SA,SU;UNTIL=20261101T225959Z");
    expect(ics).toContain("DTSTART;TZID=Europe/Madrid:20260321T100000");
    expect(ics).toContain("DTEND;TZID=Europe/Madrid:20260321T140000");
    for (const v of vevents) expect((v.getFirstPropertyValue("dtstamp") as ICAL.Time).toJSDate()).toEqual(ahora);
  });

  it("expands the weekly rule to the right weekday and Madrid hour across both daylight-saving changes, until the end", () => {
    const [, mananas, tardes] = parsear(ics).getAllSubcomponents("vevent");
    const m = ocurrencias(mananas);
    const t = ocurrencias(tardes);
    // 21 March – 1 November 2026: 33 Saturdays and 33 Sundays (the first Saturday is the 21st), 33 Saturday afternoons.
    expect(m).toHaveLength(66);
    expect(t).toHaveLength(33);
    for (const d of m) {
      expect([6, 0]).toContain(madrid(d).dia);
      expect(madrid(d).hora).toBe("10:00");
    }
    for (const d of t) expect(madrid(d)).toEqual({ dia: 6, hora: "17:00" });
    // The same wall-clock hour is a different UTC hour on either side of the change.
    expect(m[0].toISOString()).toBe("2026-03-21T09:00:00.000Z"); // CET
    expect(m.find((d) => d >= new Date("2026-03-29T00:00:00Z"))!.toISOString()).toBe("2026-03-29T08:00:00.000Z"); // CEST
    expect(m.at(-1)!.toISOString()).toBe("2026-11-01T09:00:00.000Z"); // CET again, the last Sunday before UNTIL
    expect(m.every((d) => d <= new Date(experiencia.fechaFin!))).toBe(true);
  });

  it("writes an experience without an end without UNTIL, from its first day with that slot", () => {
    const abierta = planDeEjemplo({
      ...experiencia,
      fechaInicio: null,
      fechaFin: null,
      fechaCreacion: "2026-10-21T10:00:00.000Z", // a Wednesday
      horariosDisponibles: [{ diaSemana: 1, horaInicio: "09:30", horaFin: "11:00" }],
    });
    const cal = parsear(calendarioPlanes([abierta], { nombre: "x", url: "http://localhost:3000/x", ahora }));
    const [vevent] = cal.getAllSubcomponents("vevent");
    expect(String(vevent.getFirstPropertyValue("rrule"))).not.toContain("UNTIL");
    const primeras = ocurrencias(vevent, 3);
    // Monday 26 October (CET, the day after the change), then every Monday at 09:30 Madrid.
    expect(primeras.map((d) => d.toISOString())).toEqual([
      "2026-10-26T08:30:00.000Z",
      "2026-11-02T08:30:00.000Z",
      "2026-11-09T08:30:00.000Z",
    ]);
  });

  it("keeps the single plan's calendar as it was: one VEVENT in UTC, no time zone", () => {
    const cal = parsear(calendarioPlanes([planDeEjemplo()], { nombre: "x", url: "http://localhost:3000/x", ahora }));
    const [vevent] = cal.getAllSubcomponents("vevent");
    expect((vevent.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString()).toBe(
      "2026-08-14T20:00:00.000Z",
    );
    expect(vevent.getFirstPropertyValue("summary")).toBe("Verbena de las fiestas");
  });
});
