/**
 * The Spanish texts of notices: notifications, the profile's choices, installing the app.
 * Apart from lib/messages.ts, which the home's JavaScript carries whole: these are read only by
 * the pages and calls of their own.
 */
export const mensajesAvisos = {
  pushSuscrito: "Avisos activados en este dispositivo.",
  pushEndpointNoValido: "La dirección de avisos del navegador no es válida: debe empezar por https://.",
  pushClavesNoValidas: "Las claves de avisos del navegador no son válidas.",
  pushEndpointRechazado: "No se pueden enviar avisos a esa dirección: {motivo}",
  avisoFinde: "Este finde cerca de {municipio}: {n} planes",
  avisosTitulo: "Avisos",
  avisosExplicacion:
    "Elige cómo quieres enterarte de cada cosa: por correo, con una notificación en este móvil u ordenador, o de las dos formas.",
  avisosCorreo: "Correo",
  avisosPush: "Notificación",
  avisoTipoPublicaciones: "Una organización que sigues publica un plan",
  avisoTipoCambios: "Cambia la fecha o se cancela un plan que guardaste",
  avisoTipoRecordatorios: "Mañana empieza un plan que guardaste",
  avisoTipoResumen: "Los jueves, los planes del finde cerca de tus pueblos",
  avisosGuardados: "Cambios guardados.",
  avisosNoValidos: "Elige sí o no para cada aviso.",
  avisosActivar: "Activar avisos",
  instalarBoton: "Instalar Planazo",
  instalarAyuda:
    "Ten Planazo en la pantalla de inicio, como una app: se abre de un toque y te avisa aunque no tengas la web abierta.",
  instalarIos:
    "En iPhone y iPad: pulsa Compartir y elige «Añadir a pantalla de inicio». Abre Planazo desde ahí para activar los avisos.",
  avisosActivarAyuda:
    "Para recibir notificaciones en este dispositivo, actívalas aquí. Tu navegador te pedirá permiso.",
  avisosActivos: "Las notificaciones están activadas en este dispositivo.",
  avisosDesactivar: "Desactivar en este dispositivo",
  avisosDesactivados: "Este dispositivo ya no recibirá notificaciones.",
  avisosBloqueados:
    "Has bloqueado las notificaciones de esta web. Para recibirlas, permítelas en los ajustes del navegador.",
  avisosSinSoporte:
    "Este navegador no puede recibir notificaciones. En iPhone, añade primero la web a tu pantalla de inicio.",
  dispositivosTitulo: "Dispositivos con notificaciones",
  dispositivosAyuda: "Un dispositivo deja de recibirlas al cerrar sesión en él.",
  dispositivoNombre: "{navegador} en {sistema}",
  dispositivoDesconocido: "Navegador desconocido",
  dispositivoEste: "este dispositivo",
  dispositivoAnadido: "Añadido el {dia}",
  dispositivoUltimo: "último aviso el {dia}",
  dispositivoSinAvisos: "aún sin avisos",
  dispositivoQuitar: "Quitar",
  dispositivoQuitarEtiqueta: "Quitar {dispositivo}",
  dispositivoQuitado: "Ese dispositivo ya no recibirá notificaciones.",
  avisosError: "No hemos podido activar las notificaciones, por favor vuelve a intentarlo.",
  avisoPublicado: "{organizacion} ha publicado un plan",
  avisoPublicados: "{organizacion} ha publicado {n} planes",
  avisoMovido: "Ha cambiado la fecha de un plan que guardaste",
  avisoMovidoCuerpo: "«{titulo}»: ahora {cuando}, en {municipio}.",
  avisoCancelado: "Se ha cancelado un plan que guardaste",
  avisoCanceladoCuerpo: "«{titulo}», en {municipio}, ya no se celebra.",
  avisoFechaMovida: "Ha cambiado una fecha de un plan que guardaste",
  avisoFechaMovidaCuerpo: "«{titulo}»{acto}: la del {antes} pasa al {cuando}, en {municipio}.",
  avisoFechaCancelada: "Se ha cancelado una fecha de un plan que guardaste",
  avisoFechaCanceladaCuerpo: "«{titulo}»{acto}: la del {antes} ya no se celebra. Las demás fechas siguen en pie.",
  avisoManana: "Mañana tienes un plan",
  avisoMananaVarios: "Mañana tienes {n} planes",
  /** In a reminder's line, instead of the hour, for a plan of whole days. */
  avisoTodoElDia: "Todo el día",
  avisoFindeUno: "Este finde cerca de {municipio}: 1 plan",
  avisoFindeCuerpo: "Mira qué hay y guarda los que te gusten.",
} as const;
