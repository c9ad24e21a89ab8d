import { randomUUID } from "node:crypto";
import { Temporal } from "@js-temporal/polyfill";
import type { KvKey } from "@fedify/fedify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { AlmacenFederacion } from "./almacen";

const db = () => process.env.DATABASE_URL!;
const segundos = (n: number) => ({ ttl: Temporal.Duration.from({ milliseconds: n * 1000 }) });

describe("Fedify's key-value store in PostgreSQL", () => {
  const almacen = new AlmacenFederacion();
  // Each test's keys under a root of its own, as the app's Fedify may keep its own in the table.
  let raiz = "";
  const k = (...partes: string[]): KvKey => [raiz, ...partes];
  beforeEach(() => {
    raiz = `prueba-${randomUUID()}`;
  });
  afterEach(() => query(db(), "DELETE FROM federacion_kv WHERE starts_with(clave, $1)", [`["${raiz}`]));

  it("keeps JSON values by key, replaces and deletes them, and forgets one whose time ran out", async () => {
    const clave = k("publicKey", "https://mastodon.example/users/ana#main-key");
    expect(await almacen.get(clave)).toBeUndefined();
    await almacen.set(clave, { id: "https://mastodon.example/users/ana", n: 1, lista: ["a", null] });
    expect(await almacen.get(clave)).toEqual({ id: "https://mastodon.example/users/ana", n: 1, lista: ["a", null] });
    await almacen.set(clave, "otro");
    expect(await almacen.get(clave)).toBe("otro");
    await almacen.delete(clave);
    expect(await almacen.get(clave)).toBeUndefined();
    await almacen.set(k("breve"), 1, segundos(0.05));
    expect(await almacen.get(k("breve"))).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    expect(await almacen.get(k("breve"))).toBeUndefined();
  });

  it("lists a prefix's keys (itself and longer ones), not a key that merely begins with the same letters", async () => {
    await almacen.set(k(), 0);
    await almacen.set(k("b"), 1);
    await almacen.set(k("b", "c"), 2);
    await almacen.set(k("bc"), 3);
    await almacen.set([`${raiz}b`], 4);
    await almacen.set(k("caducada"), 5, segundos(-1));
    const lista = async (prefijo?: KvKey) => {
      const vistas: [KvKey, unknown][] = [];
      for await (const e of almacen.list(prefijo)) if (e.key[0].startsWith(raiz)) vistas.push([e.key, e.value]);
      return vistas.sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
    };
    expect(await lista(k("b"))).toEqual([
      [k("b", "c"), 2],
      [k("b"), 1],
    ]);
    expect((await lista(k())).length).toBe(4);
    expect((await lista()).length).toBe(5);
  });

  it("compares and swaps in one statement: of two instances wanting a fresh key, one wins", async () => {
    const otra = new AlmacenFederacion();
    const [una, dos] = await Promise.all([
      almacen.cas(k("cerrojo"), undefined, "una"),
      otra.cas(k("cerrojo"), undefined, "dos"),
    ]);
    expect([una, dos].filter(Boolean)).toHaveLength(1);
    const ganadora = una ? "una" : "dos";
    expect(await almacen.get(k("cerrojo"))).toBe(ganadora);
    expect(await almacen.cas(k("cerrojo"), "ninguna", "tres")).toBe(false);
    expect(await almacen.cas(k("cerrojo"), ganadora, { v: 3 })).toBe(true);
    expect(await almacen.get(k("cerrojo"))).toEqual({ v: 3 });
    // An entry whose time ran out holds nothing.
    await almacen.set(k("vieja"), 1, segundos(-1));
    expect(await almacen.cas(k("vieja"), 1, 2)).toBe(false);
    expect(await almacen.cas(k("vieja"), undefined, 2)).toBe(true);
    expect(await almacen.get(k("vieja"))).toBe(2);
  });
});
