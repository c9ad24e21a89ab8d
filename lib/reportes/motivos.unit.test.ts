import { describe, expect, it } from "vitest";
import { DETALLE_MAX, etiquetaMotivo, leerFiltroMotivo, leerMotivo } from "./motivos";

describe("a report's reason as the API reads it", () => {
  it.each<[unknown, unknown, ReturnType<typeof leerMotivo>]>([
    [undefined, undefined, { motivo: null, detalle: null }],
    [null, null, { motivo: null, detalle: null }],
    ["", "", { motivo: null, detalle: null }],
    ["undefined", "null", { motivo: null, detalle: null }],
    ["spam", undefined, { motivo: "spam", detalle: null }],
    [" Caducado ", "  ", { motivo: "caducado", detalle: null }],
    ["FALSA", "La fecha es de 2019", { motivo: "falsa", detalle: "La fecha es de 2019" }],
    ["otro", "Línea uno\r\nLínea dos", { motivo: "otro", detalle: "Línea uno\nLínea dos" }],
    ["fraude", undefined, { motivo: "otro", detalle: "fraude" }],
    ["fraude", "Piden dinero por adelantado", { motivo: "otro", detalle: "fraude: Piden dinero por adelantado" }],
    [undefined, "No hay nadie en la dirección", { motivo: "otro", detalle: "No hay nadie en la dirección" }],
    [42, undefined, { motivo: "otro", detalle: "42" }],
    [{ $ne: null }, ["x"], { motivo: "otro", detalle: null }],
    ["spam", "Texto\u0000 con\u202e control", { motivo: "spam", detalle: "Texto con control" }],
  ])("reads motivo %j with detalle %j", (motivo, detalle, leido) => {
    expect(leerMotivo(motivo, detalle)).toEqual(leido);
  });

  it("keeps the first 300 characters of a long detail, never half an emoji", () => {
    const largo = `${"a".repeat(DETALLE_MAX - 1)}🎉🎉 y más`;
    const { detalle } = leerMotivo("otro", largo);
    expect(Array.from(detalle!)).toHaveLength(DETALLE_MAX);
    expect(detalle!.endsWith("a🎉")).toBe(true);
    expect(Array.from(leerMotivo("x".repeat(5000), "y").detalle!)).toHaveLength(DETALLE_MAX);
  });

  it("names every reason in Spanish, and a report without one", () => {
    expect(etiquetaMotivo("inapropiado")).toBe("Contenido inapropiado");
    expect(etiquetaMotivo(null)).toBe("Sin motivo");
    expect(etiquetaMotivo("ninguno")).toBe("Sin motivo");
  });

  it("reads the back-office's filter, ignoring what is not one of ours", () => {
    expect(leerFiltroMotivo("spam")).toBe("spam");
    expect(leerFiltroMotivo("ninguno")).toBe("ninguno");
    for (const raro of [undefined, "", "SPAM", "toString", "__proto__", ["spam", "otro"], "x".repeat(5000)])
      expect(leerFiltroMotivo(raro)).toBeNull();
  });
});
