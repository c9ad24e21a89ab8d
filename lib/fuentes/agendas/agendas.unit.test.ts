import { describe, expect, it } from "vitest";
import { diaEnMadrid, instanteEnMadrid, sumarDias } from "@/lib/dates";
import { fixtureAgenda, FORMAS } from "@/test-support/agendas";
import { mensajesFuentes } from "../mensajes";
import { ADAPTADORES, adaptadorDelTipo, etiquetaTipo } from "../adaptadores";
import { precioDe } from "../adaptadores/comun";
import { detectarTipo } from "../detectar";
import { variantesNombre } from "../lugar";
import { planesDeItem } from "../mapeo";
import type { ItemFuente } from "../tipos";
import { AGENDAS } from ".";
import { fechaDe, horasDe } from "./motor";

const AHORA = new Date();
const HOY = diaEnMadrid(AHORA);
const BASE = "http://127.0.0.1:9";
/** The instant of "HH:mm" on the day `n` days from today in Madrid. */
const a = (n: number, hora = "00:00") => instanteEnMadrid(sumarDias(HOY, n), hora);

/** An agenda's fixture as its first page answers it, with the address that page came from. */
function pagina(tipo: string, envoltorio: (r: unknown[]) => unknown) {
  const url = BASE + FORMAS[tipo].ejemplo;
  return { url, texto: JSON.stringify(envoltorio(fixtureAgenda(tipo, BASE))) };
}

function leer(tipo: string, envoltorio: (r: unknown[]) => unknown) {
  const { url, texto } = pagina(tipo, envoltorio);
  const adaptador = adaptadorDelTipo(tipo)!;
  const leida = adaptador.leerPagina!(texto, { url, ahora: AHORA });
  const porTitulo = (t: string) => leida.items.find((i) => i.titulo === t)!;
  return { ...leida, porTitulo };
}

const planes = (i: ItemFuente) => planesDeItem(i, AHORA).planes;

