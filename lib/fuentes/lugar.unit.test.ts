import { beforeAll, describe, expect, it } from "vitest";
import { readGazetteer } from "../geo/load-gazetteer";
import { construirNomenclator, type MunicipioConRuta, type NomenclatorMunicipios } from "../geo/slug";
import { municipioDelLugar } from "./lugar";
import type { Lugar } from "./tipos";

const vacio: Lugar = { texto: null, direccion: null, municipio: null, provincia: null, lat: null, lng: null };
const lugar = (l: Partial<Lugar>): Lugar => ({ ...vacio, ...l });

describe("municipioDelLugar", () => {
  let n: NomenclatorMunicipios;
  let porNombre: (nombre: string, provincia: string) => MunicipioConRuta;
  beforeAll(async () => {
    n = construirNomenclator(await readGazetteer());
    porNombre = (nombre, provincia) =>
      [...n.porIne.values()].find((m) => m.nombre === nombre && m.provincia === provincia)!;
  });
  const de = (l: Lugar, porDefecto: MunicipioConRuta | null = null) => {
    const m = municipioDelLugar(n, l, porDefecto);
    return m && `${m.nombre} (${m.provincia})`;
  };

  it("finds the town at the end of an address, with or without its postcode", () => {
    expect(de(lugar({ texto: "Centro Cultural Conde Duque, Calle Conde Duque 11, 28015 Madrid" }))).toBe(
      "Madrid (Madrid)",
    );
    expect(de(lugar({ texto: "Plaza de España s/n - Alcalá de Henares" }))).toBe("Alcalá de Henares (Madrid)");
    expect(de(lugar({ direccion: "Calle Mayor 3", municipio: "Zaragoza" }))).toBe("Zaragoza (Zaragoza)");
  });

  it("finds a town named inside a longer part, the longest name first", () => {
    expect(de(lugar({ texto: "Frontón municipal de Villanueva de la Cañada" }))).toBe(
      "Villanueva de la Cañada (Madrid)",
    );
  });

  it("tells apart two towns of one name by the province the place names, else by the source's default town", () => {
    expect(de(lugar({ texto: "Plaza Mayor, Castejón (Navarra)" }))).toBe("Castejón (Navarra)");
    expect(de(lugar({ texto: "Ermita, Castejón, Cuenca" }))).toBe("Castejón (Cuenca)");
    expect(de(lugar({ municipio: "Arroyomolinos", provincia: "Cáceres" }))).toBe("Arroyomolinos (Cáceres)");
    expect(de(lugar({ texto: "Arroyomolinos" }), porNombre("Navalmoral de la Mata", "Cáceres"))).toBe(
      "Arroyomolinos (Cáceres)",
    );
    expect(de(lugar({ texto: "Arroyomolinos" }), porNombre("Móstoles", "Madrid"))).toBe("Arroyomolinos (Madrid)");
  });

  it("takes the coordinates first: the town they lie in or a named one near them", () => {
    expect(de(lugar({ lat: 41.6488, lng: -0.8891 }))).toBe("Zaragoza (Zaragoza)");
    // The Castejón near these coordinates, whatever the text says of provinces.
    expect(de(lugar({ texto: "Castejón", lat: 42.17, lng: -1.69 }))).toBe("Castejón (Navarra)");
    // A point in the Atlantic names no town, and the default does not apply to it.
    expect(de(lugar({ lat: 40, lng: -15 }), porNombre("Madrid", "Madrid"))).toBeNull();
  });

  it("falls back on the source's default town, and else on nothing", () => {
    expect(de(lugar({ texto: "En línea" }), porNombre("Teruel", "Teruel"))).toBe("Teruel (Teruel)");
    expect(de(lugar({ texto: "En línea" }))).toBeNull();
    expect(de(vacio)).toBeNull();
  });
});
