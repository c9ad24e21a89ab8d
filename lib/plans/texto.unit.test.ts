import { describe, expect, it } from "vitest";
import { espacioDe } from "../catalogo";
import type { Idioma } from "../idiomas";
import {
  CASTELLANO,
  cuandoTexto,
  cuandoVariasTexto,
  distanciaVisible,
  horasDelDiaTexto,
  lenguaDe,
  precioTexto,
  semanaAgrupada,
} from "./texto";

const lengua = (idioma: Idioma) => lenguaDe(idioma, espacioDe(idioma, "tarjeta"));
const franja = (diaSemana: number, horaInicio = "10:00", horaFin = "12:00") => ({ diaSemana, horaInicio, horaFin });
const experiencia = (dias: number[]) => ({
  tipo: "experiencia" as const,
  fechaInicio: null,
  fechaFin: null,
  horariosDisponibles: dias.map((d) => franja(d)),
});
/** A museum open on Wednesdays morning and afternoon. */
const museo = {
  tipo: "experiencia" as const,
  horariosDisponibles: [franja(3, "10:00", "14:00"), franja(3, "17:00", "20:00")],
};
/** A programme of 12 acts over three days of August 2026, found by a search at its second act of the 15th. */
const programa = {
  tipo: "evento" as const,
  fechaInicio: "2026-08-14T19:00:00Z",
  fechaFin: "2026-08-16T12:00:00Z",
  horariosDisponibles: [],
  numeroFechas: 12,
  proximaFecha: { id: "b", inicio: "2026-08-15T16:00:00Z", fin: null, titulo: "Pasacalles" },
  fechasDelDia: ["2026-08-15T10:00:00Z", "2026-08-15T16:00:00Z"],
};

describe("plan formatting", () => {
  it("writes an experience's week as runs of days with the same hours, Monday first", () => {
    const f = (diaSemana: number, horaInicio = "10:00", horaFin = "12:00") => ({ diaSemana, horaInicio, horaFin });
    const dias = (h: ReturnType<typeof f>[]) => semanaAgrupada(h).map((t) => t.dias);
    expect(dias([0, 1, 2, 3, 4, 5, 6].map((d) => f(d)))).toEqual(["Todos los días"]);
    expect(dias([1, 2, 3, 4, 5].map((d) => f(d)).concat([f(6, "11:00"), f(0, "11:00")]))).toEqual([
      "De lunes a viernes",
      "Sábado y domingo",
    ]);
    expect(dias([f(1), f(3), f(4, "17:00", "19:00")])).toEqual(["Lunes", "Miércoles", "Jueves"]);
    // Two slots a day: the same pair on two days is one run, with both slots.
    const dos = semanaAgrupada([f(6), f(6, "17:00", "19:00"), f(0), f(0, "17:00", "19:00")]);
    expect(dos).toHaveLength(1);
    expect(dos[0].dias).toBe("Sábado y domingo");
    expect(dos[0].franjas.map((x) => x.horaInicio)).toEqual(["10:00", "17:00"]);
  });

  it("writes an experience's days Monday first, the first one capitalized, and an event's dates and hours", () => {
    const franja = (diaSemana: number) => ({ diaSemana, horaInicio: "10:00", horaFin: "12:00" });
    const experiencia = (dias: number[]) =>
      cuandoTexto({ tipo: "experiencia", fechaInicio: null, fechaFin: null, horariosDisponibles: dias.map(franja) });
    expect(experiencia([0, 6])).toBe("Sábado y domingo");
    expect(experiencia([0, 3, 1, 1])).toBe("Lunes, miércoles y domingo");
    expect(experiencia([2])).toBe("Martes");
    expect(experiencia([3, 4, 5, 6, 0])).toBe("De miércoles a domingo");
    expect(experiencia([1, 2, 3, 6])).toBe("De lunes a miércoles y sábado");
    expect(experiencia([0, 1, 2, 3, 4, 5, 6])).toBe("Todos los días");
    expect(
      cuandoTexto({
        tipo: "experiencia",
        fechaInicio: "2026-12-05T10:00:00Z",
        fechaFin: null,
        horariosDisponibles: [],
      }),
    ).toBe("5 de diciembre de 2026");
    expect(
      cuandoTexto({
        tipo: "evento",
        fechaInicio: "2026-11-25T18:00:00Z",
        fechaFin: "2026-11-25T22:00:00Z",
        horariosDisponibles: [],
      }),
    ).toBe("25 de noviembre de 2026 · De 19:00 a 23:00");
  });

  it("writes prices the Spanish way and hides distances up to 3 km", () => {
    expect(precioTexto(12.5)).toBe("12,50 €");
    expect(precioTexto(8)).toBe("8 €");
    expect(precioTexto(1234.5)).toBe("1234,50 €");
    expect(precioTexto(0)).toBe("Gratis");
    expect(distanciaVisible("0km")).toBeNull();
    expect(distanciaVisible("3km")).toBeNull();
    expect(distanciaVisible("4km")).toBe("4 km");
    expect(distanciaVisible(undefined)).toBeNull();
  });
});

