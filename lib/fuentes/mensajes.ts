import es from "@/mensajes/es.json";
import { conDatos, enumeracion } from "../con-datos";
import { traductor } from "../traductor";
import { IDIOMA_POR_DEFECTO, LOCALE_INTL, type Idioma } from "../idiomas";

/** The catalogue's words of sources ("fuentes"), in one language. */
type Palabras = typeof es.fuentes;

/** One sync's counts, as ResultadoSincronizacion keeps them. */
interface Cuentas {
  creados: number;
  actualizados: number;
  retirados: number;
  sinCambios: number;
}

/**
 * What a source says of itself in a language's words: its last sync's figures, why it left
 * items out, how to disconnect it and where each calendar keeps its address. The organizers'
 * calendars show them in the page's language; the back-office and the API read Spanish's.
 */
export function textosDeFuente(p: Palabras, idioma: Idioma = IDIOMA_POR_DEFECTO) {
  const numero = (x: number) => x.toLocaleString(LOCALE_INTL[idioma]);
  const contado = (n: number, uno: string, varios: string) => conDatos(n === 1 ? uno : varios, { n: numero(n) });
  const vinculados = (n: number) => contado(n, p.vinculado, p.vinculados);
  return {
    ultimaSincronizacion: (cuando: string) => conDatos(p.ultimaSincronizacion, { cuando }),
    /** One sync's figures in a line: "Planes: 3 creados · 1 actualizado · 0 retirados · 5 sin cambios". */
    cifras: (r: Cuentas) =>
      conDatos(p.cifras, {
        partes: [
          contado(r.creados, p.creado, p.creados),
          contado(r.actualizados, p.actualizado, p.actualizados),
          contado(r.retirados, p.retirado, p.retirados),
          conDatos(p.sinCambios, { n: numero(r.sinCambios) }),
        ].join(" · "),
      }),
    descartados: (n: number) => contado(n, p.descartado, p.descartados),
    /** The discards grouped by reason, most first: "sin municipio × 12, fecha no válida × 2". */
    motivos: (grupos: readonly [string, number][]) => grupos.map(([motivo, n]) => `${motivo} × ${n}`).join(", "),
    /** What became of the items read, adding up: "Leídos: 120 = 10 nuevos + 3 con cambios + 100 sin cambios + 5 ya pasados + 2 descartados". */
    itemsLeidos: (
      leidos: number,
      i: { nuevos: number; cambiados: number; sinCambios: number; pasados: number; descartados: number },
    ) =>
      conDatos(p.leidosSuma, {
        n: numero(leidos),
        partes: [
          contado(i.nuevos, p.nuevo, p.nuevos),
          conDatos(p.conCambios, { n: numero(i.cambiados) }),
          conDatos(p.sinCambios, { n: numero(i.sinCambios) }),
          contado(i.pasados, p.pasado, p.pasados),
          contado(i.descartados, p.descartado, p.descartados),
        ].join(" + "),
      }),
    leidos: (leidos: number, enlazados: number) =>
      conDatos(p.leidos, { n: numero(leidos) }) + (enlazados > 0 ? ` · ${vinculados(enlazados)}` : ""),
    vinculados,
    limiteAlcanzado: (n: number) => conDatos(p.limiteAlcanzado, { n: numero(n) }),
    desconectarConfirmacion: (nombre: string) => conDatos(p.desconectarConfirmacion, { nombre }),
    /** Where each calendar people use keeps its address, step by step, under the field. */
    pistasDireccion: [
      { donde: "Google Calendar", como: p.pistaGoogle },
      { donde: "Outlook", como: p.pistaOutlook },
      { donde: p.pistaWordpressDonde, como: p.pistaWordpress },
    ],
    /** A reason or an error a sync wrote down (in Spanish) in this language; Spanish's is as written. */
    traducir: idioma === IDIOMA_POR_DEFECTO ? (texto: string) => texto : traductor(es.fuentes, p),
  };
}

/** Every Spanish string of sources, once: the back-office, the API and the syncs read them here. */
export const mensajesFuentes = {
  ...es.fuentes,
  ...textosDeFuente(es.fuentes),
  paginaNoValida: (agenda: string) => `La respuesta no es una página de «${agenda}».`,
  paginaFallida: (n: number, motivo: string) =>
    `No se pudo leer la página ${n} (${motivo}): no se retira ningún plan hasta poder leerla.`,
  fuentePausada: "Fuente pausada: no se sincronizará hasta que la reanudes.",
  fuenteReanudada: "Fuente reanudada.",
  fuenteOcupada: "Esta fuente ya se está sincronizando. Inténtalo en unos minutos.",
  planPublicadoDesdeRevision: "Plan publicado.",
  planDescartadoDeRevision: "Plan descartado: no se publicará.",
  /** The other sources that list the same event: "También en A, B y C". */
  tambienEn: (fuentes: readonly string[]) => `También en ${enumeracion(fuentes)}`,

  // The back-office's screen (/gestion/fuentes).
  duenaEquipo: "Agenda Planazo",
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
  pueblosCubiertos: (n: number) => `${n.toLocaleString("es-ES")} ${n === 1 ? "pueblo" : "pueblos"} con planes`,
  sincronizada: (cifras: string) => `Sincronizada: ${cifras}.`,
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
} as const;
