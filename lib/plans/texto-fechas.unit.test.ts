import { describe, expect, it } from "vitest";
import { fechasDeResultado } from "../busqueda/fecha-buscada";
import type { FechaTarjetaFila } from "./fechas";
import { leerConsultaPalabras } from "../busqueda/palabras-consulta";
import { palabrasEnElTexto } from "../busqueda/resaltar";
import { cuandoTexto } from "./texto";

/** An instant of August 2026 at Madrid's wall-clock hour (summer: UTC+2). */
const ago = (dia: number, hora: string) =>
  new Date(`2026-08-${String(dia).padStart(2, "0")}T${hora}:00+02:00`).toISOString();
const hoy = (dia: number) => ({ year: 2026, month: 8, day: dia });

const fiestas: FechaTarjetaFila[] = [
  ["a", ago(14, "21:00"), ago(14, "22:00"), "Pregón de fiestas"],
  ["b", ago(15, "12:00"), ago(15, "13:00"), "Misa y procesión"],
  ["c", ago(15, "18:00"), ago(15, "19:30"), "Pasacalles"],
  ["d", ago(15, "23:30"), ago(16, "04:00"), "Verbena con la orquesta Sirena"],
  ["e", ago(16, "14:00"), ago(16, "16:00"), "Paella popular"],
];
const teatro: FechaTarjetaFila[] = [
  ["x", ago(14, "20:00"), ago(14, "21:30"), null],
  ["y", ago(15, "20:00"), ago(15, "21:30"), null],
  ["z", ago(15, "22:30"), ago(16, "00:00"), null],
];

/** A search result's plan: its span from its dates, and what the search picked (fechasDeResultado). */
function resultado(filas: FechaTarjetaFila[], categorias: string[], busqueda: Parameters<typeof fechasDeResultado>[1]) {
  return {
    tipo: "evento" as const,
    fechaInicio: filas[0][1],
    fechaFin: filas.at(-1)![2],
    horariosDisponibles: [],
    categorias,
    ...fechasDeResultado(filas, busqueda),
  };
}

describe("the card's line of an event of several dates", () => {
  it("says the days and how many dates, named by what the plan is", () => {
    const antes = { base: Date.parse(ago(1, "10:00")) };
    expect(cuandoTexto(resultado(teatro, ["Cultura"], antes), { hoy: hoy(1) })).toBe(
      "Vie 14 – dom 16 ago · 3 funciones",
    );
    expect(cuandoTexto(resultado(teatro, ["Taller"], antes), { hoy: hoy(1) })).toBe("Vie 14 – dom 16 ago · 3 sesiones");
    expect(cuandoTexto(resultado(fiestas, ["Fiestas de pueblo"], antes), { hoy: hoy(1) })).toBe(
      "Vie 14 – dom 16 ago · 5 actos",
    );
    // A plan's page (its dates, no search): the same line.
    const pagina = {
      tipo: "evento" as const,
      fechaInicio: teatro[0][1],
      fechaFin: teatro[2][2],
      horariosDisponibles: [],
    };
    expect(cuandoTexto({ ...pagina, fechas: teatro.map(() => ({ titulo: null })) })).toBe(
      "Vie 14 – dom 16 ago · 3 fechas",
    );
  });

  it("says today's hours, and a programme's count today with its next act", () => {
    const tarde = { base: Date.parse(ago(15, "13:30")) };
    expect(cuandoTexto(resultado(teatro, ["Cultura"], tarde), { hoy: hoy(15) })).toBe("Hoy · 20:00 y 22:30");
    expect(cuandoTexto(resultado(fiestas, [], tarde), { hoy: hoy(15) })).toBe(
      "Hoy 3 actos, el siguiente a las 18:00: Pasacalles",
    );
    // Read on another day (an e-mail): the day, never "hoy".
    expect(cuandoTexto(resultado(teatro, ["Cultura"], tarde), { hoy: null })).toBe(
      "Sáb 15 ago · 20:00 y 22:30 · 3 funciones",
    );
  });

  it("says the day a date filter chose, and the act a word found", () => {
    const sabado = {
      base: Date.parse(ago(1, "10:00")),
      desde: new Date(ago(15, "00:00")),
      hasta: new Date(ago(15, "23:59")),
    };
    expect(cuandoTexto(resultado(fiestas, [], sabado), { hoy: hoy(1) })).toBe(
      "Sáb 15 ago · 3 actos, el primero a las 12:00: Misa y procesión",
    );
    const palabras = leerConsultaPalabras("verbena");
    const verbena = resultado(fiestas, [], { base: Date.parse(ago(1, "10:00")), palabras });
    expect(verbena.proximaFecha?.id).toBe("d");
    expect(cuandoTexto(verbena, { hoy: hoy(1), buscado: (t) => palabrasEnElTexto(t, palabras!) > 0 })).toBe(
      "Sáb 15 ago 23:30 · Verbena con la orquesta Sirena",
    );
  });

  it("says an act after midnight by the night it belongs to, and a programme's opening act by its own day", () => {
    const conDisco: FechaTarjetaFila[] = [
      ...fiestas.slice(0, 4),
      ["f", ago(16, "01:30"), null, "Discoteca móvil"],
      fiestas[4],
    ];
    const palabras = leerConsultaPalabras("discoteca");
    const disco = resultado(conDisco, [], { base: Date.parse(ago(1, "10:00")), palabras });
    expect(cuandoTexto(disco, { hoy: hoy(1), buscado: (t) => palabrasEnElTexto(t, palabras!) > 0 })).toBe(
      "Sáb 15 ago, 1:30 (madrugada) · Discoteca móvil",
    );
    // The rompida that opens Good Friday at 00:01 is no one's night.
    const rompida: FechaTarjetaFila[] = [["r", ago(14, "00:01"), null, "Rompida de la hora"], ...fiestas.slice(1)];
    const tambores = leerConsultaPalabras("rompida");
    const r = resultado(rompida, [], { base: Date.parse(ago(1, "10:00")), palabras: tambores });
    expect(cuandoTexto(r, { hoy: hoy(1), buscado: (t) => palabrasEnElTexto(t, tambores!) > 0 })).toBe(
      "Vie 14 ago 00:01 · Rompida de la hora",
    );
  });

  it("leaves a plan of one date as it was", () => {
    const uno = resultado([teatro[0]], ["Cultura"], { base: Date.parse(ago(1, "10:00")) });
    expect(uno.numeroFechas).toBe(1);
    expect(cuandoTexto(uno, { hoy: hoy(1) })).toBe("14 de agosto de 2026 · De 20:00 a 21:30");
  });
});
