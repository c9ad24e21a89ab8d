/**
 * The Spanish texts of the "when" line of a plan of several dates (lib/plans/texto.ts), on every
 * card of the home: apart from the dates' other texts (mensajes-fechas.ts), which the home does
 * not need.
 */
export const mensajesCuando = {
  fechasCuantas: "{n} fechas",
  funciones: "{n} funciones",
  sesiones: "{n} sesiones",
  acto: "1 acto",
  actos: "{n} actos",
  hoy: "Hoy",
  yMas: "y {n} más",
  actosHoy: "{dia} {n} actos, {cual} a las {hora}: {titulo}",
  actosDelDia: "{dia} · {n} actos, {cual} a las {hora}: {titulo}",
  /** A programme's act after midnight, under the day whose night it is: "1:00 (madrugada)". */
  madrugada: "{hora} (madrugada)",
} as const;
