import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { distanciaEsferaM, RADIO_ESFERA_M } from "../geo/distancia";
import { cubre, DiscosDensos, HOLGURA_ESFERA, incluidos, type Filtros } from "./total-denso";

const db = () => process.env.DATABASE_URL!;
const todos: Filtros = { categorias: null, accesible: false, gratis: false, q: null };

/** The point `metros` from (lng, lat) along `rumbo` degrees, on the sphere. */
function destino(o: { lng: number; lat: number }, metros: number, rumbo: number) {
  const rad = Math.PI / 180;
  const d = metros / RADIO_ESFERA_M;
  const lat1 = o.lat * rad;
  const t = rumbo * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(t));
  const lng2 =
    o.lng * rad + Math.atan2(Math.sin(t) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lng: lng2 / rad, lat: lat2 / rad };
}

describe("dense discs (total-denso.ts)", () => {
  it("measures distances as the GiST index's <-> does, on PostGIS's sphere", async () => {
    const pares = [
      [
        { lng: -3.7038, lat: 40.4168 },
        { lng: -3.6, lat: 40.5 },
      ],
      [
        { lng: -15.43, lat: 28.1 },
        { lng: -15.9, lat: 28.4 },
      ],
      [
        { lng: 2.17, lat: 41.38 },
        { lng: 2.17, lat: 41.83 },
      ],
    ];
    for (const [a, b] of pares) {
      const [{ d }] = await query<{ d: number }>(
        db(),
        `SELECT ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography <-> ST_SetSRID(ST_MakePoint($3, $4), 4326)::geography AS d`,
        [a.lng, a.lat, b.lng, b.lat],
      );
      expect(Math.abs(distanciaEsferaM(a, b) - d) / d).toBeLessThan(1e-6);
    }
  });

  it("a covered search holds every plan of the disc within its radius on the spheroid, at the worst bearing", async () => {
    // The tightest case: the plan at the disc's edge on the far side from the new point, the new
    // point as far from the disc's centre as `cubre` allows, at every bearing and latitude of Spain.
    const casos: { x: { lng: number; lat: number }; q: { lng: number; lat: number }; radio: number }[] = [];
    for (const lat of [27.7, 36, 40.4, 43.8])
      for (let rumbo = 0; rumbo < 360; rumbo += 15)
        for (const [metros, radio] of [
          [300, 5_000],
          [5_000, 50_000],
          [30_000, 50_000],
        ]) {
          const p = { lng: -3.7, lat };
          // A centimetre inside the limit, so rounding cannot decide it.
          const q = destino(p, HOLGURA_ESFERA * radio - metros - 0.01, rumbo);
          expect(cubre({ ...p, metros, filtros: todos }, q.lng, q.lat, radio)).toBe(true);
          expect(cubre({ ...p, metros: metros + 10, filtros: todos }, q.lng, q.lat, radio)).toBe(false);
          casos.push({ x: destino(p, metros, rumbo + 180), q, radio });
        }
    const filas = await query<{ razon: number }>(
      db(),
      `SELECT ST_Distance(ST_SetSRID(ST_MakePoint(c.xl, c.xa), 4326)::geography,
                          ST_SetSRID(ST_MakePoint(c.ql, c.qa), 4326)::geography, true) / c.radio AS razon
       FROM unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[], $5::float8[]) AS c(xl, xa, ql, qa, radio)`,
      [
        casos.map((c) => c.x.lng),
        casos.map((c) => c.x.lat),
        casos.map((c) => c.q.lng),
        casos.map((c) => c.q.lat),
        casos.map((c) => c.radio),
      ],
    );
    const peor = Math.max(...filas.map((f) => f.razon));
    // Within the radius on the spheroid every time…
    expect(peor).toBeLessThanOrEqual(1);
    // …and only thanks to the margin: on the sphere's full radius, some bearing would fall outside.
    expect(peor / HOLGURA_ESFERA).toBeGreaterThan(1);
  });

  it("proves 'more than' only where a disc fits, for the same filters or looser ones", async () => {
    const discos = new DiscosDensos(10, 60_000);
    const madrid = { lng: -3.7038, lat: 40.4168 };
    const finde = {
      fechaInicioFiltro: new Date("2026-11-27T23:00:00Z"),
      fechaFinFiltro: new Date("2026-11-29T22:59:59Z"),
    };
    const filtros: Filtros = { categorias: ["Fiesta", "Cultura"], accesible: false, gratis: false, q: null, ...finde };
    expect(await discos.masDelTope("v1", filtros, madrid.lng, madrid.lat, 50_000)).toBe(false);
    await discos.anotar("v1", { ...madrid, metros: 12_000, filtros });
    const cerca = destino(madrid, 10_000, 45);
    expect(await discos.masDelTope("v1", filtros, cerca.lng, cerca.lat, 50_000)).toBe(true);
    // Another version, a circle too small, too far: no.
    expect(await discos.masDelTope("v2", filtros, cerca.lng, cerca.lat, 50_000)).toBe(false);
    expect(await discos.masDelTope("v1", filtros, cerca.lng, cerca.lat, 20_000)).toBe(false);
    const lejos = destino(madrid, 40_000, 45);
    expect(await discos.masDelTope("v1", filtros, lejos.lng, lejos.lat, 50_000)).toBe(false);
    // Looser filters: yes; stricter ones: no.
    expect(await discos.masDelTope("v1", todos, cerca.lng, cerca.lat, 50_000)).toBe(true);
    const soloFiesta: Filtros = { ...filtros, categorias: ["Fiesta"] };
    expect(await discos.masDelTope("v1", soloFiesta, cerca.lng, cerca.lat, 50_000)).toBe(false);
  });

  it("knows which filters match every plan that others match", () => {
    const finde = {
      fechaInicioFiltro: new Date("2026-11-27T23:00:00Z"),
      fechaFinFiltro: new Date("2026-11-29T22:59:59Z"),
    };
    const semana = {
      fechaInicioFiltro: new Date("2026-11-22T23:00:00Z"),
      fechaFinFiltro: new Date("2026-11-29T22:59:59Z"),
    };
    const base: Filtros = { categorias: ["Fiesta"], accesible: true, gratis: true, q: null, tipo: "evento", ...finde };
    const casos: [Partial<Filtros>, boolean][] = [
      [{}, true],
      [{ categorias: null }, true],
      [{ categorias: ["Fiesta", "Cultura"] }, true],
      [{ categorias: ["Cultura"] }, false],
      [{ accesible: false }, true],
      [{ gratis: false }, true],
      [{ tipo: undefined }, true],
      [{ tipo: "experiencia" }, false],
      [{ ...semana }, true],
      [{ fechaInicioFiltro: undefined, fechaFinFiltro: undefined }, true],
      [{ fechaInicioFiltro: new Date("2026-11-28T00:00:00Z") }, false],
      [{ fechaFinFiltro: new Date("2026-11-29T12:00:00Z") }, false],
    ];
    for (const [cambio, esperado] of casos)
      expect([cambio, incluidos(base, { ...base, ...cambio })]).toEqual([cambio, esperado]);
    // And the other way round: a count with every category or no window proves nothing for a narrower search.
    expect(incluidos({ ...base, categorias: null }, base)).toBe(false);
    expect(incluidos({ ...base, accesible: false }, base)).toBe(false);
    expect(incluidos({ ...base, gratis: false }, base)).toBe(false);
    expect(incluidos({ ...base, tipo: undefined }, base)).toBe(false);
    expect(incluidos({ ...base, fechaInicioFiltro: undefined, fechaFinFiltro: undefined }, base)).toBe(false);
    expect(incluidos({ ...base, ...semana }, base)).toBe(false);
  });
});
