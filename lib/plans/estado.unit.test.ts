import { describe, expect, it } from "vitest";
import { estadoDelPlan, ordenPanel } from "./estado";

const AHORA = new Date("2026-05-10T12:00:00Z");
const dia = (d: number) => new Date(AHORA.getTime() + d * 86_400_000).toISOString();
const plan = (id: string, p: { visible?: boolean; inicio?: number | null; fin?: number | null; creado?: number }) => ({
  id,
  visible: p.visible ?? true,
  fechaInicio: p.inicio == null ? null : dia(p.inicio),
  fechaFin: p.fin == null ? null : dia(p.fin),
  fechaCreacion: dia(p.creado ?? -30),
});

describe("the organizer's dashboard", () => {
  it("names a plan Oculto when hidden, Finalizado once its end is past, and Publicado otherwise", () => {
    expect(estadoDelPlan(plan("a", { visible: false, fin: -3 }), AHORA)).toBe("Oculto");
    expect(estadoDelPlan({ ...plan("e", { visible: false, fin: 3 }), canceladoEnLaFuente: true }, AHORA)).toBe(
      "Cancelado",
    );
    expect(estadoDelPlan(plan("b", { fin: -1 }), AHORA)).toBe("Finalizado");
    expect(estadoDelPlan(plan("c", { fin: 1 }), AHORA)).toBe("Publicado");
    expect(estadoDelPlan(plan("d", {}), AHORA)).toBe("Publicado");
  });

  it("lists what people find now first, soonest first, then hidden plans newest first, then finished ones latest ended first", () => {
    const planes = [
      plan("terminado-hace-mucho", { inicio: -40, fin: -39 }),
      plan("oculto-viejo", { visible: false, creado: -20 }),
      plan("experiencia-sin-fechas", {}),
      plan("en-9-dias", { inicio: 9, fin: 9.1 }),
      plan("terminado-ayer", { inicio: -2, fin: -1 }),
      plan("oculto-nuevo", { visible: false, creado: -1 }),
      plan("en-2-dias", { inicio: 2, fin: 2.1 }),
    ];
    expect(ordenPanel(planes, AHORA).map((p) => p.id)).toEqual([
      "en-2-dias",
      "en-9-dias",
      "experiencia-sin-fechas",
      "oculto-nuevo",
      "oculto-viejo",
      "terminado-ayer",
      "terminado-hace-mucho",
    ]);
  });
});
