import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adaptadorDelTipo } from "./adaptadores";
import { FORMAS, muestraAgenda } from "./agendas/muestras";
import { acortarTitulo } from "./mapeo";
import type { ItemFuente, Lugar } from "./tipos";
import { quitarComillas, sinAbrir, tituloImportado } from "./titulos";

const AHORA = new Date();
const FIXTURES = path.join(process.cwd(), "lib/fuentes/fixtures");
/** The agendas' real answers, beside the project (their README says where each comes from). */
const MUESTRAS = "/work/shared/fuentes/muestras";

const ENVOLTORIOS: Record<string, (r: unknown[]) => unknown> = {
  "castilla-y-leon": (r) => ({ total_count: r.length, results: r }),
  kulturklik: (r) => ({ totalItems: r.length, totalPages: 1, currentPage: 1, items: r }),
  catalunya: (r) => r,
  "diputacio-barcelona": (r) => ({ entitats: r.length, elements: r }),
};

function deAgenda(tipo: string, registros: unknown[]): ItemFuente[] {
  const url = "http://127.0.0.1:9" + FORMAS[tipo].ejemplo;
  return adaptadorDelTipo(tipo)!.leerPagina!(JSON.stringify(ENVOLTORIOS[tipo](registros)), { url, ahora: AHORA }).items;
}

/** Every item of every fixture and sample of the sources, read by its adapter. */
function todosLosItems(): ItemFuente[] {
  const items: ItemFuente[] = [];
  for (const f of readdirSync(FIXTURES)) {
    const tipo = f.endsWith(".ics") ? "ics" : f.endsWith(".html") ? "jsonld" : /^(madrid|zaragoza)-/.exec(f)?.[1];
    if (!tipo) continue;
    const texto = readFileSync(path.join(FIXTURES, f), "utf8");
    items.push(...adaptadorDelTipo(tipo)!.leer!(texto, { url: `https://www.ejemplo.es/${f}`, ahora: AHORA }));
  }
  for (const tipo of Object.keys(ENVOLTORIOS)) items.push(...deAgenda(tipo, muestraAgenda(tipo, "http://127.0.0.1:9")));
  const cyl = JSON.parse(readFileSync(path.join(MUESTRAS, "castilla-y-leon-agenda-cultural.json"), "utf8"));
  items.push(
    ...deAgenda(
      "castilla-y-leon",
      (cyl as { fields: unknown }[]).map((r) => r.fields),
    ),
  );
  items.push(
    ...deAgenda("catalunya", JSON.parse(readFileSync(path.join(MUESTRAS, "catalunya-rhpv-yr4f-2018.json"), "utf8"))),
  );
  return items;
}

const lugar = (municipio: string): Lugar => ({
  texto: null,
  direccion: null,
  municipio,
  provincia: null,
  lat: null,
  lng: null,
});
const titulo = (t: string, descripcion = "", municipio?: string) =>
  acortarTitulo(tituloImportado(t, { descripcion, lugar: municipio ? lugar(municipio) : null }));

describe("an imported title", () => {
  const items = todosLosItems();

  it("of every fixture and sample is neither wrapped in quotes, nor in capitals, nor cut inside a bracket", () => {
    expect(items.length).toBeGreaterThan(150);
    for (const item of items) {
      const t = titulo(item.titulo, item.descripcion, item.lugar.municipio ?? undefined);
      expect(t.length, item.titulo).toBeLessThanOrEqual(50);
      expect(quitarComillas(t), item.titulo).toBe(t);
      expect(sinAbrir(t.replace(/…$/, "")), item.titulo).toBe(t.replace(/…$/, ""));
      // Out of brackets (a company's name), no word of five letters or more is written in capitals.
      const palabras = t.replace(/\([^)]*\)/g, "").match(/\p{L}+/gu) ?? [];
      expect(
        palabras.filter((p) => p.length >= 5 && p === p.toLocaleUpperCase("es")),
        item.titulo,
      ).toEqual([]);
    }
  });

  it("of the samples reads as a person would type it", () => {
    const por = (t: string) => items.find((i) => i.titulo === t)!;
    const de = (t: string) => titulo(t, por(t).descripcion, por(t).lugar.municipio ?? undefined);
    expect(de('"Fuera de temporada"')).toBe("Fuera de temporada");
    expect(de("CICLO PREPARANDO HALLOWEEN. Laboratorio infantil de creatividad.")).toBe(
      "Ciclo preparando Halloween. Laboratorio infantil…",
    );
    expect(de("XV MERCADO DE LA FLOR DE BOÑAR")).toBe("XV Mercado de la Flor de Boñar");
    expect(
      de("MUSEO DE LA SIDERURGIA Y LA MINERÍA DE CASTILLA Y LEÓN (Sabero, León). EXPOSICIONES TEMPORALES, MARZO 2026"),
    ).toBe("Museo de la siderurgia y la minería de Castilla y…");
    // Mixed case is left as written: a company's name in capitals, quotes around a work's title.
    expect(de("'Raíces' (FETÉN FETÉN)")).toBe("'Raíces' (FETÉN FETÉN)");
    expect(de("Exposición «Mujeres de la tierra»")).toBe("Exposición «Mujeres de la tierra»");
  });

  it("loses the quotes around it, whichever they are, and only those", () => {
    expect(titulo("«Concierto»")).toBe("Concierto");
    expect(titulo("“Irati”")).toBe("Irati");
    expect(titulo("'«Raíces»'")).toBe("Raíces");
    expect(titulo('"Luces" y "sombras"')).toBe('"Luces" y "sombras"');
  });

  it("in capitals becomes sentence case, keeping Roman numerals, acronyms and the names its text writes", () => {
    expect(titulo("XV MERCADO DE LA FLOR DE BOÑAR", "Puestos en el Mercado de la Flor.", "Boñar")).toBe(
      "XV Mercado de la Flor de Boñar",
    );
    expect(titulo("XV MERCADO DE LA FLOR DE BOÑAR")).toBe("XV Mercado de la flor de boñar");
    expect(titulo("SESIÓN DJ EN LA VERBENA")).toBe("Sesión DJ en la verbena");
    expect(titulo("FIESTA FIN DE CURSO DEL CEIP SAN ROQUE", "Los alumnos de San Roque", "Soria")).toBe(
      "Fiesta fin de curso del CEIP San Roque",
    );
    expect(titulo("«II RUTA BTT DE LA ROBLA»", "", "La Robla")).toBe("II Ruta BTT de la Robla");
    // A description in capitals says nothing of its words' case.
    expect(titulo("GRAN VERBENA", "CON LA ORQUESTA GRAN VERBENA")).toBe("Gran verbena");
  });

  it("shortened never ends inside an open bracket or quote", () => {
    expect(titulo("Concierto de la Banda Municipal (Ciclo de música de cámara en primavera)")).toBe(
      "Concierto de la Banda Municipal…",
    );
    expect(titulo("Presentación del libro «La memoria de los pueblos olvidados de la montaña»")).toBe(
      "Presentación del libro…",
    );
    expect(titulo("'Tributo a El Arrebato, Melendi, Estopa y otros grandes' (SAÚL)")).toBe(
      "Tributo a El Arrebato, Melendi, Estopa y otros…",
    );
    expect(titulo("Cantada d'havaneres a la platja amb el grup Port Bo i cremat per a tothom")).toBe(
      "Cantada d'havaneres a la platja amb el grup Port…",
    );
  });
});
