import { describe, expect, it } from "vitest";
import { calendarioPlan, disposicionIcs, enlaceGoogleCalendar, escaparTexto, plegarLinea } from "./ics";
import { ID_EJEMPLO, planDeEjemplo } from "@/test-support/plan-ejemplo";
import type { FechaFila } from "@/lib/plans/fechas";

/** Unfolds an iCalendar text and reads its properties (name without parameters → raw value). */
function leerIcs(texto: string): { lineas: string[]; props: Map<string, string> } {
  const lineas = texto
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  return { lineas, props: new Map(lineas.map((l) => [l.slice(0, l.search(/[:;]/)), l.slice(l.indexOf(":") + 1)])) };
}

describe("iCalendar of a plan", () => {
  const ahora = new Date("2026-07-20T08:00:00Z");

  it("writes one VEVENT with UTC times, escaped texts and CRLF line endings", () => {
    const ics = calendarioPlan(planDeEjemplo({ titulo: "Verbena; música, baile" }), ahora)!;
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const { lineas, props } = leerIcs(ics);
    expect(lineas[0]).toBe("BEGIN:VCALENDAR");
    expect(lineas.at(-1)).toBe("END:VCALENDAR");
    expect(lineas).toContain("BEGIN:VEVENT");
    expect(props.get("VERSION")).toBe("2.0");
    expect(props.get("UID")).toBe(`${ID_EJEMPLO}@localhost`);
    expect(props.get("DTSTAMP")).toBe("20260720T080000Z");
    expect(props.get("DTSTART")).toBe("20260814T200000Z");
    expect(props.get("DTEND")).toBe("20260815T020000Z");
    expect(props.get("SUMMARY")).toBe("Verbena\\; música\\, baile");
    expect(props.get("LOCATION")).toBe("Plaza Mayor\\, 1\\, Albarracín");
    expect(props.get("DESCRIPTION")).toBe(
      `Gran verbena\\n\\nCon orquesta y fuegos hasta el amanecer. Sin entradas.\\n\\n${planDeEjemplo().urlPlan}`,
    );
    expect(props.get("URL")).toBe(planDeEjemplo().urlPlan);
  });

  it("folds lines at 75 octets without splitting a UTF-8 character", () => {
    const linea = `SUMMARY:${"ñ".repeat(100)}`;
    const plegada = plegarLinea(linea);
    for (const parte of plegada.split("\r\n")) expect(Buffer.byteLength(parte)).toBeLessThanOrEqual(75);
    expect(
      plegada
        .split("\r\n")
        .slice(1)
        .every((p) => p.startsWith(" ")),
    ).toBe(true);
    expect(plegada.replace(/\r\n /g, "")).toBe(linea);
    const ics = calendarioPlan(planDeEjemplo({ descripcion: "Árbol ".repeat(200) }), ahora)!;
    for (const l of ics.split("\r\n")) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
  });

  it("escapes backslashes and every kind of line break", () => {
    expect(escaparTexto("a\\b\r\nc\nd")).toBe("a\\\\b\\nc\\nd");
  });

  it("is only for events with a start", () => {
    expect(calendarioPlan(planDeEjemplo({ tipo: "experiencia" }), ahora)).toBeNull();
    expect(enlaceGoogleCalendar(planDeEjemplo({ tipo: "experiencia" }))).toBeNull();
    const sinFin = leerIcs(calendarioPlan(planDeEjemplo({ fechaFin: null }), ahora)!).props;
    expect(sinFin.has("DTEND")).toBe(false);
  });

  it("names the download in ASCII and in UTF-8", () => {
    expect(disposicionIcs("Fiesta de Añón (2026)")).toBe(
      `attachment; filename="Fiesta-de-Anon-2026.ics"; filename*=UTF-8''Fiesta%20de%20A%C3%B1%C3%B3n%20%282026%29.ics`,
    );
  });

  it("links to Google Calendar's template with the UTC range", () => {
    const url = new URL(enlaceGoogleCalendar(planDeEjemplo())!);
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Verbena de las fiestas");
    expect(url.searchParams.get("dates")).toBe("20260814T200000Z/20260815T020000Z");
    expect(url.searchParams.get("location")).toBe("Plaza Mayor, 1, Albarracín");
    expect(url.searchParams.get("details")).toContain(planDeEjemplo().urlPlan);
  });
});