describe("a plan's texts in the page's language", () => {
  it("writes by default what the Spanish catalogue's words write", () => {
    const es = lengua("es");
    for (const dias of [
      [0, 6],
      [0, 3, 1, 1],
      [3, 4, 5, 6, 0],
      [1, 2, 3, 6],
      [0, 1, 2, 3, 4, 5, 6],
    ]) {
      expect(cuandoTexto(experiencia(dias), {}, es)).toBe(cuandoTexto(experiencia(dias)));
      const semana = experiencia(dias).horariosDisponibles;
      expect(semanaAgrupada(semana, es)).toEqual(semanaAgrupada(semana));
    }
    for (const precio of [0, 8, 12.5]) expect(precioTexto(precio, es)).toBe(precioTexto(precio));
    for (const hoy of [null, { year: 2026, month: 8, day: 15 }])
      expect(cuandoVariasTexto(programa, { hoy }, es)).toBe(cuandoVariasTexto(programa, { hoy }, CASTELLANO));
    expect(horasDelDiaTexto(museo, { nombre: "Hoy", diaSemana: 3 }, es)).toBe(
      horasDelDiaTexto(museo, { nombre: "Hoy", diaSemana: 3 }),
    );
  });

  it("names days, runs of days and hours in the language, its lists joined its own way", () => {
    expect(cuandoTexto(experiencia([1, 2, 3, 6]), {}, lengua("ca"))).toBe("De dilluns fins a dimecres i dissabte");
    expect(cuandoTexto(experiencia([1, 2, 3, 6]), {}, lengua("en"))).toBe("Monday to Wednesday and Saturday");
    expect(cuandoTexto(experiencia([0, 6]), {}, lengua("gl"))).toBe("Sábado e domingo");
    expect(cuandoTexto(experiencia([0, 1, 2, 3, 4, 5, 6]), {}, lengua("eu"))).toBe("Egunero");
    expect(horasDelDiaTexto(museo, { nombre: "Today", diaSemana: 3 }, lengua("en"))).toBe(
      "Today 10:00–14:00 and 17:00–20:00",
    );
  });

  it("writes an event's dates and its count in the language", () => {
    expect(cuandoVariasTexto(programa, { hoy: null }, lengua("en"))).toBe(
      "Sat 15 Aug · 2 events, the next at 18:00: Pasacalles",
    );
    expect(
      cuandoVariasTexto(
        { ...programa, proximaFecha: undefined, fechas: programa.fechasDelDia.map(() => ({ titulo: "Acto" })) },
        { hoy: null },
        lengua("ca"),
      ),
    ).toBe("Dv. 14 – dg. 16 ag. · 12 actes");
  });

  it("writes prices with the language's number format and its words", () => {
    expect(precioTexto(12.5, lengua("en"))).toBe("€12.50");
    expect(precioTexto(1234.5, lengua("ca"))).toBe("1.234,50 €");
    expect(precioTexto(0, lengua("eu"))).toBe("Doan");
  });
});