describe("the regional agendas' engine", () => {
  it("derives the kinds, their labels and detection from the adapter list", () => {
    expect(AGENDAS.map((a) => a.tipo)).toEqual(["castilla-y-leon", "kulturklik", "catalunya", "diputacio-barcelona"]);
    for (const a of AGENDAS) {
      expect(ADAPTADORES).toContain(a);
      expect(etiquetaTipo(a.tipo)).toBe(a.etiqueta);
      expect(a.tipo.length).toBeLessThanOrEqual(20);
    }
    expect(etiquetaTipo("castilla-y-leon")).toBe("Agenda cultural de Castilla y León");
  });

  it("recognises each agenda by its answer's shape and its address's path, whatever the host", () => {
    const envoltorios: Record<string, (r: unknown[]) => unknown> = {
      "castilla-y-leon": (r) => ({ total_count: r.length, results: r }),
      kulturklik: (r) => ({ totalItems: r.length, totalPages: 1, currentPage: 1, items: r }),
      catalunya: (r) => r,
      "diputacio-barcelona": (r) => ({ entitats: r.length, elements: r }),
    };
    for (const [tipo, envoltorio] of Object.entries(envoltorios)) {
      const { url, texto } = pagina(tipo, envoltorio);
      for (const host of ["http://127.0.0.1:8080", "https://otro-servidor.example"]) {
        const enOtroHost = host + new URL(url).pathname + new URL(url).search;
        expect(detectarTipo({ contentType: "application/json", texto, url: enOtroHost }, ADAPTADORES)?.tipo).toBe(tipo);
      }
      // The same answer at another path is not that agenda's, nor is another shape at its path.
      expect(
        detectarTipo({ contentType: "application/json", texto, url: `${BASE}/datos.json` }, ADAPTADORES),
      ).toBeNull();
      expect(
        detectarTipo({ contentType: "application/json", texto: '{"results": [{"id": 1}]}', url }, ADAPTADORES),
      ).toBeNull();
      expect(
        detectarTipo({ contentType: "text/html", texto: "<html><body>Error</body></html>", url }, ADAPTADORES),
      ).toBeNull();
    }
  });

  it("names the next page from the one it read, also when the server answered fewer records than asked", () => {
    const cyl = adaptadorDelTipo("castilla-y-leon")!;
    const r = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id_evento: i, titulo: `T${i}`, fecha_inicio: "2030-01-01" }));
    const url = `${BASE}/api/explore/v2.1/catalog/datasets/x/records?limit=100&offset=0&where=a`;
    const primera = cyl.leerPagina!(JSON.stringify({ total_count: 250, results: r(40) }), { url, ahora: AHORA });
    expect(new URL(primera.siguiente!).searchParams.get("offset")).toBe("40");
    expect(new URL(primera.siguiente!).searchParams.get("limit")).toBe("100");
    expect(new URL(primera.siguiente!).searchParams.get("where")).toBe("a");
    const ultima = cyl.leerPagina!(JSON.stringify({ total_count: 250, results: r(10) }), {
      url: url.replace("offset=0", "offset=240"),
      ahora: AHORA,
    });
    expect(ultima.siguiente).toBeNull();
    // The API refuses offset + limit above 10,000: the reading stops there.
    expect(
      cyl.leerPagina!(JSON.stringify({ total_count: 20_000, results: r(100) }), {
        url: url.replace("offset=0", "offset=9900"),
        ahora: AHORA,
      }).siguiente,
    ).toBeNull();

    const diba = adaptadorDelTipo("diputacio-barcelona")!;
    const d = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ acte_id: `a${i}`, titol: "T", data_inici: "2030-01-01 10:00:00" }));
    const seguida = diba.leerPagina!(JSON.stringify({ elements: d(7) }), {
      url: `${BASE}/api/dataset/actesparcs/format/json/pag-ini/11/pag-fi/30`,
      ahora: AHORA,
    }).siguiente;
    expect(new URL(seguida!).pathname).toBe("/api/dataset/actesparcs/format/json/pag-ini/18/pag-fi/37");
    expect(diba.leerPagina!(JSON.stringify({ elements: [] }), { url: seguida!, ahora: AHORA }).siguiente).toBeNull();

    const k = adaptadorDelTipo("kulturklik")!;
    const url2 = `${BASE}/culture/events/v1.0/events/upcoming?_elements=50&_page=2`;
    const items = fixtureAgenda("kulturklik", BASE);
    expect(
      k.leerPagina!(JSON.stringify({ totalPages: 3, currentPage: 2, items }), { url: url2, ahora: AHORA }).siguiente,
    ).toBe(url2.replace("_page=2", "_page=3"));
    expect(
      k.leerPagina!(JSON.stringify({ totalPages: 2, currentPage: 2, items }), { url: url2, ahora: AHORA }).siguiente,
    ).toBeNull();
  });

  it("narrows a pasted address to upcoming items only where it does not say otherwise", () => {
    const cyl = adaptadorDelTipo("castilla-y-leon")!;
    const ayer = new Date(a(-1).getTime() + 12 * 3_600_000).toISOString().slice(0, 10);
    const u = new URL(cyl.acotar!(`${BASE}/api/explore/v2.1/catalog/datasets/x/records?limit=100`, AHORA));
    expect(u.searchParams.get("where")).toBe(`fecha_inicio >= date'${ayer}' OR fecha_fin >= date'${ayer}'`);
    expect(u.searchParams.get("limit")).toBe("100");
    const propia = new URL(
      cyl.acotar!(`${BASE}/api/explore/v2.1/catalog/datasets/x/records?where=nombre_provincia%3D'Soria'`, AHORA),
    );
    expect(propia.searchParams.get("where")).toBe("nombre_provincia='Soria'");
    const diba = adaptadorDelTipo("diputacio-barcelona")!;
    expect(new URL(diba.acotar!(`${BASE}/api/dataset/actesparcs/format/json`, AHORA)).pathname).toBe(
      `/api/dataset/actesparcs/format/json/camp-data_fi-greaterequal/date:${ayer}`,
    );
  });

  it("reads dates and times the way the agendas write them", () => {
    expect(fechaDe("2026-12-05")).toMatchObject({ hora: null });
    expect(fechaDe("2026-12-05T19:30:00.000")).toMatchObject({ hora: "19:30" });
    expect(fechaDe("2026-12-05 10:30:00")).toMatchObject({ hora: "10:30" });
    expect(fechaDe("2026-12-05T00:00:00Z")).toMatchObject({ hora: null });
    expect(fechaDe("05/12/2026")).toEqual(fechaDe("2026-12-05"));
    expect(fechaDe("2026-02-30")).toBeNull();
    expect(fechaDe("2026-13-45 19:00:00")).toBeNull();
    expect(fechaDe("Próximamente")).toBeNull();
    expect(fechaDe("9999-09-09T00:00:00.000")?.dia).toBe(Number.POSITIVE_INFINITY);
    expect(horasDe("20:00")).toEqual(["20:00"]);
    expect(horasDe("A les 19 h")).toEqual(["19:00"]);
    expect(horasDe("A partir de 17.30 h")).toEqual(["17:30"]);
    expect(horasDe("De 12:00 a 14:00 horas")).toEqual(["12:00", "14:00"]);
    expect(horasDe("11 h Durada aproximada: 1 hora i 15 minuts")).toEqual(["11:00"]);
    expect(horasDe("Todos los días.")).toEqual([]);
    expect(horasDe("Según programa")).toEqual([]);
  });

  it("reads free-text prices: free words anywhere, the lowest amount, nothing from what names neither", () => {
    const casos: [string, number | null][] = [
      ["Gratuita", 0],
      ["Gratuito", 0],
      ["Gratis", 0],
      ["Entrada libre", 0],
      ["Entrada gratuita", 0],
      ["Acceso libre", 0],
      ["Doan", 0],
      ["Gratuït", 0],
      ["Activitat gratuïta", 0],
      ["GRATUITA - SE CELEBRARÁ EN LA PLAZA", 0],
      ["Gratuita. Se celebrará en la Plaza de la Villa.", 0],
      ["3euros. Se celebrará en el Castillo de Alvaro de Luna.", 3],
      ["5 euros por persona.", 5],
      ["De 5 a 10 €", 5],
      ["Preus: 10 € i 22 €", 10],
      ["3,50 €", 3.5],
      ["Consultar", null],
      ["Se celebrará en el Salón del Hogar del pensionista.", null],
    ];
    for (const [texto, precio] of casos) expect(precioDe(texto), texto).toBe(precio);
  });

  it("finds a town written the agendas' way", () => {
    expect(variantesNombre("Tiemblo (El)")).toContain("El Tiemblo");
    expect(variantesNombre("Adrada, La")).toContain("La Adrada");
    expect(variantesNombre("Hospitalet de Llobregat (L')")).toContain("L'Hospitalet de Llobregat");
    expect(variantesNombre("Donostia / San Sebastián")).toEqual(expect.arrayContaining(["Donostia", "San Sebastián"]));
    expect(variantesNombre("Castrillo de la Reina")).toEqual(["Castrillo de la Reina"]);
  });
});