describe("iCalendar of a plan with several dates", () => {
  const ahora = new Date("2026-07-20T08:00:00Z");
  const fecha = (id: string, inicio: string, fin: string, extra: Partial<FechaFila> = {}): FechaFila => ({
    id,
    inicio,
    fin,
    titulo: null,
    direccion: null,
    lng: null,
    lat: null,
    principal: false,
    ...extra,
  });
  const fechas = [
    fecha("11111111-1111-4111-8111-111111111111", "2026-08-14T18:00:00Z", "2026-08-14T19:00:00Z", {
      titulo: "Pregón de fiestas",
      direccion: "Balcón del Ayuntamiento",
      lng: -1.4431,
      lat: 40.4072,
    }),
    fecha("22222222-2222-4222-8222-222222222222", "2026-08-14T21:30:00Z", "2026-08-15T02:00:00Z", { principal: true }),
    fecha("33333333-3333-4333-8333-333333333333", "2026-08-16T10:00:00Z", "2026-08-16T11:00:00Z"),
  ];
  const plan = planDeEjemplo({
    titulo: "Fiestas de San Roque",
    fechaInicio: fechas[0].inicio,
    fechaFin: fechas[2].fin,
  });
  const vevents = (ics: string) =>
    ics
      .replace(/\r\n[ \t]/g, "")
      .split("BEGIN:VEVENT")
      .slice(1)
      .map((v) => leerIcs(v.slice(0, v.indexOf("END:VEVENT"))).props);

  it("writes a VEVENT per date, the oldest keeping the plan's UID, each act with its title and place", () => {
    const eventos = vevents(calendarioPlan(plan, ahora, fechas)!);
    expect(
      eventos.map((e) => [e.get("UID"), e.get("DTSTART"), e.get("DTEND"), e.get("SUMMARY"), e.get("LOCATION")]),
    ).toEqual([
      [
        `${ID_EJEMPLO}-${fechas[0].id}@localhost`,
        "20260814T180000Z",
        "20260814T190000Z",
        "Pregón de fiestas · Fiestas de San Roque",
        "Balcón del Ayuntamiento\\, Albarracín",
      ],
      [`${ID_EJEMPLO}@localhost`, "20260814T213000Z", "20260815T020000Z", "Fiestas de San Roque", expect.any(String)],
      [
        `${ID_EJEMPLO}-${fechas[2].id}@localhost`,
        "20260816T100000Z",
        "20260816T110000Z",
        "Fiestas de San Roque",
        expect.any(String),
      ],
    ]);
    expect(eventos[0].get("GEO")).toBe("40.4072;-1.4431");
  });

  it("keeps each date's UID when its hour changes, so a calendar updates the event instead of adding one", () => {
    const movida = [fechas[0], { ...fechas[1], inicio: "2026-08-14T22:00:00Z" }, fechas[2]];
    const antes = vevents(calendarioPlan(plan, ahora, fechas)!).map((e) => e.get("UID"));
    const despues = vevents(calendarioPlan(plan, ahora, movida)!);
    expect(despues.map((e) => e.get("UID"))).toEqual(antes);
    expect(despues[1].get("DTSTART")).toBe("20260814T220000Z");
  });

  it("writes a plan of one date as before", () => {
    const una = calendarioPlan(plan, ahora, [{ ...fechas[1], principal: true }])!;
    expect(una).toBe(calendarioPlan(plan, ahora)!);
  });
});
