/**
 * Every Spanish text the product shows or answers, once. Texts quoted in the product spec are
 * copied letter for letter (typos included where the spec keeps them); UI, API and tests import
 * them from here.
 */
export const mensajes = {
  // Pages and layout (spec §2)
  tituloHome: "Descubre planes, eventos y actividades.",
  paginaNoEncontrada: "404 - Página no encontrada",
  cookiesAceptar: "Aceptar",
  cookiesTexto: "Solo usamos cookies propias y necesarias.",
  politicaCookies: "Más información",

  // Generic errors (spec §8) and server-side errors of our own
  errorInesperado: "Ha ocurrido un error inesperado, por favor vuelve a intentarlo",
  servicioNoDisponible:
    "El servicio no está disponible en este momento, por favor vuelve a intentarlo en unos minutos.",
  datosNoValidos: "Los datos enviados no son válidos.",
  datosDemasiadoGrandes: "Los datos enviados son demasiado grandes.",
  demasiadasPeticiones: "Has hecho demasiadas peticiones seguidas, por favor espera un momento y vuelve a intentarlo.",

  // Location search (spec §8) and the geocode endpoint
  ubicacionesNoEncontradas: "No se han encontrado ubicaciones, por favor vuelve a intentarlo",
  direccionNoEncontrada: "No se ha encontrado ninguna dirección, por favor vuelve a intentarlo",
  geocodeTextoObligatorio: "Escribe el nombre de un municipio para buscar.",
  geocodeTextoLargo: "El texto de búsqueda no puede tener más de 100 caracteres.",
  geocodeLimiteNoValido: "El número de resultados debe ser un número entero entre 1 y 10.",
  // 'Usar mi ubicación' (ours)
  geocodeCoordenadasNoValidas: "Las coordenadas no son válidas: la latitud va de -90 a 90 y la longitud de -180 a 180.",
  ubicacionFueraDeEspana: "Parece que estás fuera de España. Escribe un municipio para ver sus planes.",
  ubicacionDenegada: "No tenemos permiso para usar tu ubicación. Escribe tu municipio para ver sus planes.",
  ubicacionNoDisponible: "No hemos podido saber dónde estás. Escribe tu municipio para ver sus planes.",

  // Files
  archivoNoEncontrado: "No se ha encontrado el archivo.",

  // Accounts (spec §2, §5, §8; the ones not quoted there are ours)
  loginNecesario: "Es necesario iniciar sesión.",
  todosObligatoriosRegistro: "Todos los campos son obligatorios",
  passwordCortaRegistro: "La contraseña debe tener al menos 8 caracteres",
  passwordsNoCoinciden: "Las contraseñas no coinciden",
  aceptaPrivacidadRegistro: "Por favor acepta la política de privacidad",
  correoFormato: "El correo electrónico no tiene un formato válido.",
  errorRegistro: "Ha ocurrido un error inesperado, por favorm vuelve a intentarlo.",
  registroEnviado: "Te hemos enviado un correo para confirmar tu cuenta, recuerda revisar la carpeta de spam",
  correoYaRegistrado: "Ya existe una cuenta con ese correo electrónico.",
  cuentaConfirmada: "Tu cuenta ha sido confirmada. Ya puedes iniciar sesión.",
  correoCambiado: "Tu correo electrónico ha sido actualizado.",
  enlaceNoValido: "El enlace no es válido o ha caducado. Pide uno nuevo.",
  credencialesIncorrectas: "El correo electrónico o la contraseña no son correctos.",
  cuentaSinConfirmar:
    "Tu cuenta todavía no está confirmada. Revisa tu correo (también la carpeta de spam) o pide que te enviemos un nuevo enlace.",
  confirmacionReenviada: "Si tu cuenta está pendiente de confirmar, te hemos enviado un nuevo enlace.",
  googleNoVerificado: "No se ha podido verificar tu cuenta de Google, por favor vuelve a intentarlo.",
  googleNoDisponible: "El inicio de sesión con Google no está disponible.",
  googleNoPuedeCambiar: "Las cuentas de Google no pueden cambiar el nombre, el correo ni la contraseña.",
  campoVacio: "El campo no puede estar vacío.",
  passwordActualIncorrecta: "La contraseña actual no es correcta.",
  passwordConfirmarDistinta: 'La nueva contraseña debe ser idéntica a la contraseña de "confirmar contraseña".',
  passwordNuevaCorta: "La nueva contraseña debe tener al menos 8 caracteres",
  datosActualizados: "Se ha actualizado la información",
  passwordActualizada: "La contraseña ha sido actualizada",
  // {correo}: the new address (conDatos).
  cambioCorreoEnviado: "Te hemos enviado un enlace a {correo} para confirmar el cambio de correo.",
  restablecerEnviado: "Si existe una cuenta con ese correo, te hemos enviado un enlace para restablecer la contraseña.",
  passwordRestablecida: "Tu contraseña ha sido actualizada. Ya puedes iniciar sesión.",
  cuentaEliminada: "Tu cuenta ha sido eliminada.",
  sesionCerrada: "Has cerrado la sesión.",
  origenNoPermitido: "Petición no permitida.",
  eliminarCuentaConfirmacion: "¿Estás segur@ de que deseas eliminar tu cuenta? Esta acción es irreversible.",

  // Plan search and detail (ours; spec §8 keeps the client fallbacks)
  ubicacionObligatoria: "Indica una ubicación para buscar planes.",
  coordenadasNoValidas: "La ubicación no es válida.",
  radioNoValido: "La distancia debe ser un número entre 0 y 50 km.",
  categoriaNoValida: "Alguna de las categorías no existe.",
  paginaNoValida: "La página debe ser un número entero mayor que 0.",
  limiteNoValido: "El número de planes por página debe ser un número entero mayor que 0.",
  fechasFiltroNoValidas: "Las fechas del filtro no son válidas.",
  sinPlanes: "No hemos encontrado planes con estos filtros. Prueba a ampliar la distancia o a cambiar las fechas.",
  // A search's count beyond TOPE_TOTAL (totalExacto false): {n} is the bound, written 3.000 (planesTexto).
  masDePlanes: "Más de {n} planes",
  verMasDePlanes: "Ver más de {n} planes",
  errorObtenerPlanes: "Ha ocurrido un error inesperado al obtener los planes, por favor vuelve a intentarlo",
  planNoEncontrado: "No hemos encontrado este plan.",
  // The home's map view
  vistaResultados: "Ver los planes como",
  vistaLista: "Lista",
  vistaMapa: "Mapa",
  // The first visit's feed, before a place is chosen
  feedFinde: "Este finde cerca de {municipio}",
  /** The way out of a word search that found nothing: drop its words. */
  quitarPalabras: "Quitar «{q}»",
  queBuscas: "¿Qué buscas?",
  mostrandoResultadosDe: "Mostrando resultados de «{q}»",
  sinPlanesDePalabras: "No hay planes de «{q}» a {km} km de {municipio}",
  feedProximos: "Próximos planes cerca de {municipio}",
  /** Under the first visit's feed title: the place was chosen for them, not found. */
  lugarDeEjemplo: "Es un ejemplo: aún no sabemos dónde estás.",
  elegirPueblo: "Elige tu pueblo",
  feedVerMas: "Ver todos los planes cerca de {municipio}",
  // The order of the web's lists: by date (the default), or by distance
  ordenResultados: "Ordenar los planes",
  ordenFecha: "Antes primero",
  ordenDistancia: "Cerca primero",
  mapaCargando: "Cargando el mapa…",
  mapaSinScript: "El mapa necesita JavaScript. Aquí tienes los mismos planes en una lista.",
  mapaNoDisponible: "No se ha podido cargar el mapa.",
  mapaVerLista: "Ver la lista",
  mapaTope: "El mapa muestra los {n} planes más cercanos.",
  mapaRegion: "Mapa de los planes",
  mapaTarjeta: "Plan seleccionado en el mapa",
  mapaCerrarTarjeta: "Cerrar",
  mapaGrupo: "{n} planes aquí: acerca el mapa para verlos",
  // Reminders of saved plans and scheduled jobs
  recordatoriosActivados: "Te avisaremos por correo el día antes de tus planes guardados.",
  recordatoriosDesactivados: "Ya no te enviaremos recordatorios de tus planes guardados.",
  recursoNoEncontrado: "No existe lo que buscas.",
  noAutorizado: "No tienes permiso para hacer esto.",
  favoritoGuardado: "El plan se ha guardado en tus favoritos.",
  favoritoEliminado: "El plan se ha eliminado de tus favoritos.",
  loginNecesarioFavoritos: "Es necesario iniciar sesión para guardar planes.",
  // Above the login and registration forms after a tap on a heart without a session (with the plan's title).
  guardarTrasLogin: "Inicia sesión para guardar este plan",
  guardarTrasRegistro: "Crea tu cuenta para guardar este plan",
  reporteEnviado: "Gracias por avisarnos. Revisaremos el plan lo antes posible.",
  reporteNoValido: "Indica el plan que quieres reportar.",
  // Plan detail page (spec §2, §8)
  reportarPlanTitulo: "Reportar plan",
  reportarPlanConfirmacion: "¿Estás segur@ que deseas reportar el plan?",
  // The report's reasons (ours): the dialog's choices and the back-office's labels
  reporteMotivoPregunta: "¿Qué le pasa a este plan?",
  reporteMotivoFalsa: "Información falsa o engañosa",
  reporteMotivoInapropiado: "Contenido inapropiado",
  reporteMotivoSpam: "Spam o publicidad",
  reporteMotivoCaducado: "Plan cancelado o caducado",
  reporteMotivoOtro: "Otro",
  reporteSinMotivo: "Sin motivo",
  reporteMotivoObligatorio: "Elige un motivo para poder enviar el reporte.",
  reporteDetalleEtiqueta: "Cuéntanos qué pasa (opcional)",
  reporteDetalleAyuda: "Hasta {max} caracteres.",
  errorReportarPlan: "Error al reportar el plan, por favor vuelve a intentarlo",
  errorGuardarFavorito: "Error al guardar el plan como favorito, por favor vuelve a intentarlo",
  errorEliminarFavorito: "Error al eliminar el plan como favorito, por favor vuelve a intentarlo",
  orgSinPlanes: "Esta organización no tiene planes publicados ahora mismo.",
  // Plan page: the favourite's saved state, sharing, and a plan that has ended
  // The plan page's save button: one word family with the menu's 'Guardados' and the page 'Planes guardados'
  favoritoGuardarBoton: "Guardar",
  favoritoGuardadoBoton: "Guardado",
  // The heart on a plan's card: {titulo} is the plan's (conDatos).
  guardarPlanTarjeta: "Guardar {titulo}",
  quitarPlanTarjeta: "Quitar {titulo} de guardados",
  enlaceCopiado: "Enlace copiado",
  enlaceNoCopiado: "No se ha podido copiar. Copia esta dirección:",
  planFinalizado: "Finalizado",
  planTerminadoAviso: "Este plan ya ha terminado",
  planFindeEn: "Este finde en {municipio}",
  destacadoEnviado: "Hemos recibido tu solicitud. Te llamaremos pronto para destacar tu plan.",
  destacadoTelefono: "Por favor, indica un número de teléfono para que podamos contactar.",
  euronaEnviado: "Hemos recibido tus datos. Te llamaremos pronto.",
  euronaTelefono: "Por favor, adjunta tu teléfono para poder contactarte",
  euronaError: "Ha ocurrido un error al enviar los datos, por favor vuelve a intentarlo",
  campoLargo: "Los campos no pueden tener más de 50 caracteres.",

  // Publishing plans (spec §5 where quoted)
  planPublicado: "¡Genial! El plan ha sido publicado.",
  planActualizado: "El plan se ha actualizado correctamente.",
  planEliminado: "El plan se ha eliminado correctamente.",
  planAjeno: "No puedes modificar un plan que no es tuyo.",
  tipoObligatorio: "Debes seleccionar una opción",
  ubicacionFalta:
    "Parece que no has introducido la ubicación, por favor selecciona una dirección ofrecida por el autocompletado.",
  todosObligatorios: "Todos los campos son obligatorios.",
  tituloObligatorio: "El título es obligatorio",
  tituloLargo: "El título no puede tener más de 50 caracteres.",
  cartelObligatorio: "Es obligatorio adjuntar un cartel.",
  fechaFinFalta:
    'Parece que no has indicado la fecha de finalización del plan, por favor pulsa sobre el botón "Seleccionar fecha de fin" para añadir la fecha del plan.',
  fechaInicioFalta:
    'Parece que no has indicado la fecha de inicio del plan, por favor pulsa sobre el botón "Seleccionar fecha de inicio" para añadir la fecha del plan.',
  fechaInicioPosterior: "La fecha de inicio no puede ser posterior a la fecha de fin.",
  fechaFinPasadaEvento: "La fecha de finalización no es correcta, no se pueden subir eventos del pasado.",
  fechaFinPasadaPlan: "La fecha de finalización no es correcta, no se pueden subir planes del pasado.",
  duracionMaxima:
    "Los eventos pueden durar como máximo 60 días. Si el tuyo dura más, contacta con nosotros y lo publicamos por ti.",
  horariosFaltan: "No has añadido los días y horarios disponibles",
  horariosFaltanActualizar: "No has añadido los días y/o horarios disponibles",
  horaFinAnterior: "La hora de finalización no puede ser anterior a la hora de inicio",
  esGratis: "Es gratis",
  precioAyuda: "Si aún no sabes el precio, déjalo vacío: no se mostrará ninguno.",
  precioNoValido: "El precio debe ser un número mayor o igual que 0, con dos decimales como máximo.",
  organizacionAjena: "Solo puedes publicar con una organización que administras.",
  imagenGrande: "La imagen no puede ocupar más de 10 MB.",
  imagenTipo: "La imagen debe ser un archivo PNG o JPG.",
  orgObligatoriosCrear: "El nombre, el logo y el correo de contacto son obligatorios.",
  orgObligatoriosActualizar: "Todos los campos, excepto la descripción y el teléfono de contacto, son obligatorios.",
  orgCreada: "La organización se ha creado correctamente",
  orgEliminada: "La organización se ha eliminado correctamente.",
  orgNoEncontrada: "No hemos encontrado esta organización.",
  orgAjena: "No puedes modificar una organización que no administras.",

  // Calendar and Atom feeds
  seguirBusqueda: "Seguir esta búsqueda",
  suscribirCalendario: "Añadir a mi calendario",
  suscribirCalendarioAyuda: "Tu calendario se pondrá al día solo.",
  feedAtom: "Para lectores de noticias",
  feedTituloBusqueda: "Planes cerca de {lugar}",
  feedTituloOrganizacion: "Planes de {organizacion}",
  feedLugarPunto: "tu ubicación",
  feedFechaNoValida: "La opción de fecha no es válida: usa hoy, finDeSemana, semana, mes o rango (con desde y hasta).",
  imagenDefectuosa: "No hemos podido leer la imagen. Prueba con otro archivo PNG o JPG.",
  // The wizard's poster, stored as soon as it is chosen (ours)
  cartelTemporalAjeno: "Ese cartel lo ha subido otra persona. Elige tu cartel.",
  cartelTemporalCaducado: "El cartel que elegiste ya no está guardado: se guarda 7 días. Vuelve a elegirlo.",
  cartelSinGuardar:
    "No hemos podido guardar el cartel ahora. Se enviará al publicar; no cierres esta página hasta entonces.",

  // Personal lists and organization forms (spec §2, §5, §8; the confirmation text is ours)
  orgPrivacidadCrear: "Es necesario aceptar la política de privacidad.",
  errorCrearOrg: "Error al crear el organizacion",
  errorActualizarOrg: "Error al actualizar el organizacion, por favor vuelve a intentarlo",
  errorEliminarOrg: "Error al eliminar el organizacion",
  eliminarOrgConfirmacion:
    "¿Estás segur@ de que deseas eliminar la organización? Sus planes seguirán publicados, sin organización.",
  sinOrganizaciones: "No administras ninguna organizacion.",
  sinPlanesCreados: "No has creado ningún plan.",
  sinPlanesGuardados: "No tienes planes guardados",

  // Plan wizard, edit page and promotion modal (spec §2, §5, §8)
  // Plan forms and organization updates ask for it with these words (spec §5).
  debesAceptarPrivacidad: "Debes aceptar la política de privacidad.",
  errorCrearPlan: "Error al crear el plan",
  errorActualizarPlan: "Error al actualizar el plan, por favor vuelve a intentarlo",
  errorEliminarPlan: "Error al eliminar el plan",
  errorDestacarPlan: "Error al destacar el plan, por favor vuelve a intentarlo.",
  errorObtenerOrganizaciones: "Error al obtener las organizaciones",
  eliminarPlanTitulo: "Eliminar Plan",
  eliminarPlanConfirmacion: "¿Estás segur@ de que deseas eliminar el plan?",
  promocionTitulo: "¡El plan ha sido publicado!",
  // After publishing and 'Duplicar' (ours)
  duplicadoCartel: "Hemos reutilizado su cartel; puedes cambiarlo en «Datos».",
  duplicadoSinCartel: "Elige un cartel en «Datos»: no hemos podido copiar el del plan original.",
  // The back-office (ours)
  soloAdmin: "Solo un administrador puede hacer esto.",
  motivoObligatorio: "Escribe el motivo: queda en el registro.",
  motivoLargo: "El motivo no puede tener más de 500 caracteres.",
  planOcultado: "Plan ocultado. Su autor recibirá un correo con el motivo.",
  planYaOculto: "El plan ya estaba oculto.",
  planMostrado: "El plan vuelve a estar publicado.",
  planYaVisible: "El plan ya estaba publicado.",
  reportesDescartados: "Reportes descartados.",
  sinReportesAbiertos: "No quedaba ningún reporte abierto.",
  destacadoHasta: "Plan destacado hasta el {fecha}.",
  destacadoQuitado: "El plan ya no está destacado.",
  destacarOculto: "El plan está oculto: publícalo de nuevo antes de destacarlo.",
  destacadoFechaPasada: "La fecha de fin tiene que ser futura.",
  planOcultoAviso:
    "El equipo ha ocultado este plan: no aparece en las búsquedas y su página solo la ven su autor y el equipo.",
  cuentaSuspendida:
    "Tu cuenta está suspendida. Si crees que es un error, escríbenos a través de la página de contacto.",
  usuarioSuspendido: "Cuenta suspendida: se han cerrado sus sesiones y sus planes ya no se ven.",
  usuarioYaSuspendido: "La cuenta ya estaba suspendida.",
  usuarioRestaurado: "Cuenta restaurada: puede volver a entrar y sus planes vuelven a verse.",
  usuarioNoSuspendido: "La cuenta no estaba suspendida.",
  planDeCuentaSuspendida: "Su autor tiene la cuenta suspendida: restaura la cuenta para publicar sus planes.",
  usuarioNoEncontrado: "No hemos encontrado esta cuenta.",
  rolAsignado: "Rol cambiado: ahora es {rol}.",
  rolNoValido: "Elige un rol: usuario, moderador o admin.",
  orgVerificada: "Organización verificada: sus planes muestran la insignia «Verificada».",
  orgYaVerificada: "La organización ya estaba verificada.",
  orgVerificacionQuitada: "Verificación quitada: la organización ya no muestra la insignia.",
  orgNoVerificada: "La organización no estaba verificada.",
  contactoMarcado: "Marcado como contactado.",
  contactoYaMarcado: "Ya estaba marcado como contactado.",
  contactoNoEncontrado: "No existe esa solicitud de contacto.",
  correoReintentado: "Correo en cola: se intenta enviar ahora.",
  correosReintentados: "{n} correos en cola: se intentan enviar ahora.",
  correoYaEnviado: "Ese correo ya se ha enviado.",
  correoNoEncontrado: "No existe ese correo.",
  sinCorreosFallidos: "No hay correos pendientes de reintentar.",
  solicitudNoEncontrada: "No existe esa solicitud para destacar.",
  solicitudContactada: "Solicitud marcada como contactada.",
  solicitudYaContactada: "La solicitud ya estaba marcada como contactada.",
  solicitudDescartada: "Solicitud descartada.",
  solicitudYaDescartada: "La solicitud ya estaba descartada.",
  solicitudDestacada: "Plan destacado hasta el {fecha}. La solicitud queda como destacada.",
  solicitudYaDestacada: "La solicitud ya estaba destacada: el plan no ha cambiado.",
  solicitudNotasGuardadas: "Notas guardadas.",
  solicitudNotasSinCambios: "Las notas no han cambiado.",
  solicitudNotasLargas: "Las notas no pueden tener más de 2000 caracteres.",
  solicitudTransicion: "Una solicitud {desde} no puede pasar a {hacia}.",
  solicitudSinPlan: "El plan de esta solicitud ya no existe: no se puede destacar.",
  patrocinioObligatorios: "Empresa, enlace, título y cartel son obligatorios.",
  patrocinioObligatoriosActualizar: "Empresa, enlace y título son obligatorios.",
  patrocinioEnlace: "El enlace tiene que ser una dirección completa que empiece por https:// o http://.",
  patrocinioLargo: "Hay un campo demasiado largo: el título admite 50 caracteres, la empresa 100 y la descripción 300.",
  patrocinioDia: "Escribe las fechas como AAAA-MM-DD.",
  patrocinioFechas: "El último día no puede ser anterior al primero.",
  patrocinioNoEncontrado: "No existe ese patrocinio.",
  patrocinioCreado: "Patrocinio creado.",
  patrocinioGuardado: "Patrocinio guardado.",
  patrocinioSinCambios: "El patrocinio no ha cambiado.",
  patrocinioPausado: "Patrocinio en pausa: ya no sale en las búsquedas.",
  patrocinioYaPausado: "El patrocinio ya estaba en pausa.",
  patrocinioReanudado: "Patrocinio reanudado: vuelve a salir en las búsquedas en sus fechas.",
  patrocinioYaActivo: "El patrocinio no estaba en pausa.",
  patrocinioOrden: "Ahora es el {n}.º en el turno.",
  patrocinioYaEnOrden: "Ya era el {n}.º en el turno.",
  patrocinioBorrado: "Patrocinio borrado.",
  patrocinioYaBorrado: "El patrocinio ya estaba borrado.",

  // Follow my town and its weekly e-mail (ours). {municipio}: the town's name.
  seguirTitulo: "Recibe los planes de {municipio} cada jueves",
  seguirExplicacion: "Te mandamos un correo los jueves con los planes del fin de semana y los nuevos de la semana.",
  seguirBoton: "Seguir {municipio}",
  // The button that opens the follow card, beside "Suscribirse al calendario".
  seguirDesplegar: "Recibir por correo",
  // What the follow takes from the search: {radio} km, and {tipos} (seguirTodosLosTipos or a list).
  seguirAlcance: "A {radio} km o menos · {tipos}",
  seguirTodosLosTipos: "Todos los tipos de plan",
  seguirCorreoEtiqueta: "Tu correo electrónico",
  seguirEnviar: "Avisarme",
  seguirHecho: "Sigues {municipio}. Te escribiremos el jueves si hay planes cerca.",
  seguirConfirmaCorreo:
    "Te hemos enviado un correo para confirmar. Abre el enlace del correo (mira también en spam) y empezarás a recibir los planes.",
  seguirError: "No hemos podido guardar el seguimiento, por favor vuelve a intentarlo.",
  seguirCorreoObligatorio: "Escribe tu correo electrónico para recibir los planes.",
  seguirMunicipioNoValido: "Elige un municipio de la lista.",
  seguirRadioNoValido: "La distancia debe ser un número entero entre 0 y 50 km.",
  seguimientoNoEncontrado: "No existe ese seguimiento o no es tuyo.",
  seguimientoGuardado: "Cambios guardados.",
  seguimientoEliminado: "Ya no sigues {municipio}.",
  seguimientoConfirmado: "¡Listo! Cada jueves te enviaremos los planes cerca de {municipio}.",
  seguimientoConfirmarTitulo: "Confirma que quieres recibir los planes de {municipio}",
  seguimientoConfirmarBoton: "Sí, quiero recibirlos",
  seguimientoEnlaceNoValido: "Este enlace no es válido. Puede que esté mal copiado o que ya lo hayas usado.",
  seguimientoEnlaceCaducado: "Este enlace ha caducado. Vuelve a pedirlo desde la web.",
  seguimientosTitulo: "Pueblos que sigues",
  seguimientosVacio:
    "No sigues ningún pueblo. Busca tu pueblo en la portada, pulsa «Seguir esta búsqueda» y elige «Recibir por correo».",
  seguimientosGestionar: "Gestionar mis avisos",
  seguimientoRadioEtiqueta: "Distancia",
  seguimientoCategoriasEtiqueta: "Tipos de plan (ninguno marcado: todos)",
  seguimientoGuardar: "Guardar",
  seguimientoDejar: "Dejar de seguir",
  bajaTitulo: "¿Dejar de recibir el correo de los jueves?",
  bajaExplicacion: "Dejarás de seguir todos tus pueblos y no te enviaremos más correos semanales.",
  bajaBoton: "Sí, darme de baja",
  bajaHecha: "Te has dado de baja. No te enviaremos más correos semanales.",
  resumenAsunto: "Este finde cerca de {municipio}",
  resumenAsuntoVarios: "Este finde cerca de {municipio} y {n} pueblos más",

  // Town pages (/planes/{provincia}/{municipio}): fill {municipio}, {provincia}, {km}, {planes} with conDatos
  puebloTitulo: "Planes en {municipio} y alrededores",
  puebloTituloMeta: "Planes en {municipio} y alrededores ({provincia})",
  puebloDescripcion:
    "Qué hacer en {municipio} ({provincia}) y a menos de {km} km: fiestas, eventos, rutas y experiencias, con fechas y cómo llegar.",
  puebloDescripcionVacio:
    "Todavía no hay planes publicados cerca de {municipio} ({provincia}). Publica el primero: es gratis.",
  puebloEntradilla: "Fiestas, eventos, rutas y experiencias a menos de {km} km de {municipio}.",
  puebloFinde: "Este fin de semana",
  puebloProximos: "Próximos planes",
  puebloExperiencias: "Experiencias",
  puebloFindeVacio: "Nada este fin de semana a menos de {km} km. Mira los próximos planes.",
  puebloVerTodos: "Ver todos en el buscador",
  puebloVacio: "Todavía no hay planes a menos de {km} km de {municipio}.",
  puebloPublicarPrimero:
    "¿Organizas algo en {municipio}? Publica el primer plan: es gratis y lo verán los vecinos de la zona.",
  puebloCercanos: "Pueblos cercanos con planes",
  // A search or a town with no plans around: the ways to plans
  masAllaTitulo: "Lo más cercano: {municipio}, a {km} km",
  sinPlanesAcciones: "¿Y en {municipio}?",
  publicarPrimero: "Publica el primer plan de {municipio}",
  puebloCercanoDetalle: "a {km} km · {planes}",
  puebloMigas: "Estás en",
  puebloEspana: "España",
  puebloAcciones: "Seguir los planes de {municipio}",
  masPlanesCerca: "Más planes cerca de {municipio}",
  verPaginaPueblo: "Ver la página de {municipio}",
  provinciaTitulo: "Planes en la provincia de {provincia}",
  provinciaDescripcion: "Los municipios de {provincia}: elige el tuyo y mira qué planes hay cerca.",
  provinciaConPlanes: "Con planes ahora",
  provinciaTodos: "Todos los municipios",
} as const;

