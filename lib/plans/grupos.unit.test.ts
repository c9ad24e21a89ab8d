import { describe, expect, it } from "vitest";
import { instanteEnMadrid } from "../dates";
import { agruparPorCuando, grupoCuando } from "./grupos";

const madrid = (m: number, d: number, h = "00:00") =>
  instanteEnMadrid({ year: 2027, month: m, day: d }, h).toISOString();
// Wednesday 24 March 2027, 18:00 in Madrid; that weekend is Friday 26 to Sunday 28.
const ahora = new Date(madrid(3, 24, "18:00"));
const evento = (inicio: string, fin: string) => ({
  tipo: "evento" as const,
  fechaInicio: inicio,
  fechaFin: fin,
  horariosDisponibles: [],
});
const experiencia = (dias: number[], fechaInicio: string | null = null, fechaFin: string | null = null) => ({
  tipo: "experiencia" as const,
  fechaInicio,
  fechaFin,
  horariosDisponibles: dias.map((diaSemana) => ({ diaSemana, horaInicio: "10:00", horaFin: "12:00" })),
});

describe("grouping results by when", () => {
  it("puts an event in Hoy when it is on today, in Este fin de semana when it overlaps the coming weekend, else Próximamente", () => {
    expect(grupoCuando(evento(madrid(3, 24, "20:00"), madrid(3, 24, "23:00")), ahora)).toBe("hoy");
    expect(grupoCuando(evento(madrid(3, 20), madrid(3, 30)), ahora)).toBe("hoy"); // on for days, today included
    expect(grupoCuando(evento(madrid(3, 27, "22:00"), madrid(3, 28, "04:00")), ahora)).toBe("finde");
    expect(grupoCuando(evento(madrid(3, 25, "20:00"), madrid(3, 26, "01:00")), ahora)).toBe("finde"); // ends on Friday
    expect(grupoCuando(evento(madrid(3, 25, "10:00"), madrid(3, 25, "12:00")), ahora)).toBe("proximamente");
    expect(grupoCuando(evento(madrid(4, 3, "10:00"), madrid(4, 3, "12:00")), ahora)).toBe("proximamente");
  });

  it("puts an experience by the days it opens, within its dates", () => {
    expect(grupoCuando(experiencia([3]), ahora)).toBe("hoy"); // Wednesdays
    expect(grupoCuando(experiencia([6]), ahora)).toBe("finde"); // Saturdays
    expect(grupoCuando(experiencia([1]), ahora)).toBe("proximamente"); // Mondays
    expect(grupoCuando(experiencia([6], madrid(4, 1)), ahora)).toBe("proximamente"); // opens next month
  });

  it("on a Sunday, the weekend is what is left of it", () => {
    const domingo = new Date(madrid(3, 28, "12:00"));
    expect(grupoCuando(experiencia([5]), domingo)).toBe("proximamente"); // Friday is over
    expect(grupoCuando(experiencia([0]), domingo)).toBe("hoy");
  });

  it("keeps the search's order inside each group, and sponsor cards with the plan before them", () => {
    const a = { ...evento(madrid(4, 3, "10:00"), madrid(4, 3, "12:00")), _id: "a" };
    const b = { ...evento(madrid(3, 24, "20:00"), madrid(3, 24, "22:00")), _id: "b" };
    const s = { tipo: "Patrocinado", _id: "s" };
    const c = { ...experiencia([6]), _id: "c" };
    const d = { ...evento(madrid(3, 24, "19:00"), madrid(3, 24, "21:00")), _id: "d" };
    const grupos = agruparPorCuando([s, a, b, c, d], ahora);
    expect(grupos.map((g) => [g.grupo, g.items.map((i) => i._id)])).toEqual([
      ["hoy", ["b", "d"]],
      ["finde", ["c"]],
      ["proximamente", ["s", "a"]],
    ]);
  });
});
