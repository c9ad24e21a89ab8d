import { describe, expect, it } from "vitest";
import { cuandoEventoTexto, todoElDia } from "../dates";
import { calendarioPlan, enlaceGoogleCalendar } from "../difusion/ics";
import { descripcionPlan, planJsonLd } from "../seo/plan";
import { correoRecordatorio } from "../mail/templates";
import { cuandoTexto } from "./texto";
import { planDeEjemplo } from "@/test-support/plan-ejemplo";

// Madrid is UTC+1 in December: a day's 00:00 is 23:00 UTC of the day before, its 23:59 is 22:59 UTC.
const DIAS_8_Y_9 = { fechaInicio: "2026-12-07T23:00:00.000Z", fechaFin: "2026-12-09T22:59:00.000Z" };
const DEL_4_AL_11 = { fechaInicio: "2026-12-03T23:00:00.000Z", fechaFin: "2026-12-11T22:59:00.000Z" };

/** The properties of an iCalendar text, by name with its parameters ("DTSTART;VALUE=DATE"). */
const propiedades = (ics: string) =>
  new Map(
    ics
      .replace(/\r\n[ \t]/g, "")
      .split("\r\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1)]),
  );

describe("a plan of whole days", () => {
  it("is one that starts at 00:00 and ends at 23:59 in Madrid, which the 15-minute pickers cannot type", () => {
    expect(todoElDia(DIAS_8_Y_9)).toBe(true);
    // Summer time: 00:00 CEST is 22:00 UTC.
    expect(todoElDia({ fechaInicio: "2026-07-31T22:00:00Z", fechaFin: "2026-08-02T21:59:00Z" })).toBe(true);
    expect(todoElDia({ fechaInicio: "2026-12-07T23:00:00Z", fechaFin: "2026-12-08T22:45:00Z" })).toBe(false);
    expect(todoElDia({ fechaInicio: "2026-12-08T09:00:00Z", fechaFin: "2026-12-08T22:59:00Z" })).toBe(false);
    expect(todoElDia({ fechaInicio: "2026-12-07T23:00:00Z", fechaFin: null })).toBe(false);
  });

  it("is written as days, never as its 00:00 and 23:59", () => {
    expect(cuandoEventoTexto(DIAS_8_Y_9.fechaInicio, DIAS_8_Y_9.fechaFin)).toBe("8 y 9 dic");
    expect(cuandoEventoTexto(DEL_4_AL_11.fechaInicio, DEL_4_AL_11.fechaFin)).toBe("Del 4 al 11 dic");
    expect(cuandoEventoTexto("2026-12-07T23:00:00Z", "2026-12-08T22:59:00Z")).toBe("8 de diciembre de 2026");
    expect(cuandoEventoTexto("2026-11-29T23:00:00Z", "2026-12-02T22:59:00Z")).toBe("Del 30 nov al 2 dic");
    expect(cuandoEventoTexto("2026-07-31T22:00:00Z", "2026-08-01T21:59:00Z")).toBe("1 de agosto de 2026");
    expect(cuandoEventoTexto("2026-12-30T23:00:00Z", "2027-01-01T22:59:00Z")).toBe("31 dic 2026 y 1 ene 2027");
    expect(cuandoEventoTexto("2026-12-29T23:00:00Z", "2027-01-02T22:59:00Z")).toBe("Del 30 dic 2026 al 2 ene 2027");
    // A typed plan keeps its hours.
    expect(cuandoEventoTexto("2026-12-07T23:00:00Z", "2026-12-09T22:45:00Z")).toBe("Del 8 dic, 00:00 al 9 dic, 23:45");
  });

  it("shows its days on the card and page line, the link preview's text and the share message", () => {
    const plan = planDeEjemplo(DIAS_8_Y_9);
    expect(cuandoTexto(plan)).toBe("8 y 9 dic");
    expect(descripcionPlan(plan)).toMatch(/^8 y 9 dic · Albarracín · /);
    expect(descripcionPlan(plan)).not.toMatch(/00:00|23:59/);
  });

  it("is a calendar entry of dates, its end the day after its last", () => {
    const ics = calendarioPlan(planDeEjemplo(DEL_4_AL_11), new Date("2026-12-01T10:00:00Z"))!;
    const props = propiedades(ics);
    expect(props.get("DTSTART;VALUE=DATE")).toBe("20261204");
    expect(props.get("DTEND;VALUE=DATE")).toBe("20261212");
    expect(props.has("DTSTART")).toBe(false);
    expect(enlaceGoogleCalendar(planDeEjemplo(DEL_4_AL_11))).toContain("&dates=20261204/20261212&");
  });

  it("has dates without a time in its structured data", () => {
    const json = planJsonLd(planDeEjemplo(DIAS_8_Y_9)) as Record<string, unknown>;
    expect(json.startDate).toBe("2026-12-08");
    expect(json.endDate).toBe("2026-12-09");
    const conHoras = planJsonLd(planDeEjemplo()) as Record<string, unknown>;
    expect(conHoras.startDate).toBe("2026-08-14T22:00:00+02:00");
  });

  it("is reminded without an hour", () => {
    const correo = correoRecordatorio("a@b.es", "Ana", [{ titulo: "Mercado", municipio: "Boñar", hora: null }]);
    expect(correo.text).toContain("• Mercado (Boñar, todo el día)");
  });
});
