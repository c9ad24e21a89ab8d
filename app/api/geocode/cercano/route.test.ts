import { describe, expect, it } from "vitest";
import { api } from "@/test-support/api";
import type { GeocodeResult } from "@/lib/geo/geocoder";
import { mensajes } from "@/lib/messages";

async function cercano(lat: number, lng: number): Promise<GeocodeResult> {
  const res = await api(`/api/geocode/cercano?lat=${lat}&lng=${lng}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const body = (await res.json()) as { results: GeocodeResult[] };
  expect(body.results).toHaveLength(1);
  return body.results[0];
}

describe("GET /api/geocode/cercano", () => {
  it("finds the nearest municipality, in the shape of /api/geocode's results", async () => {
    // Albarracín's old town, a few hundred metres from the gazetteer's point.
    const lugar = await cercano(40.4075, -1.4405);
    expect(lugar.address.municipality).toBe("Albarracín");
    expect(lugar.address.freeformAddress).toBe("Albarracín, Teruel");
    expect(lugar.address.countryCode).toBe("ES");
    const [porTexto] = ((await (await api("/api/geocode?q=albarracin&limit=1")).json()) as { results: GeocodeResult[] })
      .results;
    expect(lugar).toEqual(porTexto);
  });

  it("finds towns on the islands and in Ceuta and Melilla", async () => {
    expect((await cercano(27.8077, -17.9146)).address.municipality).toBe("Valverde");
    expect((await cercano(35.2923, -2.9381)).address.municipality).toBe("Melilla");
  });

  it("answers 404 with a Spanish message far from any Spanish town", async () => {
    for (const [lat, lng] of [
      [38.7223, -9.1393], // Lisbon
      [48.8566, 2.3522], // Paris
      [0, 0],
    ]) {
      const res = await api(`/api/geocode/cercano?lat=${lat}&lng=${lng}`);
      expect(res.status, `${lat},${lng}`).toBe(404);
      expect(await res.json()).toEqual({ mensaje: mensajes.ubicacionFueraDeEspana });
    }
  });

  it("answers 400 with a Spanish message for missing, empty, non-numeric or out-of-range coordinates", async () => {
    for (const query of [
      "",
      "lat=40.4",
      "lng=-1.4",
      "lat=&lng=-1.4",
      "lat=40.4&lng=",
      "lat=cuarenta&lng=-1.4",
      "lat=91&lng=0",
      "lat=0&lng=-181",
      "lat=NaN&lng=0",
      "lat=40.4&lng=Infinity",
    ]) {
      const res = await api(`/api/geocode/cercano?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ mensaje: mensajes.geocodeCoordenadasNoValidas });
    }
  });
});
