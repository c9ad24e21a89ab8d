/** What the fediverse shows of our actors, in Spanish (fill with conDatos). */
export const mensajesFederacion = {
  resumenMunicipio: "Planes en {municipio} y alrededores, {provincia}",
  resumenSitio: "Planes de pueblos y ciudades de España: fiestas, eventos y experiencias cerca de ti.",
  cuerpoDemasiadoGrande: "La actividad ocupa más de 1 MB.",
  servidorBloqueado: "Este servidor no puede comunicarse con Planazo.",
  cuentaNoEncontrada: "No se encontró esa cuenta del fediverso. Escríbela como @nombre@servidor.",
  cuentaPropia: "Esa cuenta es de este mismo Planazo.",
} as const;

/**
 * An account of another server, as the team writes it to follow it, that could not be followed
 * (seguidos.ts), its reason one of the messages above. Here, away from Fedify's vocabulary, so
 * that the back-office can tell it apart without loading the federation.
 */
export class CuentaNoSeguida extends Error {}
