/**
 * The Spanish texts of a plan's dates (lib/plans/fechas.ts). Apart from lib/messages.ts, which the
 * home's JavaScript carries whole.
 */
export const mensajesFechas = {
  fechasNoValidas: "Las fechas del plan no son válidas: revisa el inicio y el fin de cada una.",
  fechasDemasiadas: "Un plan puede tener como mucho {max} fechas.",
  fechasFueraDePlazo: "Todas las fechas de un plan deben caber en {meses} meses.",
  fechasSoloEventos: "Solo un evento tiene fechas; una experiencia tiene su horario semanal.",
  fechaTituloLargo: "El título de cada fecha puede tener como mucho {max} caracteres.",
  fechaDireccionLarga: "La dirección de cada fecha puede tener como mucho {max} caracteres.",
  fechaLugarSinDireccion: "Escribe la dirección del lugar de cada fecha.",
  fechaLugarOtroMunicipio: "El lugar de cada fecha debe estar en {municipio}.",
  /** Prefix of a date's message in the API: which of the dates it is. */
  fechaEnLista: "Fecha del {cuando}: {mensaje}",
  // The plan page's dates (components/plans/FechasPlan.tsx).
  fechasQuedan: "quedan {n}",
  fechasPasadas: "Fechas pasadas ({n})",
  proxima: "Próxima",
  programa: "Programa",
  ahora: "Ahora",
  aContinuacion: "A continuación",
  guardarFecha: "Guardar en mi calendario: {fecha}",
  guardarFechaCorto: "Guardar",
  /** The apps' PATCH moves the span of a plan of several dates. */
  fechasEnLaWeb:
    "Este plan tiene varias fechas: cámbialas desde la web de Planazo. Puedes editar aquí lo demás sin tocar las fechas.",
} as const;
