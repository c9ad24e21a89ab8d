import { describe, expect, it } from "vitest";
import { construirNomenclator, type MunicipioGazetteer } from "../geo/slug";
import { idMunicipio, ineDeId, nombresDeMunicipios } from "./actores";

const fila = (ine: string, nombre: string, provincia: string): MunicipioGazetteer => ({
  ine,
  nombre,
  nombreOficial: nombre,
  nombresAlternativos: [],
  provincia,
  comunidad: "",
  lat: 40,
  lng: -3,
  poblacion: 100,
});

describe("towns' handles", () => {
  const nomenclator = construirNomenclator([
    fila("42215", "Vinuesa", "Soria"),
    fila("05001", "Villanueva", "Ávila"),
    fila("06150", "Villanueva", "Badajoz"),
    fila("28900", "Relay", "Madrid"),
  ]);
  const { porNombre, porIne } = nombresDeMunicipios(nomenclator);

  it("are a town's name, or its name and province when Spain has several of that name", () => {
    expect(porIne.get("42215")).toBe("vinuesa");
    expect(porIne.get("05001")).toBe("villanueva-avila");
    expect(porIne.get("06150")).toBe("villanueva-badajoz");
    expect(porNombre.get("villanueva")).toBeUndefined();
    expect(porNombre.get("villanueva-badajoz")).toBe("06150");
  });

  it("never take the site's own names", () => {
    expect(porIne.get("28900")).not.toBe("relay");
    expect(porNombre.get(porIne.get("28900")!)).toBe("28900");
  });

  it("are worked out once per gazetteer", () => {
    expect(nombresDeMunicipios(nomenclator).porNombre).toBe(porNombre);
  });

  it("identify a town by its INE code, and nothing else", () => {
    expect(ineDeId(idMunicipio("42215"))).toBe("42215");
    expect(ineDeId("municipios/4221")).toBeNull();
    expect(ineDeId("municipios/42215/bandeja")).toBeNull();
    expect(ineDeId("sitio")).toBeNull();
  });
});
