import { describe, expect, it } from "vitest";
import { construirNomenclator, type MunicipioGazetteer } from "../geo/slug";
import {
  idMunicipio,
  idOrganizacion,
  ineDeId,
  nombresDeMunicipios,
  nombresDeOrganizaciones,
  organizacionDeId,
} from "./actores";

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

describe("organizations' handles", () => {
  const municipios = nombresDeMunicipios(construirNomenclator([fila("42215", "Vinuesa", "Soria")]));
  const { porNombre, porId } = nombresDeOrganizaciones(
    [
      { id: "a", nombre: "Peña El Rebote" },
      { id: "b", nombre: "Vinuesa" },
      { id: "c", nombre: "Peña el rebote" },
      { id: "d", nombre: "Relay" },
    ],
    municipios,
  );

  it("are the name's slug; a town's, the site's or an older organization's name takes a number", () => {
    expect(porId.get("a")).toBe("pena-el-rebote");
    expect(porId.get("b")).toBe("vinuesa-2");
    expect(porId.get("c")).toBe("pena-el-rebote-2");
    expect(porId.get("d")).toBe("relay-2");
    expect(porNombre.get("vinuesa")).toBeUndefined();
    expect(porNombre.get("pena-el-rebote-2")).toBe("c");
  });

  it("identify an organization by its id, and nothing else", () => {
    const id = "6522cdaf-3ff6-4754-9c5a-a44f444006ed";
    expect(organizacionDeId(idOrganizacion(id.toUpperCase()))).toBe(id);
    expect(organizacionDeId("organizaciones/nada")).toBeNull();
    expect(organizacionDeId(idMunicipio("42215"))).toBeNull();
  });
});
