import { describe, expect, it } from "vitest";
import { cuandoEventoTexto, distanciaVisible, fechasTexto, precioTexto } from "./format";

describe("plan formatting", () => {
  it("writes one date for a single-day plan and a range for a longer one, in Madrid time", () => {
    // 23:30 UTC on 4 December is already 5 December in Madrid.
    expect(fechasTexto("2026-12-04T23:30:00Z", "2026-12-05T20:00:00Z")).toBe("5 de diciembre de 2026");
    expect(fechasTexto("2026-12-05T10:00:00Z", "2026-12-07T20:00:00Z")).toBe("Del 5 al 7 de diciembre de 2026");
    expect(fechasTexto("2026-11-30T10:00:00Z", "2026-12-02T20:00:00Z")).toBe("Del 30 de noviembre al 2 de diciembre de 2026");
    expect(fechasTexto("2026-12-31T10:00:00Z", "2027-01-02T20:00:00Z")).toBe("Del 31 de diciembre de 2026 al 2 de enero de 2027");
    expect(fechasTexto(null, null)).toBeNull();
  });

  it("writes a one-day event as its date and hours, and a longer one as its start and end instants", () => {
    expect(cuandoEventoTexto("2026-11-25T18:00:00Z", "2026-11-25T22:00:00Z")).toBe("25 de noviembre de 2026 · De 19:00 a 23:00");
    expect(cuandoEventoTexto("2026-11-25T18:00:00Z", "2026-11-25T18:00:00Z")).toBe("25 de noviembre de 2026 · 19:00");
    // Not "Del 25 al 26 de noviembre · De 19:00 a 23:00", which reads as a daily timetable.
    expect(cuandoEventoTexto("2026-11-25T18:00:00Z", "2026-11-26T22:00:00Z")).toBe("Del 25 nov, 19:00 al 26 nov, 23:00");
    // A verbena past midnight (Madrid time) is two days.
    expect(cuandoEventoTexto("2026-07-04T20:00:00Z", "2026-07-05T02:00:00Z")).toBe("Del 4 jul, 22:00 al 5 jul, 04:00");
    expect(cuandoEventoTexto("2026-12-31T20:00:00Z", "2027-01-01T05:00:00Z")).toBe("Del 31 dic 2026, 21:00 al 1 ene 2027, 06:00");
    expect(cuandoEventoTexto(null, null)).toBeNull();
  });

  it("writes prices the Spanish way and hides distances up to 3 km", () => {
    expect(precioTexto(12.5)).toBe("12,50 €");
    expect(precioTexto(8)).toBe("8 €");
    expect(precioTexto(1234.5)).toBe("1234,50 €");
    expect(precioTexto(0)).toBe("Gratis");
    expect(distanciaVisible("0km")).toBeNull();
    expect(distanciaVisible("3km")).toBeNull();
    expect(distanciaVisible("4km")).toBe("4 km");
    expect(distanciaVisible(undefined)).toBeNull();
  });
});
