import es from "@/mensajes/es.json";

/**
 * Every Spanish text the product answers, once, as the Spanish catalogue (mensajes/es.json) has
 * it: one flat object of its namespaces, for the JSON API (whose contract is Spanish), e-mails
 * and tasks that have no page, and the tests. Texts quoted in the product spec are copied letter
 * for letter (typos included where the spec keeps them). A page shows its language's catalogue.
 */
export const mensajes = {
  ...es.general,
  ...es.ubicacion,
  ...es.cuenta,
  ...es.busqueda,
  ...es.recordatorios,
  ...es.planes,
  ...es.publicar,
  ...es.difusion,
  ...es.listas,
  ...es.seguir,
  ...es.pueblos,
};

/**
 * The short hint next to each failing field of a form (ours, not the spec's): the spec's message
 * for the first failing rule still shows by the submit button.
 */
export const pistas = es.pistas;

export type ClaveMensaje = keyof typeof mensajes;

export { conDatos, enumeracion } from "./con-datos";
