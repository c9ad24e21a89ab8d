import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** A sample value for each kind of dynamic part: an id, and two segments for a catch-all. */
const MUESTRA = { uno: "00000000-0000-4000-8000-000000000000", varios: "x/y" } as const;

export interface ArchivoDeRuta {
  /** The address, with a sample value in each dynamic part. */
  url: string;
  /** How many dynamic parts the address has. */
  dinamicos: number;
  /** The address with `valor` (as it goes on the wire) in its `i`-th dynamic part, samples in the others. */
  conValor(i: number, valor: string): string;
  /** The methods a route.ts exports (none for a page). */
  metodos: string[];
}

/**
 * Every app/**\/route.ts (`archivo` "route.ts") or page (`archivo` "page.tsx") under `dir` as
 * an address: route groups left out, dynamic parts filled in.
 */
export function archivosDeRuta(
  archivo: "route.ts" | "page.tsx",
  dir = path.resolve("app"),
  base = dir,
): ArchivoDeRuta[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const ruta = path.join(dir, e.name);
    if (e.isDirectory()) return archivosDeRuta(archivo, ruta, base);
    if (e.name !== archivo) return [];
    const fuente = readFileSync(ruta, "utf8");
    const metodos = [
      ...fuente.matchAll(/^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm),
    ].map((m) => m[1]);
    const segmentos = path
      .relative(base, dir)
      .split(path.sep)
      .filter((s) => s && !/^\(.*\)$/.test(s));
    const posiciones = segmentos.flatMap((s, i) => (s.startsWith("[") ? [i] : []));
    const conValores = (valor: (i: number) => string | undefined) =>
      `/${segmentos
        .map((s, i) => {
          if (!s.startsWith("[")) return s;
          return valor(posiciones.indexOf(i)) ?? (s.startsWith("[...") ? MUESTRA.varios : MUESTRA.uno);
        })
        .join("/")}`;
    return [
      {
        url: conValores(() => undefined),
        dinamicos: posiciones.length,
        conValor: (i, valor) => conValores((j) => (j === i ? valor : undefined)),
        metodos,
      },
    ];
  });
}