describe("each agenda's records", () => {
  it("Castilla y León: times of Madrid, free-text prices and hours, the locality's point, broken records counted", () => {
    const p = leer("castilla-y-leon", (r) => ({ total_count: r.length, results: r }));
    const cuentos = p.porTitulo("'Cuentilaura: Dia del Libro' (CUENTA LAURA CUENTOS)");
    expect(cuentos).toMatchObject({
      id: "1285610725478",
      inicio: a(3, "20:00"),
      fin: null,
      precio: 2,
      gratis: false,
      categorias: ["Infantil", "Cultura"],
      lugar: { municipio: "Tiemblo (El)", provincia: "Ávila", lat: 40.41628, lng: -4.503831, texto: null },
    });
    expect(cuentos.imagen).toBe(
      `${BASE}/web/jcyl/binarios/98/216/Cuenta%20Laura%20cuentos,2.jpeg?blobheader=image%2Fjpeg&blobnocache=true`,
    );
    expect(cuentos.descripcion).toContain("**Género: Teatro.");
    expect(p.porTitulo("Concierto de la Banda Municipal")).toMatchObject({
      precio: 0,
      gratis: true,
      inicio: a(5, "22:30"),
    });
    // "Todos los días." over two days: an all-day plan; its title in capitals, as its description writes it.
    expect(planes(p.porTitulo("XV MERCADO DE LA FLOR DE BOÑAR"))).toMatchObject([
      {
        titulo: "XV Mercado de la Flor de Boñar",
        tipo: "evento",
        fechaInicio: a(6),
        fechaFin: a(7, "23:59"),
        precio: 5,
        categorias: ["Fiestas de pueblo"],
      },
    ]);
    // Longer than 60 days: an experience, with its hours.
    const [expo] = planes(p.porTitulo("Exposición: la minería en Cistierna"));
    expect(expo).toMatchObject({ tipo: "experiencia", precio: null, gratis: null });
    expect(expo.horarios[0]).toMatchObject({ horaInicio: "10:00", horaFin: "13:30" });
    expect(p.descartados).toEqual([{ titulo: "Taller de encuadernación", motivo: mensajesFuentes.fechaNoValida }]);
    // Past: read, but it makes no plan.
    expect(planes(p.porTitulo("Visita guiada al castillo"))).toEqual([]);
  });

  it("Kulturklik: the Spanish text or else the Basque, the time from its opening hours, the town's centre as no pin", () => {
    const p = leer("kulturklik", (r) => ({ totalItems: r.length, totalPages: 1, currentPage: 1, items: r }));
    const fuera = p.porTitulo('"Fuera de temporada"');
    // Quotes around the whole title go.
    expect(planes(fuera)[0].titulo).toBe("Fuera de temporada");
    expect(fuera).toMatchObject({
      inicio: a(2, "20:30"),
      precio: 5,
      categorias: ["Cultura"],
      imagen: `${BASE}/contenidos/evento/2024090116343697/es_def/images/ff.jpg`,
      lugar: { municipio: "Ordizia", provincia: "Gipuzkoa", texto: "Herri Antzokia", puntoDelPueblo: true },
    });
    // Three days at 20:30: one plan with a date a day.
    expect(planes(fuera)).toHaveLength(1);
    expect(planes(fuera)[0].fechas!.map((x) => x.inicio)).toEqual([a(2, "20:30"), a(3, "20:30"), a(4, "20:30")]);
    expect(p.porTitulo('Film-dokumentala: "Les Pires (Los peores)" (Lise Asoka, Romane Gueret)')).toMatchObject({
      inicio: a(6, "18:30"),
      precio: null,
    });
    expect(p.porTitulo("Azpeitiko Musika Bandaren kontzertua")).toMatchObject({
      precio: 0,
      gratis: true,
      inicio: a(7, "12:00"),
    });
    // The French Basque Country is no town of Spain's gazetteer: its item has no town at all.
    expect(p.porTitulo('"Irati"').lugar).toMatchObject({ municipio: null, provincia: "Francia", lat: null, lng: null });
  });

  it("Catalonia: one item per activity and place, permanent ones with hours as experiences, no images", () => {
    const p = leer("catalunya", (r) => r);
    const havaneres = p.items.filter((i) => i.titulo === "Cantada d'havaneres a la platja");
    expect(havaneres).toHaveLength(2);
    expect(new Set(havaneres.map((i) => i.id)).size).toBe(2);
    expect(havaneres[0]).toMatchObject({
      inicio: a(4, "19:00"),
      gratis: true,
      precio: 0,
      imagen: null,
      categorias: ["Cultura", "Fiestas de pueblo"],
      lugar: { municipio: "palafrugell", provincia: "girona", lat: 41.8887, lng: 3.1853 },
    });
    expect(havaneres[1]).toMatchObject({ inicio: a(5, "20:00"), precio: 10, gratis: false });
    const [museu] = planes(p.porTitulo("Museu del Suro: exposició permanent"));
    expect(museu).toMatchObject({ tipo: "experiencia", precio: 4 });
    expect(museu.horarios[0]).toMatchObject({ horaInicio: "10:00", horaFin: "14:00" });
    expect(planes(p.porTitulo("Ruta dels gegants de Premià"))[0]).toMatchObject({ tipo: "experiencia", precio: 0 });
    expect(p.descartados).toEqual([
      { titulo: "Visita virtual al Museu d'Art", motivo: mensajesFuentes.permanenteSinHorario },
    ]);
  });

  it("Diputació de Barcelona: path paging, INE codes, a whole day from 00:00:00 to 23:59:59", () => {
    const p = leer("diputacio-barcelona", (r) => ({ entitats: r.length, elements: r }));
    expect(p.porTitulo("HORA DEL CONTE PER A MENUTS: L'Elmer: l'elefant de colors")).toMatchObject({
      inicio: a(3, "10:30"),
      fin: null,
      precio: 0,
      gratis: true,
      organizador: "Vilanova i la Geltrú. Biblioteca Joan Oliva i Milà",
      imagen: `${BASE}/documents/352117/180979110/Elmer.png`,
      categorias: ["Infantil", "Cultura"],
      lugar: {
        ine: "08307",
        lat: 41.224087,
        lng: 1.725537,
        texto: "Biblioteca Joan Oliva i Milà, Plaça de la Vila, 13 08800 Vilanova i la Geltrú",
      },
    });
    expect(p.porTitulo("Visita al mNACTEC!")).toMatchObject({ todoElDia: true, inicio: a(2), fin: a(10), precio: 5 });
    expect(p.porTitulo("Excursió al Puig de la Creu")).toMatchObject({
      inicio: a(6, "09:00"),
      fin: a(6, "13:30"),
      categorias: ["Aventura"],
      lugar: { ine: null, municipio: "Sant Llorenç Savall", lat: null },
    });
    expect(p.descartados).toEqual([{ titulo: "Club de lectura", motivo: mensajesFuentes.fechaNoValida }]);
  });
});
