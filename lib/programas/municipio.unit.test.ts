import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readGazetteer } from "../geo/load-gazetteer";
import { construirNomenclator, type NomenclatorMunicipios } from "../geo/slug";
import { municipioDelPrograma } from "./municipio";
import { puntuarCorpus } from "./puntuar";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

describe("municipioDelPrograma", () => {
  let nomenclator: NomenclatorMunicipios;
  beforeAll(async () => {
    nomenclator = construirNomenclator(await readGazetteer());
  });

  it("names the town of every programme of both corpora, from who signs it or its header", () => {
    // The corpora's scoring compares each programme's town with its expected one.
    const puntuados = ["corpus", "control"].map((c) => puntuarCorpus(path.join(FIXTURES, c), nomenclator));
    expect(puntuados.reduce((n, p) => n + p.total.municipios, 0)).toBeGreaterThanOrEqual(44);
    const fallos = puntuados.flatMap((p) =>
      p.ficheros.flatMap((f) => f.distintos.filter((d) => d.startsWith("municipio")).map((d) => `${f.fichero}: ${d}`)),
    );
    expect(fallos).toEqual([]);
  });

  it("takes no saint, month or place for a town, and tells towns of one name apart by the province named", () => {
    const de = (texto: string) => municipioDelPrograma(texto, nomenclator)?.ine ?? null;
    // San Pedro (Albacete), Alameda (Málaga) and Mayor are not what these lines name.
    expect(de("FIESTAS DE SAN PEDRO 2026\nSÁBADO 27 DE JUNIO\n12:00 h. Misa en la Plaza Mayor.")).toBeNull();
    expect(de("Fiestas de Agosto\nVerbena con la orquesta Alameda")).toBeNull();
    expect(de("Ajuntament de Cabanes · Festes 2026")).toBe("12033");
    expect(de("Ajuntament de Cabanes (Girona) · Festes 2026")).toBe("17030");
    expect(de("NAVIDAD EN ALMADÉN DE LA PLATA 2026-2027")).toBe("41009");
    expect(de("Excmo. Ayuntamiento de Garganta la Olla y Comisión de Fiestas")).toBe("10079");
  });
});
