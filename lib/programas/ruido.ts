import { plano } from "./texto";

/**
 * The lines a programme holds besides its acts that a reader can tell for what they are:
 * sponsors and organisers, the town hall's disclaimers, page numbers and running headers,
 * greetings and their signatures, phone and inscription notes, prices, rules for the public.
 * What is none of these and no act goes to `sinLeer`, for a person to look at.
 */
const RUIDO: RegExp[] = [
  // Who organises, sponsors, edits.
  /^(?:organiza|organizan|organitza|organitzen|colabora|colaboran|col·labora|col·laboren|patrocina|patrocinan|edita|amb el suport|amb la col·laboracio|con la colaboracion|con el patrocinio)(?!\p{L})/u,
  // Town halls, councils, brotherhoods named on their own line, and what they ask or warn of.
  /(?:ayuntamiento|ajuntament|concejalia|regidoria|comision de fiestas|comissio de festes|hermandad|cofradia|diputacion|diputacio)(?!\p{L})/u,
  /(?:se reserva|podra modificar|puede sufrir|declina|no se hace responsable|se ruega|es prega|se recomienda|es recomana|es recomendable|esta prohibido|queda prohibido|en caso de lluvia|en cas de pluja)/u,
  // Page numbers ("- 3 -", "Página 4") and the programme's own name.
  /^(?:[-–—]\s*\d+\s*[-–—]|(?:pagina|pag\.?)\s*\d+|\d+)$/u,
  /^(?:programa|programacion|programa d'actes|programa d'activitats)(?!\p{L})/u,
  // Greetings.
  /^[¡!]?\s*(?:felices fiestas|feliz navidad|felices pascuas|bones festes|bona festa major|bon nadal|viva|visca)(?!\p{L})/u,
  /^(?:saluda|salutacio|saludo)(?!\p{L})/u,
  // A part of the day over its acts ("MAÑANA", "Tarde:").
  /^(?:por la |per la )?(?:manana|tarde|noche|mediodia|mati|tarda|nit|vespre)\s*:?$/u,
  /(?:^|,\s*)(?:alcalde|alcaldesa|concejal|concejala|regidor|regidora|presidente|presidenta)(?:\s+de\s+\p{L}+)?\.?$/u,
  // Phones, inscriptions, tickets, prices, who may take part.
  /\d{3}\s?\d{2}\s?\d{2}\s?\d{2}|\d{3}\s?\d{3}\s?\d{3}/u,
  /^(?:inscripci|inscrib|horario|horari|reserva|tiques|tiquets|entradas|entrades|premios|premis|precio|preu|los tiques|para el|para la|para los|todas las|todos los|actividades|activitats|entrada libre|entrada gratuita|cal portar)/u,
  /€|(?<!\p{L})euros(?!\p{L})/u,
  /(?:podran? visitar|podran? variar|deberan|estara abierto|estaran abiertos|es necesario|cal inscripcio)/u,
];

/** A line that only heads a list of who organises or sponsors ("COLABORAN"): the names under it are noise too. */
export const encabezaLista = (linea: string) =>
  /^(?:organiza|organizan|organitza|organitzen|colabora|colaboran|col·labora|col·laboren|patrocina|patrocinan|patrocinadores|amb el suport de)\s*:?$/u.test(
    plano(linea).trim(),
  );

/** Whether a line is of a kind programmes print around their acts. */
export function esRuido(linea: string): boolean {
  const p = plano(linea).trim();
  return RUIDO.some((r) => r.test(p));
}

/** Whether a paragraph is a greeting: long prose with no hour (the mayor's words). */
export const esSaludo = (linea: string) => linea.length > 160 && !/\d{1,2}[:.]\d{2}|\d\s?h(?!\p{L})/u.test(linea);
