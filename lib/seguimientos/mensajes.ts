/**
 * The Spanish texts of following an organization.
 * Apart from lib/messages.ts, which the home's JavaScript carries whole: these are read only by
 * the pages and calls of their own.
 */
export const mensajesSeguir = {
  seguirOrganizacionBoton: "Seguir",
  seguirOrganizacionSiguiendo: "Siguiendo",
  // After "Seguir" with a session: how the organization's new plans will reach the person now.
  seguirOrganizacionCorreo: "Sigues a {organizacion}. Te avisaremos por correo cuando publique planes.",
  seguirOrganizacionPush:
    "Sigues a {organizacion}. Te avisaremos con una notificación en tus dispositivos cuando publique planes.",
  seguirOrganizacionAmbos:
    "Sigues a {organizacion}. Te avisaremos por correo y con una notificación cuando publique planes.",
  seguirOrganizacionSinAviso:
    "Sigues a {organizacion}. Ahora no te avisamos de sus planes nuevos: puedes elegir cómo en Avisos.",
  seguirOrganizacionElegir: "Elegir cómo te avisamos",
  seguirOrganizacionExplicacion: "Te mandaremos sus planes nuevos en el correo de los jueves.",
  seguirOrganizacionConfirmado: "¡Listo! Cada jueves te enviaremos los planes nuevos de {organizacion}.",
  seguimientoOrganizacionEliminado: "Ya no sigues a {organizacion}.",
  seguidores: "{n} personas siguen esta organización",
  seguidoresUno: "1 persona sigue esta organización",
  seguidoresNinguno: "Nadie sigue esta organización todavía",
  organizacionesSeguidasTitulo: "Organizaciones que sigues",
  resumenAsuntoOrganizacion: "Planes nuevos de {organizacion}",
} as const;
