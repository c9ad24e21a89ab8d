import { describe, expect, it } from "vitest";
import { primeraRespuesta, type Paso } from "./paso";
import { pedir } from "@/test-support/peticion-proxy";

describe("primeraRespuesta", () => {
  it("asks the steps in order and stops at the first that answers", async () => {
    const preguntados: string[] = [];
    const paso =
      (nombre: string, respuesta?: Response): Paso =>
      async () => {
        preguntados.push(nombre);
        return respuesta;
      };
    const r = await primeraRespuesta(
      [paso("a"), paso("b", new Response("b", { status: 201 })), paso("c", new Response("c"))],
      pedir("/"),
    );
    expect(r?.status).toBe(201);
    expect(preguntados).toEqual(["a", "b"]);
    expect(await primeraRespuesta([paso("d")], pedir("/"))).toBeUndefined();
  });
});
