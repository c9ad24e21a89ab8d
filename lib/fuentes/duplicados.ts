import { normalizar } from "../busqueda/palabras";

/**
 * Whether two listings are one event: the same concert comes from a village's own calendar and
 * from its region's agenda, titled differently ("'Raíces' (FETÉN FETÉN)" and "Concierto Fetén
 * Fetén: Raíces 2026"). The sync asks this only of plans that start the same day in Madrid, in
 * the same town or within 1 km; here only the titles are compared.
 */

/** Words that say nothing of which event it is, in Spanish, Catalan, Basque and English. */
const VACIAS = new Set(
  (
    "a al ante con de del desde e el en entre hacia la las lo los o para por sin sobre u un una unos unas y " +
    "d els i les l per amb dels pel pels un una eta the of and in at on " +
    "edicion edicio ed edizioa ano any"
  ).split(" "),
);
/** Words that name a kind of event, not one: two listings sharing only these are two events. */
const GENERICAS = new Set(
  (
    "concierto concert kontzertua teatro teatre antzerkia espectaculo espectacle exposicion exposicio erakusketa " +
    "taller tallers tailerra visita visites guiada guiades ruta rutes misa fiesta fiestas festa festes jaiak feria fira " +
    "mercado mercat mercadillo cine cinema zinema danza dansa musica charla conferencia conferencies presentacion " +
    "libro llibre cuentacuentos magia circo circ infantil familiar actuacion sesion proyeccion torneo campeonato " +
    "carrera marcha jornada jornadas semana cultural club lectura"
  ).split(" "),
);

/** Ordinals written as Roman numerals ("XV Mercado de la Flor"), which a re-titling often drops. */
const ROMANO = /^(?=[ivxlc]{1,6}$)c{0,3}(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;

/** A title's words as they are compared: lower case, no accents or punctuation, no empty words, no year, ordinal or town's name. */
export function palabrasTitulo(titulo: string, municipio = ""): string[] {
  const delPueblo = new Set(normalizar(municipio).split(" ").filter(Boolean));
  return normalizar(titulo)
    .split(" ")
    .filter(
      (p) =>
        p &&
        !VACIAS.has(p) &&
        !delPueblo.has(p) &&
        !/^(19|20)\d\d$/.test(p) &&
        !/^\d{1,2}(a|o|e|er|era|ª|º)?$/.test(p) &&
        !ROMANO.test(p),
    );
}

/** pg_trgm's trigrams of a text: each word padded with two spaces before and one after. */
function trigramas(palabras: string[]): Set<string> {
  const salida = new Set<string>();
  for (const p of palabras) {
    const t = `  ${p} `;
    for (let i = 0; i + 3 <= t.length; i++) salida.add(t.slice(i, i + 3));
  }
  return salida;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both. */
export function similitud(a: string[], b: string[]): number {
  const ta = trigramas(a);
  const tb = trigramas(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let comunes = 0;
  for (const t of ta) if (tb.has(t)) comunes++;
  return comunes / (ta.size + tb.size - comunes);
}

/** How similar two titles must be, once compared as above, to be one event (see docs/sources.md for the figures). */
export const UMBRAL_SIMILITUD = 0.55;

/**
 * Whether two titles of listings on one day and in one place name the same event: their words
 * (as `palabrasTitulo` keeps them) are similar by trigrams, or every word of the shorter one is
 * in the longer and not all of them only name a kind of event ("Concierto").
 */
export function mismoEvento(a: string, b: string, municipio = ""): boolean {
  const pa = palabrasTitulo(a, municipio);
  const pb = palabrasTitulo(b, municipio);
  if (pa.length === 0 || pb.length === 0) return normalizar(a) === normalizar(b);
  const [corta, larga] = pa.length <= pb.length ? [pa, pb] : [pb, pa];
  if (corta.some((p) => !GENERICAS.has(p)) && corta.every((p) => larga.includes(p))) return true;
  return similitud(pa, pb) >= UMBRAL_SIMILITUD;
}
