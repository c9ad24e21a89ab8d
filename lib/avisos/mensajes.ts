import es from "@/mensajes/es.json";

/**
 * The Spanish texts of notices the server sends: notifications, in each person's language
 * (espacioDe "avisos"), and the API's answers, in the calling page's. The profile's own words
 * (its choices, this device, installing the app) are the catalogue's "perfil".
 */
export const mensajesAvisos = es.avisos;
