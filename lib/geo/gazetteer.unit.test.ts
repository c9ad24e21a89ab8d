import { beforeAll, describe, expect, it } from "vitest";
import { type MunicipioRow, readGazetteer } from "./load-gazetteer";
import { distanciaKm } from "./slug";

const km = distanciaKm;

function inSpain({ lat, lng }: { lat: number; lng: number }): boolean {
  const peninsulaAndBalearics = lat >= 35.2 && lat <= 43.9 && lng >= -9.4 && lng <= 4.4;
  const canaries = lat >= 27.6 && lat <= 29.5 && lng >= -18.2 && lng <= -13.3;
  return peninsulaAndBalearics || canaries;
}

describe("data/municipios.csv", () => {
  let rows: MunicipioRow[];
  beforeAll(async () => {
    rows = await readGazetteer();
  });

  it("lists every municipality of Spain once, by 5-digit INE code", () => {
    expect(rows.length).toBeGreaterThanOrEqual(8131);
    expect(new Set(rows.map((r) => r.ine)).size).toBe(rows.length);
    for (const r of rows) expect(r.ine).toMatch(/^\d{5}$/);
    for (const r of rows) expect(r.nombre && r.provincia && r.comunidad).toBeTruthy();
  });

  it("places at least 8,100 of them, all inside Spain", () => {
    const placed = rows.filter((r) => r.lat !== null && r.lng !== null);
    expect(placed.length).toBeGreaterThanOrEqual(8100);
    const outside = placed.filter((r) => !inSpain(r as { lat: number; lng: number }));
    expect(outside.map((r) => `${r.ine} ${r.nombre}`)).toEqual([]);
  });

  it("puts each town near the other towns of its province", () => {
    const byProvince = new Map<string, { lat: number; lng: number }[]>();
    for (const r of rows) {
      if (r.lat === null || r.lng === null) continue;
      const list = byProvince.get(r.ine.slice(0, 2)) ?? [];
      list.push({ lat: r.lat, lng: r.lng });
      byProvince.set(r.ine.slice(0, 2), list);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const far: string[] = [];
    for (const r of rows) {
      if (r.lat === null || r.lng === null) continue;
      const list = byProvince.get(r.ine.slice(0, 2))!;
      const centre = { lat: median(list.map((p) => p.lat)), lng: median(list.map((p) => p.lng)) };
      // Provinces are at most ~250 km across (the Balearics and Canaries spread further).
      const limit = ["07", "35", "38"].includes(r.ine.slice(0, 2)) ? 400 : 200;
      if (km(r as { lat: number; lng: number }, centre) > limit) far.push(`${r.ine} ${r.nombre}`);
    }
    expect(far).toEqual([]);
  });

  it("has the towns the issue names, where they are", () => {
    const find = (nombre: string) => rows.find((r) => r.nombre === nombre)!;
    const albarracin = find("Albarracín");
    expect(albarracin.provincia).toBe("Teruel");
    expect(km(albarracin as { lat: number; lng: number }, { lat: 40.408, lng: -1.444 })).toBeLessThan(2);
    expect(find("Alicante").nombresAlternativos).toContain("Alacant");
    expect(find("El Ejido").provincia).toBe("Almería");
    // Hand-corrected matches (see data/README.md)
    expect(
      km(rows.find((r) => r.ine === "36033")! as { lat: number; lng: number }, { lat: 42.19, lng: -8.61 }),
    ).toBeLessThan(8);
  });
});
