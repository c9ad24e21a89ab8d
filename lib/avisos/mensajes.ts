import es from "@/mensajes/es.json";

/**
 * The Spanish texts of notices the server sends: notifications and the API's answers. The
 * profile's own words (its choices, this device, installing the app) are the catalogue's
 * "perfil", in the page's language.
 */
export const mensajesAvisos = {
  // The notices themselves, as Spanish writes them: each person's come in their language (espacioDe "avisos").
  ...es.avisos,
  pushSuscrito: "Avisos activados en este dispositivo.",
  pushEndpointNoValido: "La dirección de avisos del navegador no es válida: debe empezar por https://.",
  pushClavesNoValidas: "Las claves de avisos del navegador no son válidas.",
  pushEndpointRechazado: "No se pueden enviar avisos a esa dirección: {motivo}",
  avisosGuardados: "Cambios guardados.",
  avisosNoValidos: "Elige sí o no para cada aviso.",
} as const;