/**
 * The short hint next to each failing field of a form (ours, not the spec's): the spec's message
 * for the first failing rule still shows by the submit button.
 */
export const pistas = {
  tipo: "Elige evento o experiencia",
  municipio: "Elige un municipio de la lista",
  direccion: "Falta la dirección",
  titulo: "Falta el título",
  textoLargo: "Es demasiado largo",
  cartel: "Falta el cartel",
  imagenTipo: "Tiene que ser una imagen PNG o JPG",
  imagenGrande: "Como mucho, 10 MB",
  fechaInicio: "Falta la fecha de inicio",
  fechaFin: "Falta la fecha de fin",
  finAntesDeInicio: "La fecha de fin es anterior a la de inicio",
  finPasada: "Esa fecha ya ha pasado",
  duracion: "Como mucho, 60 días después del inicio",
  dias: "Elige al menos un día",
  horas: "Falta la hora de inicio o la de fin",
  horaFinAntes: "La hora de fin es anterior a la de inicio",
  privacidad: "Marca la casilla para continuar",
  precio: "Escribe un número, como 5 o 7,50",
  largo50: "Como máximo, 50 caracteres",
  correo: "Revisa el correo: nombre@dominio.es",
  enlace: "Escribe la dirección completa, con https://",
  empresa: "Falta la empresa",
  dia: "Fecha no válida",
  nombre: "Falta el nombre",
  correoFalta: "Falta el correo electrónico",
  logo: "Falta el logo",
  passwordFalta: "Falta la contraseña",
  passwordCorta: "Al menos 8 caracteres",
  confirmarFalta: "Repite la contraseña",
  noCoinciden: "No coincide con la contraseña",
  fechaFormato: "Escríbela así: 25/12/2026 20:30",
  fechaPaso: "Los minutos van de 15 en 15: 00, 15, 30 o 45",
} as const;

