import { enMinusculas } from "../fuentes/titulos";
import { MAYUSCULA_INICIAL, comoNombre, enCapitales, plano } from "./texto";

/**
 * An act's place and title, from its words: "Verbena con la orquesta X en la Plaza Mayor",
 * "(Multiusos)", "· Plaça de la Vila", "desde la Iglesia hasta la ermita", "A les 18 h, a la plaça
 * de l'Ajuntament, inflables…", and the sentences that only give a place ("Lugar: Pabellón",
 * "Salida desde el Polideportivo", "Sortida des de la plaça Major").
 */

/** Nouns that name a place, so that "en la pradera" is a place and "en la lumbre" is not. */
const LUGARES = new Set(
  `plaza placa plazuela calle carrer avenida avinguda paseo passeig rambla iglesia esglesia ermita parroquia
  santuario santuari capilla convento monasterio catedral atrio pabellon pavello polideportivo poliesportiu
  poliesportiva pista pistes piscina fronton fronto campo camp estadio bolera recinto caseta carpa envelat explanada
  pradera prado prat era eras parque parc jardin jardines alameda area zona barrio barri bar restaurante
  restaurant hogar casal centro centre salon sala casa ayuntamiento ajuntament biblioteca escuela escuelas escola
  colegio instituto teatro teatre auditorio auditori museo museu mercado lonja patio pati soportales porches
  balcon balco local nave merendero arroyo rio riu ribera fuente font castillo torre muralla cerro turo monte
  mirador puente pont estacion estacio camping embalse playa platja puerto cooperativa lagar residencia paraje
  llano travesia cementerio frontis velodromo terraza casco puerta porta pinar`.split(/\s+/),
);

const ARTICULO = String.raw`(?:(?:el|la|los|las|les|els)\s+|l['’]\s*)`;

/**
 * Whether words after a preposition name a place: "sustantivo" when a place noun is among their
 * first two, "nombre" when, in mixed case, they are a name ("en el Centro Cultural", "en el lagar
 * de la Plaza Mayor"), null otherwise.
 */
function clase(texto: string, nombres: boolean): "sustantivo" | "nombre" | null {
  const palabras = plano(texto)
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (palabras.slice(0, 2).some((p) => LUGARES.has(p) || LUGARES.has(p.replace(/s$/, "")))) return "sustantivo";
  return nombres && /^\p{Lu}|^\p{L}+(?: \p{L}+)? (?:de|del|de la|de los|de las) \p{Lu}/u.test(texto) ? "nombre" : null;
}

