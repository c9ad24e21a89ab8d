/**
 * The Spanish texts of following an organization.
 * Apart from lib/messages.ts, which the home's JavaScript carries whole: these are read only by
 * the pages and calls of their own.
 */
export const mensajesSeguir = {
  seguirOrganizacionBoton: "Seguir",
  seguirOrganizacionSiguiendo: "Siguiendo",
  seguirOrganizacionHecho: "Sigues a {organizacion}. Te avisaremos cuando publique planes.",
  seguirOrganizacionExplicacion: "Te mandaremos sus planes nuevos en el correo de los jueves.",
  seguirOrganizacionConfirmado: "¡Listo! Cada jueves te enviaremos los planes nuevos de {organizacion}.",
  seguimientoOrganizacionEliminado: "Ya no sigues a {organizacion}.",
  seguidores: "{n} personas siguen esta organización",
  seguidoresUno: "1 persona sigue esta organización",
  seguidoresNinguno: "Nadie sigue esta organización todavía",
  organizacionesSeguidasTitulo: "Organizaciones que sigues",
  resumenAsuntoOrganizacion: "Planes nuevos de {organizacion}",
} as const;
