/**
 * The Spanish texts of following an organization that the server sends: the API's answers and
 * the e-mail's subject. The pages' own words ("Seguir", its followers) are the catalogue's "perfil".
 */
export const mensajesSeguir = {
  // After "Seguir" with a session: how the organization's new plans will reach the person now.
  seguirOrganizacionCorreo: "Sigues a {organizacion}. Te avisaremos por correo cuando publique planes.",
  seguirOrganizacionPush:
    "Sigues a {organizacion}. Te avisaremos con una notificación en tus dispositivos cuando publique planes.",
  seguirOrganizacionAmbos:
    "Sigues a {organizacion}. Te avisaremos por correo y con una notificación cuando publique planes.",
  seguirOrganizacionSinAviso:
    "Sigues a {organizacion}. Ahora no te avisamos de sus planes nuevos: puedes elegir cómo en Avisos.",
  seguirOrganizacionConfirmado: "¡Listo! Cada jueves te enviaremos los planes nuevos de {organizacion}.",
  seguimientoOrganizacionEliminado: "Ya no sigues a {organizacion}.",
  resumenAsuntoOrganizacion: "Planes nuevos de {organizacion}",
} as const;
