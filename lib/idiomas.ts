/**
 * The interface's languages: Spanish (the default, at today's unprefixed URLs) and the
 * co-official ones and English. Each has its catalogue in mensajes/{idioma}.json.
 */
export const IDIOMAS = ["es", "ca", "eu", "gl", "en"] as const;
export type Idioma = (typeof IDIOMAS)[number];
export const IDIOMA_POR_DEFECTO: Idioma = "es";

export const esIdioma = (valor: unknown): valor is Idioma => (IDIOMAS as readonly unknown[]).includes(valor);
