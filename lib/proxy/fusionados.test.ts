import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { freshOrigin, insertPlan, insertUser } from "@/test-support/plans";
import { planPath } from "../plans/plan";
import { planFusionado } from "./fusionados";
import { pedir } from "@/test-support/peticion-proxy";

const db = () => process.env.DATABASE_URL!;

describe("a merged plan's page", () => {
  it("moves for good to the plan it became; a live or unknown plan's page and other methods go on", async () => {
    const origin = await freshOrigin();
    const usuarioId = await insertUser();
    const queda = await insertPlan({ usuarioId, origin, titulo: "Teatro: tres noches" });
    const fusionado = await insertPlan({ usuarioId, origin, titulo: "Teatro: segunda noche" });
    await query(db(), "DELETE FROM plan WHERE id = $1", [fusionado]);
    await query(db(), "INSERT INTO plan_fusionado (id, plan_id) VALUES ($1, $2)", [fusionado, queda]);
    const r = (await planFusionado(pedir(`/plan/teatro-segunda-noche/${fusionado}`)))!;
    expect(r.status).toBe(301);
    expect(new URL(r.headers.get("location")!).pathname).toBe(planPath("Teatro: tres noches", queda));
    expect(await planFusionado(pedir(`/plan/teatro-segunda-noche/${fusionado}`, { method: "POST" }))).toBeUndefined();
    expect(await planFusionado(pedir(`/plan/teatro-tres-noches/${queda}`))).toBeUndefined();
    expect(await planFusionado(pedir(`/plan/nada/${randomUUID()}`))).toBeUndefined();
  });
});
