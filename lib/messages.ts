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
  politicaCookies: "Política de cookies",

  // Generic errors (spec §8) and server-side errors of our own
  errorInesperado: "Ha ocurrido un error inesperado, por favor vuelve a intentarlo",
  metodoNoPermitido: "Esta dirección no admite ese método.",
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
  // A way out of an empty search, with what it would show: "Quitar «rock» (16 planes)"
  arregloConPlanes: "{arreglo} ({planes})",
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
  // A plan that came from a public agenda, on its card; the poster made for a plan without one.
  importado: "Importado",
  /** Why a plan its agenda cancelled is hidden; people who saved it see it. */
  canceladoEnLaFuente: "Cancelado en la fuente",
  cartelGenerado: "Cartel generado",
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

  // A plan's field that the spec has no message for, named (ours). {campo}: "El título", "La dirección"…
  enlaceWebNoValido: "El enlace web no es válido.",
  campoPlanLargo: "{campo} es demasiado largo.",
  campoPlanLarga: "{campo} es demasiado larga.",
  campoConCaracteres: "{campo} tiene caracteres que no se pueden guardar.",
  campoSiNoValido: "{campo}: la respuesta tiene que ser sí o no.",
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
  // The back-office's texts are in lib/mensajes-gestion.ts; these two are read by everyone.
  planOcultoAviso:
    "El equipo ha ocultado este plan: no aparece en las búsquedas y su página solo la ven su autor y el equipo.",
  cuentaSuspendida:
    "Tu cuenta está suspendida. Si crees que es un error, escríbenos a través de la página de contacto.",

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

/** Items as Spanish lists them: "A", "A y B", "A, B y C". */
export function enumeracion(partes: readonly string[]): string {
  return partes.length > 1 ? `${partes.slice(0, -1).join(", ")} y ${partes.at(-1)}` : (partes[0] ?? "");
}

/** A message with its `{placeholders}` filled in, e.g. the new address of an e-mail change. */
export function conDatos(mensaje: string, datos: Record<string, string>): string {
  return mensaje.replace(/\{(\w+)\}/g, (marca, clave: string) => datos[clave] ?? marca);
}
