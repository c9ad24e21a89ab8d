import { Temporal } from "@js-temporal/polyfill";
import { afterEach, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { AlmacenFederacion } from "./almacen";

const db = () => process.env.DATABASE_URL!;
const segundos = (n: number) => ({ ttl: Temporal.Duration.from({ milliseconds: n * 1000 }) });

describe("Fedify's key-value store in PostgreSQL", () => {
  const almacen = new AlmacenFederacion();
  afterEach(() => query(db(), "DELETE FROM federacion_kv"));

  it("keeps JSON values by key, replaces and deletes them, and forgets one whose time ran out", async () => {
    const clave = ["_fedify", "publicKey", "https://mastodon.example/users/ana#main-key"] as const;
    expect(await almacen.get(clave)).toBeUndefined();
    await almacen.set(clave, { id: "https://mastodon.example/users/ana", n: 1, lista: ["a", null] });
    expect(await almacen.get(clave)).toEqual({ id: "https://mastodon.example/users/ana", n: 1, lista: ["a", null] });
    await almacen.set(clave, "otro");
    expect(await almacen.get(clave)).toBe("otro");
    await almacen.delete(clave);
    expect(await almacen.get(clave)).toBeUndefined();
    await almacen.set(["breve"], 1, segundos(0.05));
    expect(await almacen.get(["breve"])).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    expect(await almacen.get(["breve"])).toBeUndefined();
  });

  it("lists a prefix's keys (itself and longer ones), not a key that merely begins with the same letters", async () => {
    await almacen.set(["a"], 0);
    await almacen.set(["a", "b"], 1);
    await almacen.set(["a", "b", "c"], 2);
    await almacen.set(["a", "bc"], 3);
    await almacen.set(["ab"], 4);
    await almacen.set(["a", "caducada"], 5, segundos(-1));
    const lista = async (prefijo?: readonly [string, ...string[]]) => {
      const vistas: unknown[] = [];
      for await (const e of almacen.list(prefijo)) vistas.push([e.key, e.value]);
      return vistas.sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
    };
    expect(await lista(["a", "b"])).toEqual([
      [["a", "b", "c"], 2],
      [["a", "b"], 1],
    ]);
    expect((await lista(["a"])).length).toBe(4);
    expect((await lista()).length).toBe(5);
  });

  it("compares and swaps in one statement: of two instances wanting a fresh key, one wins", async () => {
    const otra = new AlmacenFederacion();
    const [una, dos] = await Promise.all([
      almacen.cas(["cerrojo"], undefined, "una"),
      otra.cas(["cerrojo"], undefined, "dos"),
    ]);
    expect([una, dos].filter(Boolean)).toHaveLength(1);
    const ganadora = una ? "una" : "dos";
    expect(await almacen.get(["cerrojo"])).toBe(ganadora);
    expect(await almacen.cas(["cerrojo"], "ninguna", "tres")).toBe(false);
    expect(await almacen.cas(["cerrojo"], ganadora, { v: 3 })).toBe(true);
    expect(await almacen.get(["cerrojo"])).toEqual({ v: 3 });
    // An entry whose time ran out holds nothing.
    await almacen.set(["vieja"], 1, segundos(-1));
    expect(await almacen.cas(["vieja"], 1, 2)).toBe(false);
    expect(await almacen.cas(["vieja"], undefined, 2)).toBe(true);
    expect(await almacen.get(["vieja"])).toBe(2);
  });
});
