import { describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import type { GeocodeResult } from "@/lib/geo/geocoder";
import { mensajes } from "@/lib/messages";

async function geocode(q: string, extra = ""): Promise<GeocodeResult[]> {
  const res = await api(`/api/geocode?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: GeocodeResult[] };
  return body.results;
}

function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe("GET /api/geocode", () => {
  it("finds Albarracín (Teruel) without accents, where it is, in the shape clients read", async () => {
    const [first] = await geocode("albarracin");
    expect(first.address.municipality).toBe("Albarracín");
    expect(first.address.freeformAddress).toBe("Albarracín, Teruel");
    expect(first.address.countryCode).toBe("ES");
    expect(typeof first.id).toBe("string");
    expect(km(first.position, { lat: 40.408, lon: -1.444 })).toBeLessThan(2);
  });

  it("ignores case and accents in the query too", async () => {
    const [first] = await geocode("ALBARRACÍN");
    expect(first.address.municipality).toBe("Albarracín");
  });

  it("finds a town by its other official name", async () => {
    const [first] = await geocode("alacant");
    expect(first.address.municipality).toBe("Alicante");
  });

  it("matches with or without the leading article", async () => {
    expect((await geocode("ejido"))[0].address.municipality).toBe("El Ejido");
    expect((await geocode("el ejido"))[0].address.municipality).toBe("El Ejido");
    expect((await geocode("coruña"))[0].address.municipality).toBe("A Coruña");
  });

  it("puts prefix matches first, larger towns before smaller ones", async () => {
    const results = await geocode("san");
    expect(results).toHaveLength(10);
    const names = results.map((r) => r.address.municipality.toLowerCase());
    for (const n of names) expect(n.normalize("NFD").replace(/[\u0300-\u036f]/g, "")).toMatch(/(^|[\s'-])san/);
    // San Sebastián and Santander are far larger than any other 'San…' town.
    expect(names.slice(0, 3).join(" ")).toMatch(/santander|san sebasti/);
  });

  it("answers at most `limit` results", async () => {
    expect(await geocode("villa", "&limit=3")).toHaveLength(3);
  });

  it("tolerates a typo", async () => {
    const results = await geocode("albaracin");
    expect(results.map((r) => r.address.municipality)).toContain("Albarracín");
  });

  it("treats SQL-looking text as text", async () => {
    expect(await geocode("'; DROP TABLE municipio; --")).toEqual([]);
    expect((await geocode("albarracin"))[0].address.municipality).toBe("Albarracín");
  });

  it("answers 400 with a Spanish message for a missing, too long or out-of-range query", async () => {
    for (const [query, mensaje] of [
      ["", mensajes.geocodeTextoObligatorio],
      ["q=%20%20", mensajes.geocodeTextoObligatorio],
      [`q=${"a".repeat(101)}`, mensajes.geocodeTextoLargo],
      ["q=madrid&limit=11", mensajes.geocodeLimiteNoValido],
      ["q=madrid&limit=dos", mensajes.geocodeLimiteNoValido],
    ]) {
      const res = await api(`/api/geocode?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ mensaje });
    }
  });
});
