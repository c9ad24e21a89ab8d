import { describe, expect, it } from "vitest";
import { cabeEnTemporada, domingoDePascua, lunaLlenaCercana, ventanaDe } from "./temporadas";

const dia = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number);
  return { year, month, day };
};

describe("the seasons of the demo's plans", () => {
  it("finds Easter Sunday of any year", () => {
    expect(domingoDePascua(2024)).toEqual(dia("2024-03-31"));
    expect(domingoDePascua(2025)).toEqual(dia("2025-04-20"));
    expect(domingoDePascua(2026)).toEqual(dia("2026-04-05"));
    expect(domingoDePascua(2027)).toEqual(dia("2027-03-28"));
    expect(domingoDePascua(2038)).toEqual(dia("2038-04-25"));
  });

  it("dates full moons within a day of the almanac's", () => {
    // Full moons of lunar eclipses and of December 2025, in UTC.
    for (const luna of ["2024-09-18", "2025-03-14", "2025-12-04", "2026-03-03"]) {
      const calculada = lunaLlenaCercana(dia(luna));
      const diferencia = Math.abs(
        Date.UTC(calculada.year, calculada.month - 1, calculada.day) - Date.parse(`${luna}T00:00Z`),
      );
      expect(diferencia, luna).toBeLessThanOrEqual(86_400_000);
    }
  });

  it("gives the occurrence of a season that holds a day, across New Year too", () => {
    const navidad = { desde: "12-13", hasta: "01-05" };
    expect(ventanaDe(navidad, dia("2027-01-02"))).toEqual({ desde: dia("2026-12-13"), hasta: dia("2027-01-05") });
    expect(ventanaDe(navidad, dia("2026-12-20"))).toEqual({ desde: dia("2026-12-13"), hasta: dia("2027-01-05") });
    expect(ventanaDe(navidad, dia("2026-11-28"))).toBeNull();
    expect(ventanaDe({ desde: "06-23", hasta: "06-24" }, dia("2026-12-24"))).toBeNull();
    // Carnival 2027: Easter is on 28 March.
    const carnaval = { pascua: [-52, -46] as [number, number] };
    expect(ventanaDe(carnaval, dia("2027-02-09"))).toEqual({ desde: dia("2027-02-04"), hasta: dia("2027-02-10") });
    expect(ventanaDe(carnaval, dia("2027-03-01"))).toBeNull();
  });

  it("fits an event of several days only when all of them are in season", () => {
    const agosto = { desde: "08-10", hasta: "08-20" };
    expect(cabeEnTemporada(agosto, dia("2026-08-13"), 4)).toBe(true);
    expect(cabeEnTemporada(agosto, dia("2026-08-18"), 4)).toBe(false);
    expect(cabeEnTemporada(agosto, dia("2026-11-28"), 4)).toBe(false);
  });
});
