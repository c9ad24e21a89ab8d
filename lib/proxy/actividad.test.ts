import { describe, expect, it } from "vitest";
import { pedir } from "@/test-support/peticion-proxy";
import { paginaComoActor, pideActividad } from "./actividad";

const AP = "application/activity+json";

describe("a server of the fediverse at a town's page", () => {
  it("tells a server's Accept from a browser's", () => {
    expect(pideActividad(AP)).toBe(true);
    expect(pideActividad('application/ld+json; profile="https://www.w3.org/ns/activitystreams"')).toBe(true);
    expect(pideActividad("text/html,application/xhtml+xml,*/*;q=0.8")).toBe(false);
    expect(pideActividad(`text/html, ${AP}`)).toBe(false);
    expect(pideActividad("*/*")).toBe(false);
    expect(pideActividad(null)).toBe(false);
  });

  it("is sent to the town's actor or the plan's Event; a browser, another method or an unknown town go on to the page", async () => {
    const r = (await paginaComoActor(pedir("/planes/soria/vinuesa", { headers: { accept: AP } })))!;
    expect(r.status).toBe(303);
    expect(new URL(r.headers.get("location")!).pathname).toBe("/ap/municipios/42215");
    expect(r.headers.get("vary")).toBe("Accept");
    expect(await paginaComoActor(pedir("/planes/soria/vinuesa"))).toBeUndefined();
    expect(
      await paginaComoActor(pedir("/planes/soria/vinuesa", { method: "POST", headers: { accept: AP } })),
    ).toBeUndefined();
    expect(await paginaComoActor(pedir("/planes/soria/nadadenada", { headers: { accept: AP } }))).toBeUndefined();
    expect(await paginaComoActor(pedir("/planes/soria", { headers: { accept: AP } }))).toBeUndefined();
    const id = "6522cdaf-3ff6-4754-9c5a-a44f444006ed";
    const plan = (await paginaComoActor(pedir(`/plan/teatro/${id.toUpperCase()}`, { headers: { accept: AP } })))!;
    expect(new URL(plan.headers.get("location")!).pathname).toBe(`/ap/planes/${id}`);
  });
});
