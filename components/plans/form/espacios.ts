import type { Espacio } from "@/lib/catalogo";

/**
 * The namespaces a plan's form reads in the browser, for the wizard's page and the edit page:
 * its own words, the fields', the dates', the messages of its rules and the API's (MensajesEnIdioma), the
 * town search's, and the published plan's share button. The root layout adds general,
 * categorias and tarjeta.
 */
export const ESPACIOS_DEL_FORMULARIO: readonly Espacio[] = [
  "asistente",
  "formulario",
  "fechas",
  "publicar",
  "pistas",
  "ubicacion",
  "buscador",
  "cuenta",
  "planes",
  "difusion",
  "plan",
];
