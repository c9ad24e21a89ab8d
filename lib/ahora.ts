import { cache } from "react";

/**
 * "Now" of a server render, read once per request: a page, its metadata and the searches they
 * run agree on the day and on the date order's base instant.
 */
export const ahoraDeLaPeticion = cache((): number => Date.now());
