import { AGENDAS } from "../agendas";
import type { Adaptador } from "../tipos";
import { adaptadorIcs } from "./ics";
import { adaptadorJsonld } from "./jsonld";
import { adaptadorMadrid } from "./madrid";
import { adaptadorZaragoza } from "./zaragoza";

/**
 * Every kind of source, in the order detection tries them by content: the specific formats
 * first, then the regional agendas (recognised by their address's path and their pages' shape),
 * pages with JSON-LD last (Madrid's agenda is JSON-LD-like too, but no schema.org Event). The
 * kinds, their labels and detection all come from this list.
 */
export const ADAPTADORES: readonly Adaptador[] = [
  adaptadorIcs,
  adaptadorMadrid,
  adaptadorZaragoza,
  ...AGENDAS,
  adaptadorJsonld,
];

const POR_TIPO = new Map(ADAPTADORES.map((a) => [a.tipo, a]));

/** The adapter of a kind, or undefined for a kind no longer known. */
export const adaptadorDelTipo = (tipo: string): Adaptador | undefined => POR_TIPO.get(tipo);

/** What the team's screen calls a kind of source. */
export const etiquetaTipo = (tipo: string): string => POR_TIPO.get(tipo)?.etiqueta ?? tipo;
