import { describe, expect, it } from "vitest";
import { aleatorio } from "@/test-support/aleatorio";
import { TOPE_TOTAL } from "../plans/constants";
import { IndiceBusqueda, type ConsultaIndice, type FilaIndice } from "./indice";

const ahora = Date.now();

/** An experience near Madrid with `n` random slots (weekday, start and end minute). */
function experiencia(r: () => number, i: number, version: number): FilaIndice {
  const n = 1 + Math.floor(r() * 4);
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    lng: -3.7 + r() * 0.05,
    lat: 40.4 + r() * 0.05,
    experiencia: true,
    categorias: ["Cultura"],
    accesible: false,
    precio: null,
    fechaInicio: null,
    fechaFin: null,
    diasSemana: 127,
    horarios: Array.from({ length: n }, () => {
      const inicio = Math.floor(r() * 22 * 60);
      return [Math.floor(r() * 7), inicio, inicio + 30 + Math.floor(r() * 90)] as const;
    }),
    destacadoHasta: null,
    visible: true,
    cambio: version,
    terminos: [],
    fechas: [],
  };
}

const consulta = (hasta: number): ConsultaIndice => ({
  categorias: null,
  accesible: false,
  gratis: false,
  q: null,
  orden: "fecha",
  lng: -3.68,
  lat: 40.42,
  radioM: 20_000,
  desde: 0,
  hasta,
});

describe("the search index's slots", () => {
  it("orders by the next slot the same after thousands of changes as an index filled with the last of them", async () => {
    const r = aleatorio(7);
    const cambiado = new IndiceBusqueda();
    const ultimas: FilaIndice[] = [];
    for (let i = 0; i < 3_000; i++) cambiado.poner(experiencia(r, i, 1));
    // Each search at the same instant: the slots' next moments it keeps must follow every change
    // and the renumbering.
    const antes = cambiado.buscar(consulta(3_000), ahora).ids;
    cambiado.compactar();
    expect(cambiado.buscar(consulta(3_000), ahora).ids).toEqual(antes);
    // Every plan's slots replaced three times, some plans hidden and shown again: the slots'
    // array grows, and its garbage is gathered on the way.
    for (let vuelta = 2; vuelta <= 4; vuelta++) {
      cambiado.buscar(consulta(3_000), ahora);
      for (let i = 0; i < 3_000; i++) {
        const f = experiencia(r, i, vuelta);
        if (i % 7 === vuelta) cambiado.quitar(f.id);
        cambiado.poner(f);
        if (vuelta === 4) ultimas.push(f);
      }
    }
    const nuevo = new IndiceBusqueda();
    for (const f of ultimas) nuevo.poner(f);
    nuevo.compactar();
    const a = cambiado.buscar(consulta(3_000), ahora);
    expect(a.contados).toBe(3_000);
    expect(a.ids).toEqual(nuevo.buscar(consulta(3_000), ahora).ids);
    // And not simply in distance order: the date order moved them.
    expect(a.ids).not.toEqual(nuevo.buscar({ ...consulta(3_000), orden: "distancia" }, ahora).ids);
  });
});

