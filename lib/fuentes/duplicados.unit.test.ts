import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mismoEvento, palabrasTitulo, similitud } from "./duplicados";

/**
 * 300 labelled pairs of listings on one day in one town, from the agendas' real titles: 160
 * re-titlings a village's calendar makes of the same event (capitals, no accents, a year, the
 * town's name, the company first, the genre in front, an ordinal dropped) and 140 other real
 * listings, most sharing a word with it ("Concierto en Boñar" beside a concert's own title).
 */
const PARES: { a: string; b: string; municipio: string; mismo: boolean }[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "fixtures/duplicados.json"), "utf8"),
);

describe("one event from two sources", () => {
  it("merges no two events and misses no re-titling of the labelled set", () => {
    expect(PARES.length).toBeGreaterThanOrEqual(200);
    const fusionesFalsas = PARES.filter((p) => !p.mismo && mismoEvento(p.a, p.b, p.municipio));
    const perdidas = PARES.filter((p) => p.mismo && !mismoEvento(p.a, p.b, p.municipio));
    expect(fusionesFalsas).toEqual([]);
    expect(perdidas).toEqual([]);
  });

  it("ignores case, accents, punctuation, empty words, a year, an ordinal and the town's name", () => {
    expect(palabrasTitulo("XV Mercado de la Flor de Ampudia 2026", "Ampudia")).toEqual(["mercado", "flor"]);
    expect(mismoEvento("'Raíces' (FETÉN FETÉN)", "Concierto: Raíces, de Fetén Fetén", "Cistierna")).toBe(true);
    expect(mismoEvento("XV Mercado de la Flor de Ampudia", "Mercado de la Flor 2026", "Ampudia")).toBe(true);
  });

  it("keeps apart different events of one day in one town, also two of one kind", () => {
    expect(mismoEvento("Concierto de la Banda Municipal", "Concierto de jazz en la plaza", "Boñar")).toBe(false);
    expect(mismoEvento("Concierto", "Concierto de la Banda Municipal", "Boñar")).toBe(false);
    expect(mismoEvento("Misa de San Roque", "Verbena de San Roque", "Boñar")).toBe(false);
  });

  it("measures similarity as pg_trgm does", () => {
    expect(similitud(["word"], ["word"])).toBe(1);
    // pg_trgm: similarity('word', 'two words') = 0.36363637
    expect(similitud(["word"], ["two", "words"])).toBeCloseTo(4 / 11, 6);
  });
});
