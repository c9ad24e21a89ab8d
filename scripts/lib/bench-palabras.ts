import { readFileSync } from "node:fs";
import { PALABRAS_VACIAS, tokens } from "../../lib/busqueda/palabras";

/** Words of the seeded plans' texts (the demo's titles and descriptions) to search for. */
const PALABRAS = [
  ...new Set(
    (
      JSON.parse(readFileSync(new URL("../../data/demo/contenido.json", import.meta.url), "utf8")) as {
        planes: { titulo: string; descripcion: string }[];
      }
    ).planes.flatMap((p) => tokens(`${p.titulo} ${p.descripcion}`)),
  ),
].filter((w) => w.length >= 4 && !PALABRAS_VACIAS.has(w) && !/\d/.test(w));

export type TipoDeBusqueda = "una palabra" | "dos palabras" | "a medio escribir" | "con errata";

/** A word search as people make them: one word, two, a word being typed, or one with a typo (a letter changed or two swapped). */
export function busquedaDePalabras(r: () => number = Math.random): { tipo: TipoDeBusqueda; q: string } {
  const una = () => PALABRAS[Math.floor(r() * PALABRAS.length)];
  const x = r();
  const w = una();
  if (x < 0.35) return { tipo: "una palabra", q: w };
  if (x < 0.6) return { tipo: "dos palabras", q: `${w} ${una()}` };
  if (x < 0.8) return { tipo: "a medio escribir", q: w.slice(0, 3 + Math.floor(r() * (w.length - 3))) };
  const i = 1 + Math.floor(r() * (w.length - 2));
  return {
    tipo: "con errata",
    q: r() < 0.5 ? `${w.slice(0, i)}x${w.slice(i + 1)}` : `${w.slice(0, i)}${w[i + 1]}${w[i]}${w.slice(i + 2)}`,
  };
}
