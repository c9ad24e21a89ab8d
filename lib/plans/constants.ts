/** Categories of spec §9, in display order; 'Otros' (shown as 'Todos' on home) means all. */
export const CATEGORIAS = [
  "Otros",
  "Deporte",
  "Fiestas de pueblo",
  "Aventura",
  "Turismo",
  "Fiesta",
  "Infantil",
  "Cultura",
  "Taller",
  "Gastronomía",
] as const;
export type Categoria = (typeof CATEGORIAS)[number];

/** A plan people with reduced mobility can attend (the form's checkbox, its page, the search chip's meaning). */
export const ACCESIBLE_TEXTO = "Accesible para personas con movilidad reducida";
/** The search's page size (the home's pages and the API's largest `limit`). */
export const POR_PAGINA = 30;
export const RADIO_MAX_KM = 50;
export const RADIO_DEFAULT_KM = 50;

/** Search answers kept per process (see lib/busqueda/buscar.ts): how many, and for how long. */
export const BUSQUEDA_MEMO_ENTRADAS = 500;
export const BUSQUEDA_MEMO_TTL_MS = 30_000;

/**
 * Search totals are exact up to this many plans; beyond it the search answers this number with
 * `totalExacto: false` ("Más de 3.000 planes"), and its pages go up to it. Counting every match
 * of a dense area (a city at 50 km) is what a never-repeated search would spend most on.
 */
export const TOPE_TOTAL = 3000;

/**
 * The calendar (ICS) and Atom feeds of a search or an organization (lib/difusion/feeds.ts): the
 * plans of the next FEED_DIAS days, at most FEED_MAX_PLANES of them, and how long a client or a
 * shared cache may keep a feed before asking again (a conditional request then costs one read
 * of the search version: 304).
 */
export const FEED_DIAS = 90;
export const FEED_MAX_PLANES = 500;
export const FEED_MAX_AGE_S = 900;
/** Feeds' rows kept per process (lib/busqueda/buscar.ts), each up to FEED_MAX_PLANES rows. */
export const FEED_MEMO_ENTRADAS = 32;
