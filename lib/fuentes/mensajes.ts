import { enumeracion } from "../con-datos";
/** Every Spanish string of sources, once: the back-office, the organizers' screen and the API read them here. */
export const mensajesFuentes = {
  sinMunicipio: "sin municipio",
  fueraDeEspana: "fuera de España",
  masDeUnAno: "más de un año por delante",
  repetido: "repetido en la fuente",
  fueraDelLimite: "más allá del límite de planes",
  canceladoSinPlan: "cancelado",
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
  tambienEn: (fuentes: readonly string[]) => `También en ${enumeracion(fuentes)}`,
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
  /** What became of the items read, adding up: "Leídos: 120 = 10 nuevos + 3 con cambios + 100 sin cambios + 5 ya pasados + 2 descartados". */
  itemsLeidos: (
    leidos: number,
    i: { nuevos: number; cambiados: number; sinCambios: number; pasados: number; descartados: number },
  ) => {
    const n = (x: number) => x.toLocaleString("es-ES");
    return (
      `Leídos: ${n(leidos)} = ` +
      [
        `${n(i.nuevos)} ${i.nuevos === 1 ? "nuevo" : "nuevos"}`,
        `${n(i.cambiados)} con cambios`,
        `${n(i.sinCambios)} sin cambios`,
        `${n(i.pasados)} ya ${i.pasados === 1 ? "pasado" : "pasados"}`,
        `${n(i.descartados)} ${i.descartados === 1 ? "descartado" : "descartados"}`,
      ].join(" + ")
    );
  },
  leidos: (leidos: number, vinculados: number) =>
    `Leídos: ${leidos.toLocaleString("es-ES")}` +
    (vinculados > 0 ? ` · ${mensajesFuentes.vinculados(vinculados)}` : ""),
  vinculados: (n: number) =>
    `${n} ${n === 1 ? "vinculado a un plan que ya estaba" : "vinculados a planes que ya estaban"}`,
  pueblosCubiertos: (n: number) => `${n.toLocaleString("es-ES")} ${n === 1 ? "pueblo" : "pueblos"} con planes`,
  sincronizada: (cifras: string) => `Sincronizada: ${cifras}.`,
  sincronizarAhora: "Sincronizar ahora",
  pausar: "Pausar",
  reanudar: "Reanudar",
  eliminar: "Eliminar",
  pausada: "Pausada",
  conRevision: "Con revisión",
  planesImportados: (n: number) => `${n} ${n === 1 ? "plan importado" : "planes importados"}`,
  /** A source's plans and their dates to come: "120 planes importados (310 fechas próximas)". */
  planesImportadosConFechas: (planes: number, fechas: number) =>
    `${mensajesFuentes.planesImportados(planes)} (${fechas.toLocaleString("es-ES")} ${fechas === 1 ? "fecha próxima" : "fechas próximas"})`,
  /** Plans and dates counted apart, as the coverage report says them: "120 planes, 310 fechas". */
  planesYFechas: (planes: number, fechas: number) =>
    `${planes.toLocaleString("es-ES")} ${planes === 1 ? "plan" : "planes"}, ${fechas.toLocaleString("es-ES")} ${fechas === 1 ? "fecha" : "fechas"}`,
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
} as const;
