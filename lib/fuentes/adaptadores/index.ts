import type { Adaptador } from "../tipos";
import { adaptadorIcs } from "./ics";
import { adaptadorJsonld } from "./jsonld";
import { adaptadorMadrid } from "./madrid";
import { adaptadorZaragoza } from "./zaragoza";

/**
 * Every kind of source, in the order detection tries them by content: the specific formats
 * first, pages with JSON-LD last (Madrid's agenda is JSON-LD-like too, but no schema.org Event).
 */
export const ADAPTADORES: readonly Adaptador[] = [adaptadorIcs, adaptadorMadrid, adaptadorZaragoza, adaptadorJsonld];