describe("the search index's dates", () => {
  const DIA = 86_400_000;
  /** An event near Madrid of one date or of 2 to 7, at random over the next month. */
  function evento(r: () => number, i: number, version: number): FilaIndice {
    const n = r() < 0.3 ? 1 : 2 + Math.floor(r() * 6);
    const fechas = Array.from({ length: n }, () => {
      const a = Math.round(ahora + (r() * 30 - 2) * DIA);
      return [a, a + Math.round(r() * 3 * 3_600_000)] as const;
    }).sort((x, y) => x[0] - y[0]);
    return {
      ...experiencia(r, i, version),
      experiencia: false,
      diasSemana: 0,
      horarios: [],
      fechaInicio: fechas[0][0],
      fechaFin: Math.max(...fechas.map((f) => f[1])),
      fechas: n > 1 ? fechas : [],
    };
  }
  const ventana = (desde: number, hasta: number): ConsultaIndice => ({
    ...consulta(5_000),
    fechaInicioFiltro: new Date(desde),
    fechaFinFiltro: new Date(hasta),
  });

  it("finds an event by any of its dates, orders it by its first one in the window, and keeps them through changes", () => {
    const r = aleatorio(5);
    const cambiado = new IndiceBusqueda();
    const ultimas = new Map<string, FilaIndice>();
    const desde = ahora + 10 * DIA;
    const hasta = ahora + 12 * DIA;
    for (let i = 0; i < 3_000; i++) cambiado.poner(evento(r, i, 1));
    cambiado.buscar(ventana(desde, hasta), ahora);
    cambiado.compactar();
    for (let vuelta = 2; vuelta <= 4; vuelta++) {
      cambiado.buscar(ventana(desde, hasta), ahora);
      for (let i = 0; i < 3_000; i++) {
        const f = evento(r, i, vuelta);
        if (i % 5 === vuelta) cambiado.quitar(f.id);
        cambiado.poner(f);
        if (vuelta === 4) ultimas.set(f.id, f);
      }
    }
    const nuevo = new IndiceBusqueda();
    for (const f of ultimas.values()) nuevo.poner(f);
    nuevo.compactar();
    const a = cambiado.buscar(ventana(desde, hasta), ahora);
    expect(a.ids).toEqual(nuevo.buscar(ventana(desde, hasta), ahora).ids);
    // Exactly the events with a date in the window, though many span it with none there.
    const fechasDe = (f: FilaIndice) => (f.fechas.length > 0 ? f.fechas : [[f.fechaInicio!, f.fechaFin!] as const]);
    const esperados = [...ultimas.values()].filter((f) => fechasDe(f).some(([i, e]) => i <= hasta && e >= desde));
    const abarcan = [...ultimas.values()].filter((f) => f.fechaInicio! <= hasta && f.fechaFin! >= desde);
    expect(abarcan.length).toBeGreaterThan(esperados.length);
    expect(a.contados).toBe(esperados.length);
    // By the first of its dates in the window.
    const primera = (f: FilaIndice) => Math.max(desde, fechasDe(f).find(([, e]) => e >= desde)![0]);
    const momentos = a.ids.map((id) => primera(ultimas.get(id)!));
    expect(momentos).toEqual([...momentos].sort((x, y) => x - y));
  });
});

