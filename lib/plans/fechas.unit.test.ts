import { describe, expect, it } from "vitest";
import { instanteEnMadrid, localDeInstante } from "@/lib/dates";
import { conIdsDe, diasDeFiesta, leerFechas, MAX_FECHAS, repetirCadaSemana, spanDeFechas } from "./fechas";
import { mensajesFechas } from "./mensajes-fechas";

const sabado = { year: 2027, month: 3, day: 6 };

describe("a plan's dates", () => {
  it("repeats a Saturday class every week at 10:00 Madrid time, across the change of time", () => {
    const clase = {
      inicio: instanteEnMadrid(sabado, "10:00"),
      fin: instanteEnMadrid(sabado, "12:30"),
      titulo: null,
      direccion: "Casa de Cultura",
      ubicacion: null,
    };
    const mas = repetirCadaSemana(clase, { year: 2027, month: 4, day: 24 });
    expect(mas.map((f) => [localDeInstante(f.inicio), localDeInstante(f.fin)])).toEqual(
      ["03-13", "03-20", "03-27", "04-03", "04-10", "04-17", "04-24"].map((d) => [
        `2027-${d}T10:00`,
        `2027-${d}T12:30`,
      ]),
    );
    // 28 March 2027 is the change of time: the UTC hour moves, the wall clock does not.
    expect(mas[3].inicio.getUTCHours()).toBe(8);
    expect(mas[2].inicio.getUTCHours()).toBe(9);
    expect(mas.every((f) => f.direccion === "Casa de Cultura" && f.id === undefined)).toBe(true);
  });

  it("repeats a night that ends after midnight with its end on the next day", () => {
    const noche = {
      inicio: instanteEnMadrid(sabado, "23:00"),
      fin: instanteEnMadrid({ ...sabado, day: 7 }, "03:00"),
      titulo: "Verbena",
      direccion: null,
      ubicacion: null,
    };
    const [siguiente] = repetirCadaSemana(noche, { ...sabado, day: 13 });
    expect([localDeInstante(siguiente.inicio), localDeInstante(siguiente.fin)]).toEqual([
      "2027-03-13T23:00",
      "2027-03-14T03:00",
    ]);
  });

  it("reads `fechas` liberally, in start order, and says what is wrong", () => {
    const leidas = leerFechas(
      JSON.stringify([
        { inicio: "2027-03-13T10:00:00+01:00", fin: "2027-03-13T12:00:00+01:00", titulo: " Segunda " },
        { inicio: "2027-03-06T10:00:00+01:00", ubicacion: [-1.44, 40.4], direccion: "Plaza" },
      ]),
    );
    expect("fechas" in leidas && leidas.fechas.map((f) => [f.inicio.toISOString(), f.titulo, f.ubicacion])).toEqual([
      ["2027-03-06T09:00:00.000Z", null, { lng: -1.44, lat: 40.4 }],
      ["2027-03-13T09:00:00.000Z", "Segunda", null],
    ]);
    if ("fechas" in leidas)
      expect(spanDeFechas(leidas.fechas)).toEqual({
        fechaInicio: new Date("2027-03-06T09:00:00Z"),
        fechaFin: new Date("2027-03-13T11:00:00Z"),
      });
    expect(leerFechas("no")).toEqual({ error: mensajesFechas.fechasNoValidas });
    expect(leerFechas(JSON.stringify([{ fin: "2027-03-06" }]))).toHaveProperty("error");
    expect(
      leerFechas(JSON.stringify(Array.from({ length: MAX_FECHAS + 1 }, () => ({ inicio: "2027-03-06T10:00" })))),
    ).toEqual({
      error: mensajesFechas.fechasDemasiadas.replace("{max}", String(MAX_FECHAS)),
    });
  });
});

describe("conIdsDe: a source's dates written again keep their ids", () => {
  const f = (iso: string) => ({ inicio: new Date(iso), fin: null, titulo: null, direccion: null, ubicacion: null });
  const guardadas = [
    { id: "a", inicio: new Date("2026-12-05T19:00Z") },
    { id: "b", inicio: new Date("2026-12-06T19:00Z") },
    { id: "c", inicio: new Date("2026-12-07T19:00Z") },
  ];
  it("by start; a date gone frees its id, which a moved date takes; the rest are new", () => {
    expect(conIdsDe(guardadas, [f("2026-12-05T19:00Z"), f("2026-12-07T19:00Z")]).map((x) => x.id)).toEqual(["a", "c"]);
    expect(
      conIdsDe(guardadas, [f("2026-12-05T19:00Z"), f("2026-12-06T19:00Z"), f("2026-12-08T20:00Z")]).map((x) => x.id),
    ).toEqual(["a", "b", "c"]);
    expect(conIdsDe(guardadas.slice(0, 1), [f("2026-12-05T19:00Z"), f("2026-12-09T19:00Z")]).map((x) => x.id)).toEqual([
      "a",
      undefined,
    ]);
  });
});

describe("diasDeFiesta: the day a programme's act is listed under", () => {
  it("puts an act before 6:00 under the night before when that day has acts, and leaves a day's opening act on its day", () => {
    const acto = (id: string, inicio: string) => ({
      id,
      inicio: instanteEnMadrid(
        { year: 2026, month: 8, day: Number(inicio.slice(0, 2)) },
        inicio.slice(3),
      ).toISOString(),
    });
    const dias = diasDeFiesta([
      acto("pregon", "15 20:00"),
      acto("verbena", "15 23:30"),
      acto("disco", "16 01:30"),
      acto("diana", "16 08:00"),
      // Nothing on the 17th before: the 18th's 00:01 opens its own day.
      acto("rompida", "18 00:01"),
    ]);
    expect(Object.fromEntries(dias)).toEqual({
      pregon: { dia: "2026-08-15", madrugada: false },
      verbena: { dia: "2026-08-15", madrugada: false },
      disco: { dia: "2026-08-15", madrugada: true },
      diana: { dia: "2026-08-16", madrugada: false },
      rompida: { dia: "2026-08-18", madrugada: false },
    });
  });
});
