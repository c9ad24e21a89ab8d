import { describe, expect, it } from "vitest";
import { readGazetteer } from "./load-gazetteer";
import {
  nombreDelPueblo,
  construirNomenclator,
  municipioPorNombre,
  resolverProvincia,
  resolverRuta,
  slug,
  type MunicipioGazetteer,
} from "./slug";

const fila = (f: Partial<MunicipioGazetteer> & Pick<MunicipioGazetteer, "ine" | "nombre" | "provincia">) => ({
  nombreOficial: f.nombre,
  nombresAlternativos: [],
  comunidad: "Comunidad",
  lat: 40,
  lng: -3,
  poblacion: null,
  ...f,
});

describe("town page slugs", () => {
  it("are lower case, accent-free and hyphenated", () => {
    expect(slug("Albarracín")).toBe("albarracin");
    expect(slug("Illes Balears")).toBe("illes-balears");
    expect(slug("L'Atzúbia")).toBe("l-atzubia");
    expect(slug("A Coruña")).toBe("a-coruna");
    expect(slug("Sant Llorenç d'Hortons")).toBe("sant-llorenc-d-hortons");
    expect(slug("  Alcoy/Alcoi ")).toBe("alcoy-alcoi");
  });

  it("give every municipality of the gazetteer its own path", async () => {
    const nomenclator = construirNomenclator(await readGazetteer());
    expect(nomenclator.porIne.size).toBe(8131);
    expect(nomenclator.porRuta.size).toBe(8131);
    expect(nomenclator.porIne.get("44009")?.ruta).toBe("/planes/teruel/albarracin");
    expect(nomenclator.porIne.get("07040")?.ruta).toBe("/planes/illes-balears/palma");
    // Names repeated across Spain stay apart through their province.
    const villanuevas = nomenclator.porNombre.get("torrent") ?? [];
    expect(new Set(villanuevas.map((m) => m.ruta)).size).toBe(villanuevas.length);
  });

  it("tell apart two towns of one province with the same slug, the lowest INE code keeping the plain one", () => {
    const nomenclator = construirNomenclator([
      fila({ ine: "99002", nombre: "Villar del Río", provincia: "Soria" }),
      fila({ ine: "99001", nombre: "Villar del Rio", provincia: "Soria" }),
      fila({ ine: "98001", nombre: "Villar del Río", provincia: "Teruel" }),
    ]);
    expect(nomenclator.porIne.get("99001")?.ruta).toBe("/planes/soria/villar-del-rio");
    expect(nomenclator.porIne.get("99002")?.ruta).toBe("/planes/soria/villar-del-rio-99002");
    expect(nomenclator.porIne.get("98001")?.ruta).toBe("/planes/teruel/villar-del-rio");
    // The same rows in another order give the same paths.
    const otra = construirNomenclator([...nomenclator.porIne.values()].reverse());
    expect(otra.porIne.get("99002")?.ruta).toBe("/planes/soria/villar-del-rio-99002");
  });

  it("resolve other spellings to the canonical path, and nothing for unknown towns", async () => {
    const nomenclator = construirNomenclator(await readGazetteer());
    expect(resolverRuta(nomenclator, "teruel", "albarracin")).toMatchObject({ canonica: true });
    for (const [p, m] of [
      ["Teruel", "Albarracín"],
      ["teruel", "Albarrac%C3%ADn"],
      ["TERUEL", "ALBARRACIN"],
    ]) {
      expect(resolverRuta(nomenclator, p, m)).toMatchObject({
        canonica: false,
        municipio: { ruta: "/planes/teruel/albarracin" },
      });
    }
    expect(resolverRuta(nomenclator, "alicante", "alacant")?.municipio.ruta).toBe("/planes/alicante/alicante");
    expect(resolverRuta(nomenclator, "alacant", "alicante-alacant")?.municipio.ruta).toBe("/planes/alicante/alicante");
    expect(resolverRuta(nomenclator, "baleares", "palma-de-mallorca")?.municipio.ruta).toBe(
      "/planes/illes-balears/palma",
    );
    expect(resolverRuta(nomenclator, "alicante", "alcoi")?.municipio.ruta).toBe("/planes/alicante/alcoy");
    expect(resolverRuta(nomenclator, "teruel", "no-existe")).toBeNull();
    expect(resolverRuta(nomenclator, "atlantida", "albarracin")).toBeNull();
    // A town of another province is not found through the wrong one.
    expect(resolverRuta(nomenclator, "soria", "albarracin")).toBeNull();
    expect(resolverProvincia(nomenclator, "Gerona")).toMatchObject({ slug: "girona", canonica: false });
  });

  it("find a plan's town by its name, the nearest of those so called", async () => {
    const nomenclator = construirNomenclator(await readGazetteer());
    const nombre = "Torrent";
    const todos = nomenclator.porNombre.get(slug(nombre))!;
    for (const m of todos) {
      expect(municipioPorNombre(nomenclator, nombre, { lat: m.lat!, lng: m.lng! })?.ine).toBe(m.ine);
    }
    expect(municipioPorNombre(nomenclator, "Pueblo que no existe", { lat: 40, lng: -3 })).toBeNull();
  });
});

describe("a town's name in a page's language", () => {
  it("is the usual one in Spanish and the official form, both names of a bilingual town, in the others", () => {
    const donostia = { nombre: "San Sebastián", nombreOficial: "Donostia/San Sebastián" };
    expect(nombreDelPueblo(donostia, "es")).toBe("San Sebastián");
    expect(nombreDelPueblo(donostia, "eu")).toBe("Donostia / San Sebastián");
    expect(nombreDelPueblo({ nombre: "Lleida", nombreOficial: "Lleida" }, "en")).toBe("Lleida");
  });
});
