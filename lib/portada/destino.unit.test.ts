import { afterEach, describe, expect, it, vi } from "vitest";
import { releerEnv } from "../env";
import { puntoDeCabeceras } from "./destino";

describe("the point of a CDN's geolocation headers", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    releerEnv();
  });

  it("reads Vercel's and Cloudflare's pairs, or only the pair CABECERAS_GEO names", () => {
    const vercel = new Headers({ "x-vercel-ip-latitude": "41.93", "x-vercel-ip-longitude": "-2.76" });
    const propia = new Headers({ "x-geo-lat": "40.42", "x-geo-lng": "-3.70" });
    expect(puntoDeCabeceras(vercel)).toEqual({ lat: 41.93, lng: -2.76 });
    expect(puntoDeCabeceras(new Headers({ "cf-iplatitude": "43.3", "cf-iplongitude": "-1.98" }))).toEqual({
      lat: 43.3,
      lng: -1.98,
    });
    expect(puntoDeCabeceras(propia)).toBeNull();
    vi.stubEnv("CABECERAS_GEO", "X-Geo-Lat, X-Geo-Lng");
    releerEnv();
    expect(puntoDeCabeceras(propia)).toEqual({ lat: 40.42, lng: -3.7 });
    expect(puntoDeCabeceras(vercel)).toBeNull();
  });

  it("ignores a pair with a missing or impossible coordinate", () => {
    expect(puntoDeCabeceras(new Headers({ "x-vercel-ip-latitude": "41.93" }))).toBeNull();
    expect(
      puntoDeCabeceras(new Headers({ "x-vercel-ip-latitude": "95", "x-vercel-ip-longitude": "-2.76" })),
    ).toBeNull();
    expect(puntoDeCabeceras(new Headers({ "x-vercel-ip-latitude": " ", "x-vercel-ip-longitude": "0" }))).toBeNull();
  });
});
