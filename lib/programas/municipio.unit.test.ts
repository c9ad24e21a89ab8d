import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readGazetteer } from "../geo/load-gazetteer";
import { construirNomenclator, type NomenclatorMunicipios, slug } from "../geo/slug";
import { municipioDelPrograma } from "./municipio";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

describe("municipioDelPrograma", () => {
  let nomenclator: NomenclatorMunicipios;
  beforeAll(async () => {
    nomenclator = construirNomenclator(await readGazetteer());
  });

  it("names the town of every programme of both corpora, from who signs it or its header", () => {
    const fallos: string[] = [];
    let programas = 0;
    for (const corpus of ["corpus", "control"]) {
      const dir = path.join(FIXTURES, corpus);
      for (const f of readdirSync(dir).filter((f) => f.endsWith(".txt"))) {
        programas++;
        const { municipio } = JSON.parse(readFileSync(path.join(dir, f.replace(/\.txt$/, ".json")), "utf8"));
        const leido = municipioDelPrograma(readFileSync(path.join(dir, f), "utf8"), nomenclator);
        if (slug(leido?.nombre ?? "") !== slug(municipio)) fallos.push(`${f}: ${municipio} → ${leido?.nombre}`);
      }
    }
    expect(programas).toBeGreaterThanOrEqual(44);
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