/** Where a place ends: a comma, a full stop, brackets, quotes, or words that start the act's other parts. */
const FIN_LUGAR =
  /\s*(?:[,.;:(«“"]|\s(?:con|amb|para|per|a cargo|a carrec|a càrrec|hasta|ante|junto|que|donde|seguida|seguido|a las|a les)\s|\s(?:y|i|e)\s(?!\p{Lu}))/u;

/** "desde la Iglesia hasta la ermita de San Isidro", "des del carrer … fins a la plaça Major": a route, kept whole. */
const RUTA = /(?<!\p{L})(?:desde|des de|des del)\s.+?\s(?:hasta|fins a|fins al|fins)\s.+?(?=[,.;(]|$)/u;

/** The prepositions that may open a place, and whether a name alone (a capital) is enough after them. */
const PREPOSICIONES: { patron: RegExp; nombres: boolean }[] = [
  { patron: new RegExp(String.raw`(?<!\p{L})en\s+${ARTICULO}`, "gu"), nombres: true },
  {
    patron: new RegExp(String.raw`(?<!\p{L})(?:desde|des de)\s+${ARTICULO}?|(?<!\p{L})des del\s+`, "gu"),
    nombres: true,
  },
  { patron: new RegExp(String.raw`(?<!\p{L}|per |para )(?:a\s+${ARTICULO}|al\s+)`, "gu"), nombres: false },
  { patron: new RegExp(String.raw`(?<!\p{L})por\s+${ARTICULO}`, "gu"), nombres: false },
];

/** The spans of a text inside quotes or brackets, where no place is looked for ("Pastorets "El naixement a les Guilleries""). */
function citas(texto: string): [number, number][] {
  return [...texto.matchAll(/"[^"]*"|«[^»]*»|“[^”]*”|\([^)]*\)/g)].map((m) => [m.index, m.index + m[0].length]);
}

interface Hallado {
  lugar: string;
  /** The span to take out of the title: the preposition, the place and a comma before it. */
  desde: number;
  hasta: number;
}

/** The last place a text names after a preposition, or a route. */
function lugarEnTexto(texto: string, mayusculas: boolean): Hallado | null {
  const p = plano(texto);
  const dentro = citas(texto);
  const libre = (i: number) => !dentro.some(([a, b]) => i >= a && i < b);
  const conComa = (desde: number) => {
    const coma = /,\s*$/.exec(texto.slice(0, desde));
    return coma ? coma.index : desde;
  };
  const ruta = RUTA.exec(p);
  if (ruta && libre(ruta.index)) {
    const lugar = texto.slice(ruta.index, ruta.index + ruta[0].length).trim();
    return { lugar, desde: conComa(ruta.index), hasta: ruta.index + ruta[0].length };
  }
  let mejor: Hallado | null = null;
  for (const { patron, nombres } of PREPOSICIONES) {
    for (const m of p.matchAll(patron)) {
      const inicio = m.index + m[0].length;
      if (!libre(m.index) || (mejor && m.index < mejor.desde)) continue;
      const resto = texto.slice(inicio);
      const fin = FIN_LUGAR.exec(resto);
      const lugar = (fin ? resto.slice(0, fin.index) : resto).trim();
      const tipo = lugar && lugar.split(/\s+/).length <= 8 ? clase(lugar, nombres && !mayusculas) : null;
      // A name with more of the title after it is part of the title ("La Oración en el Huerto y el Cristo…").
      if (!tipo || (tipo === "nombre" && /\p{L}/u.test(resto.slice(lugar.length).split(/[.;(]/)[0]))) continue;
      mejor = { lugar, desde: conComa(m.index), hasta: inicio + lugar.length };
    }
  }
  return mejor;
}

/** A place's words without the final stop and the brackets or quotes around them. */
const limpiarLugar = (lugar: string) =>
  comoNombre(
    lugar
      .trim()
      .replace(/^[(«“"]+|[)»”".,;:]+$/gu, "")
      .trim(),
  );

/**
 * The place a sentence of its own gives an act: "Lugar: Pabellón", "Lloc: Casal d'Avis",
 * "Salida desde el Polideportivo", "Sortida des de l'estació". Null for other sentences.
 */
export function lugarDeFrase(frase: string): string | null {
  const m = new RegExp(
    String.raw`^(?:(?:lugar|lloc)\s*:\s*|(?:salida|sortida)\s+(?:desde|des de|des del|de|del)\s+${ARTICULO}?)`,
    "u",
  ).exec(plano(frase));
  if (!m) return null;
  const lugar = limpiarLugar(frase.slice(m[0].length));
  return lugar || null;
}

/** A sentence that only names a place ("Pavelló.", "Plaça de l'Ajuntament."), as some programmes write it between an hour and its act. */
export function soloLugar(frase: string): string | null {
  const lugar = frase.trim().replace(/[.:;]+$/u, "");
  if (!MAYUSCULA_INICIAL.test(lugar) || /[\d,]/.test(lugar) || lugar.split(/\s+/).length > 6) return null;
  return clase(lugar, false) ? limpiarLugar(lugar) : null;
}

/** The words of an act without its place: the place found, what is left as the title. */
export function separarLugar(texto: string, mayusculas: boolean): { titulo: string; lugar: string | null } {
  // "Fira de Nadal · Passeig del Rieral", "Teatro<tab>Salida desde la Casa de Cultura": the last column is the place.
  const partes = texto.split(/\s+[·|]\s+|\t+|\s{3,}/);
  if (partes.length > 1) {
    const ultima = partes.at(-1)!;
    if (MAYUSCULA_INICIAL.test(ultima) && ultima.split(/\s+/).length <= 8 && !/\d/.test(ultima)) {
      return { titulo: partes.slice(0, -1).join(" · "), lugar: lugarDeFrase(ultima) ?? limpiarLugar(ultima) };
    }
  }
  // "Novena – Ermita de San Antón": after a dash, only a place noun or "Salida desde…" makes a column.
  const guion = /\s+[–—]\s+([^–—]+)$/u.exec(texto);
  const columna = guion && (lugarDeFrase(guion[1]) ?? soloLugar(guion[1]));
  if (columna) return { titulo: texto.slice(0, guion.index), lugar: columna };
  // "A les 18 h, a la plaça de l'Ajuntament, inflables…": a place that opens the sentence.
  const delante = new RegExp(String.raw`^(a\s+${ARTICULO}|al\s+|en\s+${ARTICULO})([^,]+),\s*`, "u").exec(plano(texto));
  if (delante) {
    const lugar = texto.slice(delante[1].length, delante[1].length + delante[2].length);
    if (!FIN_LUGAR.test(lugar) && lugar.split(/\s+/).length <= 8 && clase(lugar, !mayusculas))
      return { titulo: texto.slice(delante[0].length), lugar: limpiarLugar(lugar) };
  }
  // "(Salón de Plenos)" at the end: a name in brackets, not a note ("(inscripción previa en el 987…)").
  const entre = /\s*\(([^()]+)\)\s*\.?\s*$/u.exec(texto);
  const salida = entre && lugarDeFrase(entre[1]);
  if (
    entre &&
    (salida || (MAYUSCULA_INICIAL.test(entre[1]) && !/\d|,/.test(entre[1]) && entre[1].split(/\s+/).length <= 7))
  ) {
    return { titulo: texto.slice(0, entre.index), lugar: salida || limpiarLugar(entre[1]) };
  }
  const hallado = lugarEnTexto(texto, mayusculas);
  if (!hallado) return { titulo: texto, lugar: null };
  const titulo = `${texto.slice(0, hallado.desde)} ${texto.slice(hallado.hasta)}`;
  return { titulo, lugar: limpiarLugar(hallado.lugar) };
}

/**
 * An act's title as the programme means it: without notes in brackets that hold figures, the
 * stops and commas left at its ends, in sentence case when it was in capitals ("TALLER DE
 * CERÁMICA para niños" → "Taller de cerámica para niños"), with a capital first letter.
 */
export function limpiarTitulo(texto: string): string {
  let t = texto
    .replace(/\s*\([^()]*\d[^()]*\)/g, "")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;:])/g, "$1")
    .replace(/^[\s,.;:·\-–—]+|[\s,.;:·\-–—]+$/gu, "");
  // In capitals, or its leading words in capitals ("CINE DE VERANO para todos los públicos").
  const capitales = (/^(?:[^\s\p{Ll}]+\s+)+/u.exec(t)?.[0] ?? "").trimEnd();
  if (enCapitales(t)) t = enMinusculas(t);
  else if (capitales.replace(/[^\p{L}]/gu, "").length >= 4) t = enMinusculas(capitales) + t.slice(capitales.length);
  return t.replace(/^([^\p{L}\p{N}]*)(\p{Ll})/u, (_, a: string, l: string) => a + l.toLocaleUpperCase("es"));
}
