import { describe, expect, it } from "vitest";
import { localDatabaseUrl, parseEnv, type Env } from "./env";
import { fuenteDeTeselas, TESELAS_OSM_URL } from "./teselas";

describe("parseEnv", () => {
  it("falls back to the local cluster, Planazo and localhost", () => {
    const env = parseEnv({ NODE_ENV: "development" });
    expect(env.DATABASE_URL).toBe(localDatabaseUrl());
    expect(env.SITE_NAME).toBe("Planazo");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.GEOCODER).toBe("local");
  });

  it("uses the values it is given and trims the site URL", () => {
    const env = parseEnv({
      DATABASE_URL: "postgresql://u@db:5432/x",
      SITE_NAME: "Planes Rurales",
      SITE_URL: "https://planes.example/",
      CONTACT_EMAIL: "hola@planes.example",
    });
    expect(env).toMatchObject({
      DATABASE_URL: "postgresql://u@db:5432/x",
      SITE_NAME: "Planes Rurales",
      SITE_URL: "https://planes.example",
      CONTACT_EMAIL: "hola@planes.example",
    });
  });

  it("lists every bad variable at once", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", CONTACT_EMAIL: "nope", GEOCODER: "magic" })).toThrow(
      /DATABASE_URL[\s\S]*CONTACT_EMAIL[\s\S]*GEOCODER/,
    );
  });

  it("requires a long auth secret in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => parseEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET/);
    expect(parseEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: "x".repeat(32) }).NODE_ENV).toBe("production");
  });

  it("reads the read replica's URL (empty is none) and how far behind it may be, 30 s by default", () => {
    expect(parseEnv({}).DATABASE_READ_URL).toBeUndefined();
    expect(parseEnv({}).DATABASE_READ_MAX_LAG).toBe(30);
    expect(parseEnv({ DATABASE_READ_URL: "" }).DATABASE_READ_URL).toBeUndefined();
    expect(
      parseEnv({ DATABASE_READ_URL: "postgresql://planazo@10.0.0.2:5432/planazo", DATABASE_READ_MAX_LAG: "5" }),
    ).toMatchObject({ DATABASE_READ_URL: "postgresql://planazo@10.0.0.2:5432/planazo", DATABASE_READ_MAX_LAG: 5 });
    expect(() => parseEnv({ DATABASE_READ_URL: "mysql://x", DATABASE_READ_MAX_LAG: "0" })).toThrow(
      /DATABASE_READ_URL[\s\S]*DATABASE_READ_MAX_LAG/,
    );
  });

  it("reads the fetchers', the purge's, the geolocation's and the demo's settings (empty is unset)", () => {
    const porDefecto = {
      SOURCES_MAX_BYTES: 20 * 1024 * 1024,
      SOURCES_ALLOW_LOOPBACK: "0",
      PURGA_URL: undefined,
      CABECERAS_GEO: undefined,
      DEMO_AGENDAS: "0",
      FEDERATION_ALLOW_LOOPBACK: "0",
    };
    const estos = (e: Env) => Object.fromEntries(Object.keys(porDefecto).map((k) => [k, e[k as keyof Env]]));
    expect(estos(parseEnv({}))).toEqual(porDefecto);
    expect(
      estos(
        parseEnv({
          SOURCES_MAX_BYTES: "",
          SOURCES_ALLOW_LOOPBACK: " ",
          PURGA_URL: "",
          CABECERAS_GEO: "",
          DEMO_AGENDAS: "",
        }),
      ),
    ).toEqual(porDefecto);
    expect(
      parseEnv({
        SOURCES_MAX_BYTES: "2048",
        SOURCES_ALLOW_LOOPBACK: "1",
        PURGA_URL: " http://127.0.0.1:6081/ ",
        CABECERAS_GEO: " X-Geo-Lat , x-geo-lng ",
        DEMO_AGENDAS: "1",
        FEDERATION_ALLOW_LOOPBACK: "1",
      }),
    ).toMatchObject({
      SOURCES_MAX_BYTES: 2048,
      SOURCES_ALLOW_LOOPBACK: "1",
      PURGA_URL: "http://127.0.0.1:6081/",
      CABECERAS_GEO: ["x-geo-lat", "x-geo-lng"],
      DEMO_AGENDAS: "1",
      FEDERATION_ALLOW_LOOPBACK: "1",
    });
    const malos = {
      SOURCES_MAX_BYTES: "20MB",
      SOURCES_ALLOW_LOOPBACK: "si",
      PURGA_URL: "varnish:6081",
      CABECERAS_GEO: "x-geo-lat",
      DEMO_AGENDAS: "true",
      FEDERATION_ALLOW_LOOPBACK: "yes",
    };
    expect(() => parseEnv(malos)).toThrow(
      /SOURCES_MAX_BYTES[\s\S]*SOURCES_ALLOW_LOOPBACK[\s\S]*PURGA_URL[\s\S]*CABECERAS_GEO[\s\S]*FEDERATION_ALLOW_LOOPBACK[\s\S]*DEMO_AGENDAS/,
    );
    expect(() => parseEnv({ SOURCES_MAX_BYTES: "0" })).toThrow(/SOURCES_MAX_BYTES/);
  });

  it("reads the team's chat phone as international digits, Spain's prefix added to a bare number", () => {
    expect(parseEnv({}).PROMOTION_PHONE).toBeUndefined();
    expect(parseEnv({ PROMOTION_PHONE: "" }).PROMOTION_PHONE).toBeUndefined();
    expect(parseEnv({ PROMOTION_PHONE: "+34 600 123 456" }).PROMOTION_PHONE).toBe("34600123456");
    expect(parseEnv({ PROMOTION_PHONE: "600-12-34-56" }).PROMOTION_PHONE).toBe("34600123456");
    expect(parseEnv({ PROMOTION_PHONE: "+351 912 345 678" }).PROMOTION_PHONE).toBe("351912345678");
    expect(() => parseEnv({ PROMOTION_PHONE: "llámanos" })).toThrow(/PROMOTION_PHONE/);
  });

  it("reads the Google client ids as a list, web first, falling back to the single old variable", () => {
    expect(parseEnv({ GOOGLE_CLIENT_IDS: " web.apps , android.apps,,ios.apps,web.apps " })).toMatchObject({
      GOOGLE_CLIENT_IDS: ["web.apps", "android.apps", "ios.apps"],
      GOOGLE_WEB_CLIENT_ID: "web.apps",
    });
    expect(parseEnv({ GOOGLE_CLIENT_ID: "antiguo.apps" })).toMatchObject({
      GOOGLE_CLIENT_IDS: ["antiguo.apps"],
      GOOGLE_WEB_CLIENT_ID: "antiguo.apps",
    });
    expect(parseEnv({ NEXT_PUBLIC_GOOGLE_CLIENT_ID: "publico.apps" }).GOOGLE_CLIENT_IDS).toEqual(["publico.apps"]);
    expect(parseEnv({ GOOGLE_CLIENT_IDS: "nuevo.apps", GOOGLE_CLIENT_ID: "antiguo.apps" }).GOOGLE_CLIENT_IDS).toEqual([
      "nuevo.apps",
    ]);
    expect(parseEnv({ GOOGLE_CLIENT_IDS: "  ", GOOGLE_CLIENT_ID: "antiguo.apps" }).GOOGLE_CLIENT_IDS).toEqual([
      "antiguo.apps",
    ]);
    expect(parseEnv({})).toMatchObject({ GOOGLE_CLIENT_IDS: [], GOOGLE_WEB_CLIENT_ID: undefined });
    expect(() => parseEnv({ GOOGLE_CLIENT_IDS: "web.apps android.apps" })).toThrow(/GOOGLE_CLIENT_IDS/);
  });

  it("explains bad variables in zod's English, not in the visitors' catalogue", async () => {
    await import("./schemas"); // sets the catalogue's default message for request schemas
    expect(() => parseEnv({ GEOCODER: "magic" })).toThrow(/GEOCODER: Invalid input/);
  });

  it("reads the map tiles' template, OpenStreetMap's by default, and refuses one Leaflet cannot use", () => {
    expect(parseEnv({}).MAP_TILES_URL).toBe(TESELAS_OSM_URL);
    expect(parseEnv({ MAP_TILES_URL: " " }).MAP_TILES_URL).toBe(TESELAS_OSM_URL);
    expect(parseEnv({ MAP_TILES_URL: "https://tiles.example.org/osm/{z}/{x}/{y}.png" }).MAP_TILES_URL).toBe(
      "https://tiles.example.org/osm/{z}/{x}/{y}.png",
    );
    expect(parseEnv({ MAP_TILES_URL: "/teselas/{z}/{x}/{y}.png" }).MAP_TILES_URL).toBe("/teselas/{z}/{x}/{y}.png");
    expect(() => parseEnv({ MAP_TILES_URL: "ftp://tiles.example.org/{z}/{x}/{y}.png" })).toThrow(/MAP_TILES_URL/);
    expect(() => parseEnv({ MAP_TILES_URL: "https://tiles.example.org/{z}/{x}.png" })).toThrow(
      /MAP_TILES_URL[^\n]*\{y\}/,
    );
  });

  it("lets the pages load the tiles' host: {s} as a wildcard, a path of ours as nothing more", () => {
    expect(fuenteDeTeselas(TESELAS_OSM_URL)).toBe("https://*.tile.openstreetmap.org");
    expect(fuenteDeTeselas("https://tiles.example.org:8443/{z}/{x}/{y}.png?k=1")).toBe(
      "https://tiles.example.org:8443",
    );
    expect(fuenteDeTeselas("/teselas/{z}/{x}/{y}.png")).toBeNull();
  });
});
