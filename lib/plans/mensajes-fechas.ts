import es from "@/mensajes/es.json";

/**
 * The Spanish texts of a plan's dates that the rules (lib/plans/fechas.ts, formulario.ts) and the
 * API answer: the catalogue's "fechas", with the form's words ("formulario"). Each page
 * shows them in its language (the API's errors through enIdioma, the form's through
 * MensajesEnIdioma).
 */
export const mensajesFechas = { ...es.formulario, ...es.fechas };
