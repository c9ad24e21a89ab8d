import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The domains of lib/ (its folders) import in one direction: a domain may build on another, never
 * on one that builds on it, so each can be read, tested and changed from the bottom up. Files at
 * lib/'s top level (dates, messages, http…) are shared by every domain and are no domain.
 */
const LIB = path.resolve(import.meta.dirname);
const DOMINIOS = readdirSync(LIB).filter((d) => d !== "generated" && statSync(path.join(LIB, d)).isDirectory());

function ficheros(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) return n === "fixtures" ? [] : ficheros(p);
    return /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) ? [p] : [];
  });
}

/** Which domains each domain's files import, with one file that does it for the message. */
function importaciones(): Map<string, Map<string, string>> {
  const grafo = new Map<string, Map<string, string>>();
  for (const dominio of DOMINIOS) {
    const aristas = new Map<string, string>();
    for (const fichero of ficheros(path.join(LIB, dominio))) {
      const texto = readFileSync(fichero, "utf8");
      for (const m of texto.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
        const spec = m[1];
        const destino = spec.startsWith("@/lib/")
          ? path.join(LIB, spec.slice("@/lib/".length))
          : spec.startsWith(".")
            ? path.resolve(path.dirname(fichero), spec)
            : null;
        if (!destino) continue;
        const otro = path.relative(LIB, destino).split(path.sep)[0];
        if (otro !== dominio && DOMINIOS.includes(otro) && !aristas.has(otro)) {
          aristas.set(otro, path.relative(LIB, fichero));
        }
      }
    }
    grafo.set(dominio, aristas);
  }
  return grafo;
}

/** Each cycle through a domain, as "a → b → a (the file of the last step)". */
function ciclosDe(grafo: Map<string, Map<string, string>>): string[] {
  const ciclos: string[] = [];
  // A depth-first walk from every domain: reaching the start again is a cycle.
  for (const inicio of grafo.keys()) {
    const visto = new Set<string>();
    const pila: string[][] = [[inicio]];
    while (pila.length > 0) {
      const camino = pila.pop()!;
      for (const [siguiente, fichero] of grafo.get(camino.at(-1)!) ?? []) {
        if (siguiente === inicio) ciclos.push(`${[...camino, inicio].join(" → ")} (${fichero})`);
        else if (!visto.has(siguiente)) {
          visto.add(siguiente);
          pila.push([...camino, siguiente]);
        }
      }
    }
  }
  return ciclos;
}

describe("lib/'s domains", () => {
  it("import one another in one direction only: no domain depends, even through others, on one that depends on it", () => {
    const grafo = importaciones();
    // The files are read: the search builds on plans.
    expect(grafo.get("busqueda")?.get("plans")).toMatch(/^busqueda\//);
    expect(ciclosDe(grafo)).toEqual([]);
  });

  it("names a cycle, also one through a third domain", () => {
    const grafo = new Map([
      ["a", new Map([["b", "a/x.ts"]])],
      ["b", new Map([["c", "b/y.ts"]])],
      ["c", new Map([["a", "c/z.ts"]])],
      ["d", new Map([["a", "d/w.ts"]])],
    ]);
    expect(ciclosDe(grafo)).toEqual(["a → b → c → a (c/z.ts)", "b → c → a → b (a/x.ts)", "c → a → b → c (b/y.ts)"]);
  });
});