describe("the search index's word postings", () => {
  /** Words of a few hundred stems, some held by most plans, most by few (as texts' words are). */
  const VOCABULARIO = Array.from({ length: 300 }, (_, i) => `palabra${String.fromCharCode(97 + (i % 26))}${i}`);
  const unaPalabra = (r: () => number) => VOCABULARIO[Math.floor(VOCABULARIO.length * r() ** 3)];

  function plan(r: () => number, i: number, version: number): FilaIndice {
    const inicio = ahora + (r() * 20 - 2) * 86_400_000;
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      // About 25 × 22 km around Madrid: a few hundred cells of some 30 plans.
      lng: -3.85 + r() * 0.3,
      lat: 40.3 + r() * 0.2,
      experiencia: false,
      categorias: ["Cultura"],
      accesible: false,
      precio: null,
      fechaInicio: inicio,
      fechaFin: inicio + 3_600_000,
      diasSemana: 0,
      horarios: [],
      destacadoHasta: r() < 0.05 ? ahora + 86_400_000 : null,
      visible: true,
      cambio: version,
      terminos: Array.from({ length: 3 + Math.floor(r() * 10) }, () => unaPalabra(r)),
      fechas: [],
    };
  }

  /** An index of the vocabulary and the plans, renumbered. */
  function indiceCon(filas: Iterable<FilaIndice>): IndiceBusqueda {
    const indice = new IndiceBusqueda();
    for (const w of VOCABULARIO) indice.ponerPalabra(w, w);
    for (const f of filas) indice.poner(f);
    indice.compactar();
    return indice;
  }
  /** An index of `n` random plans (kept in `filas` when given). */
  function indiceDe(r: () => number, n: number, filas = new Map<string, FilaIndice>()): IndiceBusqueda {
    for (let i = 0; i < n; i++) {
      const f = plan(r, i, 1);
      filas.set(f.id, f);
    }
    return indiceCon(filas.values());
  }

  it("finds through the postings of the cells around the point what reading the cells finds, before and after changes", () => {
    const r = aleatorio(11);
    const filas = new Map<string, FilaIndice>();
    const indice = indiceDe(r, 6_000, filas);
    /** Compares the postings' reading with the cells', and both with `nuevo`'s (an index filled with the plans as they are now). */
    const comparar = (vuelta: string, nuevo?: IndiceBusqueda) => {
      let conPlanes = 0;
      for (let n = 0; n < 300; n++) {
        const palabras = Array.from({ length: 1 + Math.floor(r() * 2) }, () => unaPalabra(r));
        const q = {
          texto: palabras.join(" "),
          palabras: palabras.map((palabra) => ({ palabra, raiz: palabra, errores: 0 })),
          prefijo: r() < 0.3 ? palabras[palabras.length - 1].slice(0, 8) : null,
        };
        const c: ConsultaIndice = {
          ...consulta([0, 1, 30][Math.floor(r() * 3)]),
          q,
          orden: r() < 0.5 ? "distancia" : "fecha",
          lng: -3.85 + r() * 0.3,
          lat: 40.3 + r() * 0.2,
          radioM: [1, 3, 5, 10, 25][Math.floor(r() * 5)] * 1000,
        };
        // A dense disc may already prove the count: then none is made.
        const contar = r() < 0.5;
        indice.factorPostings = 0;
        const porCeldas = indice.buscar(c, ahora, contar);
        indice.factorPostings = 1e9;
        // Past TOPE_TOTAL a count only says "more" (a cell's reading may go on a little past it).
        const tope = (n: number) => Math.min(n, TOPE_TOTAL + 1);
        for (const porAnillos of [true, false]) {
          indice.porAnillos = porAnillos;
          const porPostings = indice.buscar(c, ahora, contar);
          expect(
            { ids: porPostings.ids, contados: tope(porPostings.contados) },
            `${vuelta} ${porAnillos} ${JSON.stringify(c)}`,
          ).toEqual({ ids: porCeldas.ids, contados: tope(porCeldas.contados) });
        }
        if (nuevo) {
          nuevo.factorPostings = 0;
          const deNuevo = nuevo.buscar(c, ahora, contar);
          expect({ ids: deNuevo.ids, contados: tope(deNuevo.contados) }, `${vuelta} ${JSON.stringify(c)}`).toEqual({
            ids: porCeldas.ids,
            contados: tope(porCeldas.contados),
          });
        }
        if (porCeldas.contados > 0) conPlanes++;
      }
      expect(conPlanes).toBeGreaterThan(120);
    };
    comparar("compacted");
    // Moved, removed, new in freed slots and in new ones, with other words: all after the renumbering.
    const poner = (f: FilaIndice) => {
      indice.poner(f);
      filas.set(f.id, f);
    };
    for (let i = 0; i < 6_000; i += 3) poner(plan(r, i, 2));
    for (let i = 1; i < 6_000; i += 7) {
      const { id } = plan(r, i, 3);
      indice.quitar(id);
      filas.delete(id);
    }
    for (let i = 6_000; i < 7_500; i++) poner(plan(r, i, 3));
    // And what an index filled with the plans as they are now finds: a plan's changed words are
    // searched by its new ones, never by the old.
    comparar("changed", indiceCon(filas.values()));
  });

  it("forgets the plans a search saw when its count of searches wraps", () => {
    const indice = indiceDe(aleatorio(13), 2_000);
    const palabra = VOCABULARIO[0];
    const c: ConsultaIndice = {
      ...consulta(30),
      q: { texto: palabra, palabras: [{ palabra, raiz: palabra, errores: 0 }], prefijo: null },
      orden: "distancia",
      radioM: 25_000,
    };
    indice.factorPostings = 0;
    const porCeldas = indice.buscar(c, ahora);
    expect(porCeldas.contados).toBeGreaterThan(30);
    indice.factorPostings = 1e9;
    // The first search by postings marks its plans 1, as the first after the wrap will count.
    expect(indice.buscar(c, ahora)).toEqual(porCeldas);
    // The last one before the wrap looks for another word; the one that wraps and the next find
    // every plan of the first again.
    (indice as unknown as { vuelta: number }).vuelta = 0xfffe;
    const otra = VOCABULARIO[1];
    indice.buscar(
      { ...c, q: { texto: otra, palabras: [{ palabra: otra, raiz: otra, errores: 0 }], prefijo: null } },
      ahora,
    );
    for (let n = 0; n < 2; n++) expect(indice.buscar(c, ahora)).toEqual(porCeldas);
  });
});

describe("the search index's typos", () => {
  it("forgives a typo with words the vocabulary gained after the same word was searched", () => {
    const r = aleatorio(3);
    const indice = new IndiceBusqueda();
    const conPalabra = (i: number, palabra: string): FilaIndice => {
      indice.ponerPalabra(palabra, palabra);
      return { ...experiencia(r, i, 1), lng: -3.68, lat: 40.42, terminos: [palabra] };
    };
    indice.poner(conPalabra(1, "concierto"));
    indice.compactar();
    const c: ConsultaIndice = {
      ...consulta(10),
      q: { texto: "consierto", palabras: [{ palabra: "consierto", raiz: "consierto", errores: 1 }], prefijo: null },
    };
    expect(indice.buscar(c, ahora).ids).toEqual([experiencia(r, 1, 1).id]);
    indice.poner(conPalabra(2, "konsierto"));
    expect(indice.buscar(c, ahora).ids.sort()).toEqual([experiencia(r, 1, 1).id, experiencia(r, 2, 1).id]);
  });
});
