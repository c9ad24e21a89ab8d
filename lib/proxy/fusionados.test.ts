import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { planesFusionados } from "@/test-support/plans";
import { planPath } from "../plans/plan";
import { planFusionado } from "./fusionados";
import { pedir } from "@/test-support/peticion-proxy";

describe("a merged plan's page", () => {
  it("moves for good to the plan it became; a live or unknown plan's page and other methods go on", async () => {
    const { queda, fusionado } = await planesFusionados("Teatro: tres noches", "Teatro: segunda noche");
    const r = (await planFusionado(pedir(`/plan/teatro-segunda-noche/${fusionado}`)))!;
    expect(r.status).toBe(301);
    expect(new URL(r.headers.get("location")!).pathname).toBe(planPath("Teatro: tres noches", queda));
    expect(await planFusionado(pedir(`/plan/teatro-segunda-noche/${fusionado}`, { method: "POST" }))).toBeUndefined();
    expect(await planFusionado(pedir(`/plan/teatro-tres-noches/${queda}`))).toBeUndefined();
    expect(await planFusionado(pedir(`/plan/nada/${randomUUID()}`))).toBeUndefined();
  });
});
