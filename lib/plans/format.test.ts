import { describe, expect, it } from "vitest";
import { distanciaVisible, fechasTexto, precioTexto } from "./format";

describe("plan formatting", () => {
  it("writes one date for a single-day plan and a range for a longer one, in Madrid time", () => {
    // 23:30 UTC on 4 December is already 5 December in Madrid.
    expect(fechasTexto("2026-12-04T23:30:00Z", "2026-12-05T20:00:00Z")).toBe("5 de diciembre de 2026");
    expect(fechasTexto("2026-12-05T10:00:00Z", "2026-12-07T20:00:00Z")).toBe("Del 5 al 7 de diciembre de 2026");
    expect(fechasTexto("2026-11-30T10:00:00Z", "2026-12-02T20:00:00Z")).toBe("Del 30 de noviembre al 2 de diciembre de 2026");
    expect(fechasTexto("2026-12-31T10:00:00Z", "2027-01-02T20:00:00Z")).toBe("Del 31 de diciembre de 2026 al 2 de enero de 2027");
    expect(fechasTexto(null, null)).toBeNull();
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
