import { describe, expect, it } from "vitest";
import { mensajes } from "../messages";
import {
  CAMPOS_INICIALES,
  camposDePlan,
  diaVisible,
  erroresFormularioPlan,
  formularioPlan,
  leerDiaEscrito,
  type CamposPlan,
} from "./formulario";
import { diasDelPrograma, duplicarFecha, type FechaCampo, fechaVacia, repetirFechas } from "./formulario-fechas";
import { mensajesFechas } from "./mensajes-fechas";
import type { PlanApi } from "./plan";

const AHORA = Date.parse("2026-06-10T10:00:00Z");
const ID = "7d1c2a52-52a8-4c4b-9d59-0d6c8e0c1a11";

const fila = (inicio: string, fin = "", extra: Partial<FechaCampo> = {}): FechaCampo => ({
  ...fechaVacia(inicio, fin),
  ...extra,
});

/** An event of several dates as the wizard holds it, ready to publish. */
const varias = (fechas: FechaCampo[], cambios: Partial<CamposPlan> = {}): CamposPlan => ({
  ...CAMPOS_INICIALES,
  tipo: "evento",
  titulo: "Teatro en la plaza",
  municipio: "Griegos",
  direccion: "Plaza Mayor, 1",
  ubicacion: { lng: -1.712, lat: 40.427 },
  formaFechas: "varias",
  fechas,
  privacidad: true,
  cartel: new File([new Uint8Array([137, 80, 78, 71])], "cartel.png", { type: "image/png" }),
  ...cambios,
});

const errores = (c: CamposPlan) => erroresFormularioPlan(c, { modo: "crear", parte: "todo", ahora: AHORA });

describe("an evento's several dates in the forms", () => {
  it("sends them as `fechas` with the plan's span, and one date as always", () => {
    const f = formularioPlan(varias([fila("2026-06-27T20:30", "2026-06-27T22:00"), fila("2026-06-20T20:30")]));
    expect(JSON.parse(f.get("fechas") as string)).toEqual([
      {
        inicio: "2026-06-27T18:30:00.000Z",
        fin: "2026-06-27T20:00:00.000Z",
        titulo: null,
        direccion: null,
        ubicacion: null,
      },
      { inicio: "2026-06-20T18:30:00.000Z", fin: null, titulo: null, direccion: null, ubicacion: null },
    ]);
    expect([f.get("fechaInicio"), f.get("fechaFin")]).toEqual(["2026-06-20T18:30:00.000Z", "2026-06-27T20:00:00.000Z"]);
    const una = formularioPlan(
      varias([fila("2026-06-27T20:30")], {
        formaFechas: "una",
        fechaInicio: "2026-06-20T22:00",
        fechaFin: "2026-06-21T03:00",
      }),
    );
    expect(una.get("fechas")).toBeNull();
    expect(errores(varias([fila("2026-06-27T20:30"), fila("2026-06-20T20:30")]))).toEqual({
      mensaje: null,
      campos: {},
      primero: null,
    });
  });

  it("says each date's failure on its own row, in the person's order, short", () => {
    // The second row is the earliest date: the rules number it 0, the form shows it on row 1.
    const r = errores(
      varias([fila("2026-06-27T20:30"), fila("2026-06-20T22:00", "2026-06-20T21:00"), fila("", "2026-06-28T10:00")]),
    );
    expect(r.campos).toEqual({
      "fecha-2": mensajesFechas.fechaSinInicio,
      "fecha-1": mensajes.fechaInicioPosterior,
    });
    expect(r.primero).toEqual({ campo: "fecha-2", texto: mensajesFechas.fechaSinInicio });
  });

  it("says a lone date's missing end and an empty list where they show", () => {
    expect(errores(varias([fila("2026-06-27T20:30")])).campos).toEqual({ "fecha-0": "Falta la fecha de fin" });
    expect(errores(varias([])).campos).toEqual({ fechas: mensajesFechas.sinFechas });
  });

  it("'Una fecha' on a plan that had several sends that one under the first one's id", () => {
    const f = formularioPlan(
      varias([fila("2026-06-27T20:30", "", { id: ID }), fila("2026-06-28T20:30")], {
        formaFechas: "una",
        fechaInicio: "2026-06-27T20:30",
        fechaFin: "2026-06-27T23:00",
      }),
    );
    expect(JSON.parse(f.get("fechas") as string)).toEqual([
      expect.objectContaining({ id: ID, inicio: "2026-06-27T18:30:00.000Z", fin: "2026-06-27T21:00:00.000Z" }),
    ]);
  });

  it("duplicates a date a week later and repeats the list weekly, none twice, across the change of time", () => {
    expect(duplicarFecha(fila("2026-10-20T19:00", "2026-10-20T21:00"))).toMatchObject({
      inicio: "2026-10-27T19:00",
      fin: "2026-10-27T21:00",
    });
    const lista = [fila("2026-10-17T10:00"), fila("2026-10-24T10:00"), fila("")];
    const r = repetirFechas(lista, { year: 2026, month: 11, day: 7 });
    expect(r.nuevas).toBe(2);
    expect(r.fechas.map((f) => f.inicio)).toEqual([
      "2026-10-17T10:00",
      "2026-10-24T10:00",
      "2026-10-31T10:00",
      "2026-11-07T10:00",
      "",
    ]);
  });

  it("groups a programme's acts by day, and opens a stored plan in its shape with its ids", () => {
    const actos = [fila("2026-08-15T12:00"), fila("2026-08-16T11:00"), fila("2026-08-15T22:00"), fila("T10:00")];
    expect(diasDelPrograma(actos)).toEqual([
      { dia: "2026-08-15", filas: [0, 2] },
      { dia: "2026-08-16", filas: [1] },
      { dia: "", filas: [3] },
    ]);
    const fecha = (id: string, inicio: string, titulo: string | null) => ({
      id,
      inicio,
      fin: null,
      titulo,
      direccion: null,
      ubicacion: null,
    });
    const plan = {
      tipo: "evento",
      titulo: "Fiestas",
      categorias: [],
      municipio: "Griegos",
      direccion: "Plaza",
      ubicacion: { type: "Point", coordinates: [-1.7, 40.4] },
      fechaInicio: "2026-08-15T10:00:00.000Z",
      fechaFin: "2026-08-16T10:00:00.000Z",
      horariosDisponibles: [],
      descripcion: "",
      precio: null,
      organizacionId: null,
      emailContacto: null,
      telefonoContacto: null,
      fechas: [fecha(ID, "2026-08-15T10:00:00.000Z", "Pregón"), fecha(ID, "2026-08-16T10:00:00.000Z", null)],
    } as unknown as PlanApi;
    const c = camposDePlan(plan);
    expect(c.formaFechas).toBe("programa");
    expect(c.fechas.map((f) => [f.id, f.inicio, f.titulo])).toEqual([
      [ID, "2026-08-15T12:00", "Pregón"],
      [ID, "2026-08-16T12:00", ""],
    ]);
    expect(camposDePlan({ ...plan, fechas: [plan.fechas![0]] }).formaFechas).toBe("una");
  });

  it("reads a typed day for 'Repetir cada semana hasta…' and a programme's day", () => {
    expect(leerDiaEscrito(" 5/1/2027 ")).toEqual({ valor: "2027-01-05" });
    expect(leerDiaEscrito("31/02/2027")).toEqual({ error: mensajesFechas.diaFormato });
    expect(leerDiaEscrito("05/01/2027 10:00")).toEqual({ error: mensajesFechas.diaFormato });
    expect(diaVisible("2027-01-05")).toBe("05/01/2027");
  });
});
