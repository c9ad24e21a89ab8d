/** Every Spanish string of sources, once: the back-office, the organizers' screen and the API read them here. */
export const mensajesFuentes = {
  canceladoEnLaFuente: "Cancelado en la fuente",
  sinMunicipio: "sin municipio",
  sinTitulo: "(sin título)",
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
  importado: "Importado",
  avisoEdicionImportado: (fuente: string) =>
    `Este plan se importa de ${fuente}. Si lo editas aquí, dejará de actualizarse desde allí.`,
  limiteAlcanzado: (n: number) => `La fuente tiene más planes: se han traído los ${n} más próximos.`,
} as const;
