import { describe, expect, it } from "vitest";
import { cuandoTexto, distanciaVisible, precioTexto, semanaAgrupada } from "./texto";

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
