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
  cookiesTexto:
    "Usamos cookies propias necesarias para que la web funcione y para recordar tus preferencias. Puedes leer más en nuestra",
  politicaCookies: "política de cookies",

  // Generic errors (spec §8) and server-side errors of our own
  errorInesperado: "Ha ocurrido un error inesperado, por favor vuelve a intentarlo",
  servicioNoDisponible:
    "El servicio no está disponible en este momento, por favor vuelve a intentarlo en unos minutos.",
  datosNoValidos: "Los datos enviados no son válidos.",
  demasiadasPeticiones: "Has hecho demasiadas peticiones seguidas, por favor espera un momento y vuelve a intentarlo.",

  // Location search (spec §8) and the geocode endpoint
  ubicacionesNoEncontradas: "No se han encontrado ubicaciones, por favor vuelve a intentarlo",
  direccionNoEncontrada: "No se ha encontrado ninguna dirección, por favor vuelve a intentarlo",
  geocodeTextoObligatorio: "Escribe el nombre de un municipio para buscar.",
  geocodeTextoLargo: "El texto de búsqueda no puede tener más de 100 caracteres.",
  geocodeLimiteNoValido: "El número de resultados debe ser un número entero entre 1 y 10.",

  // Files
  archivoNoEncontrado: "No se ha encontrado el archivo.",
} as const;

export type ClaveMensaje = keyof typeof mensajes;