export type ClaveMensaje = keyof typeof mensajes;

/** A message with its `{placeholders}` filled in, e.g. the new address of an e-mail change. */
export function conDatos(mensaje: string, datos: Record<string, string>): string {
  return mensaje.replace(/\{(\w+)\}/g, (marca, clave: string) => datos[clave] ?? marca);
}

/** Every Spanish string of sources, once: the back-office, the organizers' screen and the API read them here. */
export const mensajesFuentes = {
  canceladoEnLaFuente: "Cancelado en la fuente",
  sinMunicipio: "sin municipio",
  sinTitulo: "(sin título)",
  // Why an agenda's record makes no plan, as the sync's result counts it.
  registroSinId: "sin identificador",
  fechaNoValida: "fecha no válida",
  permanenteSinHorario: "permanente, sin horario",
  paginaNoValida: (agenda: string) => `La respuesta no es una página de «${agenda}».`,
  paginaFallida: (n: number, motivo: string) =>
    `No se pudo leer la página ${n} (${motivo}): no se retira ningún plan hasta poder leerla.`,
  formatoNoReconocido:
    "No reconocemos el formato de esa dirección: debe ser un calendario iCalendar (.ics), una página con eventos schema.org o una agenda de datos abiertos compatible.",
  errorInesperado: "No se pudo sincronizar la fuente por un error inesperado. Lo intentaremos de nuevo.",
  fuenteCreada: "Fuente añadida. Sus planes ya se están importando.",
  fuenteEliminada: "Fuente eliminada. Sus planes se han ocultado.",
  fuentePausada: "Fuente pausada: no se sincronizará hasta que la reanudes.",
  fuenteReanudada: "Fuente reanudada.",
  fuenteNoEncontrada: "Fuente no encontrada",
  fuenteRepetida: "Esa dirección ya es una fuente.",
  fuenteOcupada: "Esta fuente ya se está sincronizando. Inténtalo en unos minutos.",
  maxFuentesOrganizacion: "Una organización puede conectar hasta 3 calendarios.",
  soloIcsOrganizacion: "Solo se pueden conectar calendarios iCalendar (.ics) a una organización.",
  urlNoValida: "Escribe la dirección completa de la fuente, empezando por http:// o https://.",
  planPublicadoDesdeRevision: "Plan publicado.",
  planDescartadoDeRevision: "Plan descartado: no se publicará.",
  publicadoDesde: (fuente: string) => `Publicado desde ${fuente}`,
  /** The other sources that list the same event: "También en A, B y C". */
  tambienEn: (fuentes: readonly string[]) =>
    `También en ${fuentes.length > 1 ? `${fuentes.slice(0, -1).join(", ")} y ${fuentes.at(-1)}` : fuentes[0]}`,
  importado: "Importado",
  avisoEdicionImportado: (fuente: string) =>
    `Este plan se importa de ${fuente}. Si lo editas aquí, dejará de actualizarse desde allí.`,
  limiteAlcanzado: (n: number) => `La fuente tiene más planes: se han traído los ${n} más próximos.`,

  // The back-office's screen (/gestion/fuentes) and the organizers' calendars.
  duenaEquipo: "Agenda Planazo",
  sinSincronizar: "Aún no se ha sincronizado.",
  sincronizando: "Sincronizando ahora…",
  ultimaSincronizacion: (cuando: string) => `Última sincronización: ${cuando}`,
  /** One sync's figures in a line: "Planes: 3 creados · 1 actualizado · 0 retirados · 5 sin cambios". */
  cifras: (r: { creados: number; actualizados: number; retirados: number; sinCambios: number }) =>
    "Planes: " +
    [
      `${r.creados} ${r.creados === 1 ? "creado" : "creados"}`,
      `${r.actualizados} ${r.actualizados === 1 ? "actualizado" : "actualizados"}`,
      `${r.retirados} ${r.retirados === 1 ? "retirado" : "retirados"}`,
      `${r.sinCambios} sin cambios`,
    ].join(" · "),
  descartados: (n: number) => `${n} ${n === 1 ? "descartado" : "descartados"}`,
  /** The discards grouped by reason, most first: "sin municipio × 12, fecha no válida × 2". */
  motivos: (grupos: readonly [string, number][]) => grupos.map(([motivo, n]) => `${motivo} × ${n}`).join(", "),
  leidos: (leidos: number, vinculados: number) =>
    `Leídos: ${leidos.toLocaleString("es-ES")}` +
    (vinculados > 0
      ? ` · ${vinculados} ${vinculados === 1 ? "vinculado a un plan que ya estaba" : "vinculados a planes que ya estaban"}`
      : ""),
  pueblosCubiertos: (n: number) => `${n.toLocaleString("es-ES")} ${n === 1 ? "pueblo" : "pueblos"} con planes`,
  sincronizada: (cifras: string) => `Sincronizada: ${cifras}.`,
  sincronizarAhora: "Sincronizar ahora",
  pausar: "Pausar",
  reanudar: "Reanudar",
  eliminar: "Eliminar",
  pausada: "Pausada",
  conRevision: "Con revisión",
  planesImportados: (n: number) => `${n} ${n === 1 ? "plan importado" : "planes importados"}`,
  pendientesRevision: (n: number) => `${n} por revisar`,
  eliminarConfirmacion: (nombre: string) =>
    `¿Eliminar «${nombre}»? Dejará de sincronizarse y sus planes se ocultarán (no se borran).`,
  eliminarBoton: "Eliminar la fuente",
  sinFuentes: "Aún no hay fuentes.",
  colaVacia: "No hay planes importados esperando revisión.",
  publicar: "Publicar",
  descartar: "Descartar",
  anadida: (nombre: string) => `Fuente «${nombre}» añadida. Sus planes ya se están importando.`,
  ayudaPublicacion: "Con revisión, sus planes esperan en la cola de abajo hasta que alguien del equipo los publique.",

  // 'Mis organizaciones': an organization's connected calendars.
  calendariosConectados: "Calendarios conectados",
  ayudaCalendario:
    "Pega la dirección pública de tu calendario de Google, Outlook o Nextcloud, o la de la agenda de tu web. También vale el enlace para insertar o compartir un calendario de Google u Outlook. Sus eventos se publicarán aquí y se actualizarán solos cada hora.",
  direccionCalendario: "Dirección del calendario",
  comprobandoCalendario: "Comprobando el calendario…",
  dondeEncuentroDireccion: "¿Dónde encuentro la dirección?",
  /** Where each calendar people use keeps its address, step by step, under the field. */
  pistasDireccion: [
    {
      donde: "Google Calendar",
      como: "Abre Configuración → elige tu calendario → «Integrar el calendario» → copia la «Dirección pública en formato iCal». El calendario tiene que ser público (en «Permisos de acceso a eventos»). Si ya lo tienes en tu web, también vale el enlace con el que lo muestras.",
    },
    {
      donde: "Outlook",
      como: "Abre Configuración → Calendario → Calendarios compartidos → «Publicar un calendario» → elige el calendario, pulsa Publicar y copia el enlace ICS.",
    },
    {
      donde: "Agenda de WordPress",
      como: "Si usa The Events Calendar, pega la dirección de la agenda seguida de ?ical=1 (por ejemplo, https://tuweb.es/eventos/?ical=1). Si no, copia su enlace «Exportar» o «Suscribirse».",
    },
  ],
  conectar: "Conectar",
  desconectar: "Desconectar",
  desconectarConfirmacion: (nombre: string) =>
    `¿Desconectar «${nombre}»? Sus eventos dejarán de publicarse aquí y se ocultarán.`,
  maxCalendarios: "Ya tienes 3 calendarios conectados: desconecta uno para conectar otro.",
  sinCalendarios: "Aún no has conectado ningún calendario.",

  // Plans without a poster.
  cartelGenerado: "Cartel generado",
} as const;
