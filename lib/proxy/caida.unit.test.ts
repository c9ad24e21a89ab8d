import { afterEach, describe, expect, it } from "vitest";
import { markDatabaseDown } from "../db/outage";
import { mensajes } from "../messages";
import { CSP_DE_DATOS, CSP_DE_DATOS_ENMARCABLE } from "../security";
import { servicioCaido } from "./caida";
import { pedir } from "@/test-support/peticion-proxy";

describe("the outage page", () => {
  // A mark set long ago has expired: PostgreSQL is taken for up.
  afterEach(() => markDatabaseDown(Date.now() - 60_000));

  it("answers pages 503 in Spanish while PostgreSQL is marked down, framable for the widget", async () => {
    expect(await servicioCaido(pedir("/buscar"))).toBeUndefined();
    markDatabaseDown();
    const r = (await servicioCaido(pedir("/buscar")))!;
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("content-security-policy")).toBe(CSP_DE_DATOS);
    expect(await r.text()).toContain(mensajes.servicioNoDisponible);
    const widget = (await servicioCaido(pedir("/embed/planes")))!;
    expect(widget.headers.get("content-security-policy")).toBe(CSP_DE_DATOS_ENMARCABLE);
  });
});
