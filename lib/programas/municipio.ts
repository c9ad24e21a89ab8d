import { type MunicipioConRuta, type NomenclatorMunicipios, slug } from "../geo/slug";

/**
 * The town a fiesta programme is of, from its own words: who signs it ("Ayuntamiento de
 * Vinuesa", "Ajuntament d'Arbúcies", anywhere in the text) or a line of its header that is a
 * town's name and nothing more ("Murchante · del 11 al 14 de septiembre", "Navidad en Almadén
 * de la Plata 2026-2027"). A saint's name in "Fiestas de San Pedro" is never taken for the town
 * of San Pedro: only a whole piece of a header line, or what follows "en", is looked up.
 */

/** Who signs: the town hall, in the co-official languages too. */
const AYUNTAMIENTO =
  /\b(?:excmo\.?\s+|ilmo\.?\s+|m\.?\s*i\.?\s+)?(?:ayuntamiento|ayto\.|ajuntament|concello)\s+(?:de\s+|d['’]\s*|del\s+)(\p{L}[\p{L}'’\- ]*)/giu;
/** Where a header line breaks into pieces: "Fiestas 2026 · Peñaparda", "Ruente, 8, 9 y 10 de agosto". */
const PIEZAS = /\s*(?:[·•|,;:()–—]|\s-\s)\s*/u;
/** The header's lines read for a town's name: a programme's title block is short. */
const LINEAS_CABECERA = 6;
/** What a fiesta is named after when it is not a town: "de San Roque", "de la Virgen", "de Sant Miquel". */
const SANTO =
  /^(?:(?:la|el|los|las|les|l['’])\s*)?(?:san|santa|santo|sant|santos|virgen|nuestra|nostra|mare|patr[oó]n|patrona)\b/iu;
/** The longest town names: "San Bartolomé de Pinares", "Santa María de la Alameda"… */
const MAX_PALABRAS = 6;

/** A piece of a header line without its year, dates and "del 14 al 17 de agosto". */
function sinFechas(pieza: string): string {
  return pieza
    .replace(/\b(?:del?|dels|al|el|y|i)?\s*\d[\d\s/.-]*(?:\s+(?:de|d['’])\s*\p{L}+)?/giu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Candidate names in the order they tell the town, each its words as written. */
export function nombresCitados(texto: string): string[] {
  const nombres: string[] = [];
  for (const m of texto.matchAll(AYUNTAMIENTO)) {
    const palabras = m[1].split(/\s+/).slice(0, MAX_PALABRAS);
    // "Ayuntamiento de Cigales y Asociación…": the longest run of words that is a town is chosen later.
    for (let n = palabras.length; n >= 1; n--) nombres.push(palabras.slice(0, n).join(" "));
  }
  const cabecera = texto
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, LINEAS_CABECERA);
  // "Carnestoltes de Vallbona d'Anoia": after the whole pieces, as "Fiestas de San Pedro" names a saint.
  const trasDe: string[] = [];
  for (const linea of cabecera)
    for (const pieza of linea.split(PIEZAS)) {
      const limpia = sinFechas(pieza);
      if (!limpia) continue;
      nombres.push(limpia);
      const tras = /\b(?:en|a)\s+(\p{L}.*)$/iu.exec(limpia);
      if (tras) nombres.push(tras[1]);
      const de = /\b(?:de|del|d['’])\s*(\p{L}.*)$/iu.exec(limpia);
      if (de && !SANTO.test(de[1])) trasDe.push(de[1]);
    }
  return [...nombres, ...trasDe];
}

/**
 * The municipality a programme's text names for itself, or null. Among towns that share a name,
 * the one whose province the text names, else the most populous.
 */
export function municipioDelPrograma(texto: string, nomenclator: NomenclatorMunicipios): MunicipioConRuta | null {
  const textoPlano = `-${slug(texto)}-`;
  for (const nombre of nombresCitados(texto)) {
    const lista = nomenclator.porNombre.get(slug(nombre)) ?? [];
    if (lista.length === 0) continue;
    const puntuar = (m: MunicipioConRuta) =>
      (textoPlano.includes(`-${m.provinciaSlug}-`) ? 1e9 : 0) + (m.poblacion ?? 0);
    return lista.reduce((a, b) => (puntuar(b) > puntuar(a) ? b : a));
  }
  return null;
}
