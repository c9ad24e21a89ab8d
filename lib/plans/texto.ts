import { format } from "date-fns";
import { ca, enGB, es, eu, gl, type Locale } from "date-fns/locale";
import type { Catalogo } from "../catalogo";
import {
  cuandoEventoTexto,
  diaEnMadrid,
  diaEtiqueta,
  diaIso,
  enMadrid,
  fechaInsignia,
  fechasTexto,
  HORA_MADRUGADA,
  horaTexto,
  indiceLunes,
  nombreDia,
  relojMadrid,
  sumarDias,
  todoElDia,
  type Dia,
} from "../dates";
import { LOCALE_INTL, type Idioma } from "../idiomas";
import { conDatos, enumeracion } from "../con-datos";
import type { FechasDeResultado } from "./fechas";
import { mensajesCuando } from "./mensajes-cuando";
import type { Horario, PlanApi } from "./plan";

/**
 * A plan's own text: its "when" line and days, its price and distance, in a language. Dates
 * themselves are written by lib/dates.ts; counts by ./cantidades.ts. Client-safe: the words come
 * in (a Lengua), as this module reaches the browser, where no catalogue is read.
 */

/** The Spanish of these texts' words, as the catalogue's "tarjeta" has them (a unit test compares the two). */
const CASTELLANO_PALABRAS = {
  ...mensajesCuando,
  todosLosDias: "Todos los días",
  diasSeguidos: "de {desde} a {hasta}",
  franjaHoras: "de {inicio} a {fin}",
  elPrimero: "el primero",
  elSiguiente: "el siguiente",
  gratis: "Gratis",
  precio: "{cantidad} €",
} as const;

type ClaveTexto = keyof typeof CASTELLANO_PALABRAS;

/**
 * A language and its words for a plan's texts: `t` writes a message of the catalogue's "tarjeta"
 * with its `{arguments}` (next-intl's translator on the server, lenguaDe over the page's words in
 * the browser). `K` narrows the messages to those a writer reads.
 */
export interface Lengua<K extends string = keyof Catalogo["tarjeta"]> {
  idioma: Idioma;
  t: (clave: K, datos?: Record<string, string>) => string;
}

/** What this module's writers read: the messages of CASTELLANO_PALABRAS. */
export type LenguaTexto = Lengua<ClaveTexto>;

/** A Lengua over a language's "tarjeta" words as written (usePalabras, palabrasDePagina). */
export const lenguaDe = (idioma: Idioma, p: Catalogo["tarjeta"]): Lengua => ({
  idioma,
  t: (clave, datos = {}) => conDatos(p[clave], datos),
});

/** Spanish, the default: the JSON API, feeds and calendars write Spanish, with no page to read words from. */
export const CASTELLANO: LenguaTexto = {
  idioma: "es",
  t: (clave, datos = {}) => conDatos(CASTELLANO_PALABRAS[clave], datos),
};

/**
 * A day in a list of a plan's dates ("Sáb 15 ago"; Basque, month first, "Lar abu 15"), with its
 * year ("Sáb 15 ago 2026") or, starting a span within its month, the day alone ("Vie 14").
 */
const FECHA_CORTA: Record<Idioma, { locale: Locale; dia: string; anio: string; mismoMes: string }> = {
  es: { locale: es, dia: "EEE d MMM", anio: "EEE d MMM yyyy", mismoMes: "EEE d" },
  ca: { locale: ca, dia: "EEE d MMM", anio: "EEE d MMM yyyy", mismoMes: "EEE d" },
  eu: { locale: eu, dia: "EEE MMM d", anio: "EEE yyyy MMM d", mismoMes: "EEE MMM d" },
  gl: { locale: gl, dia: "EEE d MMM", anio: "EEE d MMM yyyy", mismoMes: "EEE d" },
  en: { locale: enGB, dia: "EEE d MMM", anio: "EEE d MMM yyyy", mismoMes: "EEE d" },
};

/** Slots Monday first (spec shows the week the Spanish way), then by start time. */
export function horariosOrdenados(horarios: readonly Horario[]): Horario[] {
  return [...horarios].sort(
    (a, b) => indiceLunes(a.diaSemana) - indiceLunes(b.diaSemana) || a.horaInicio.localeCompare(b.horaInicio),
  );
}

/**
 * The days an experience is available, as a line of its own: "Sábado y domingo", "Lunes,
 * miércoles y domingo", "De miércoles a domingo", "Todos los días" (three or more days in a row,
 * Monday first, are one run).
 */
export function diasTexto(horarios: readonly Horario[], { idioma, t }: LenguaTexto = CASTELLANO): string {
  const dias = [...new Set(horariosOrdenados(horarios).map((h) => h.diaSemana))];
  if (dias.length === 7) return t("todosLosDias");
  const tramos: number[][] = [];
  for (const d of dias) {
    const ultimo = tramos.at(-1);
    if (ultimo && indiceLunes(d) === indiceLunes(ultimo.at(-1)!) + 1) ultimo.push(d);
    else tramos.push([d]);
  }
  const partes = tramos.flatMap((tramo) =>
    tramo.length >= 3
      ? [t("diasSeguidos", { desde: nombreDia(tramo[0], idioma), hasta: nombreDia(tramo.at(-1)!, idioma) })]
      : tramo.map((d) => nombreDia(d, idioma)),
  );
  return mayuscula(enumeracion(partes, idioma));
}

/**
 * An experience's week for its page, Monday first: consecutive days with the same hours are one
 * line ("Todos los días", "De lunes a viernes", "Sábado y domingo"), so a phone shows the price and
 * the place on its first screen instead of seven equal rows.
 */
export function semanaAgrupada(
  horarios: readonly Horario[],
  { idioma, t }: LenguaTexto = CASTELLANO,
): { dias: string; franjas: Horario[] }[] {
  const porDia = new Map<number, Horario[]>();
  for (const h of horariosOrdenados(horarios)) porDia.set(h.diaSemana, [...(porDia.get(h.diaSemana) ?? []), h]);
  const clave = (franjas: Horario[]) => franjas.map((f) => `${f.horaInicio}-${f.horaFin}`).join(",");
  const tramos: { desde: number; hasta: number; franjas: Horario[] }[] = [];
  for (const [dia, franjas] of porDia) {
    const ultimo = tramos.at(-1);
    if (ultimo && indiceLunes(dia) === indiceLunes(ultimo.hasta) + 1 && clave(ultimo.franjas) === clave(franjas))
      ultimo.hasta = dia;
    else tramos.push({ desde: dia, hasta: dia, franjas });
  }
  return tramos.map(({ desde, hasta, franjas }) => {
    const n = indiceLunes(hasta) - indiceLunes(desde) + 1;
    const dias =
      n === 7
        ? t("todosLosDias")
        : n === 1
          ? diaEtiqueta(desde, idioma)
          : mayuscula(
              n === 2
                ? enumeracion([nombreDia(desde, idioma), nombreDia(hasta, idioma)], idioma)
                : t("diasSeguidos", { desde: nombreDia(desde, idioma), hasta: nombreDia(hasta, idioma) }),
            );
    return { dias, franjas };
  });
}

/** What a plan carries that its "when" line reads: a search's date (fecha-buscada.ts), a detail's dates. */
export type CuandoPlan = Pick<PlanApi, "tipo" | "fechaInicio" | "fechaFin" | "horariosDisponibles"> &
  Partial<Pick<PlanApi, "categorias"> & FechasDeResultado> & { fechas?: readonly { titulo: string | null }[] };

/** How a "when" line is read: what was searched, and today. */
export interface OpcionesCuando {
  /** Whether a text holds a word the search was for (a card of a word search names the act found). */
  buscado?: ((texto: string) => boolean) | null;
  /** Today, Madrid's; null where the text is read on another day (an e-mail): never "Hoy". */
  hoy?: Dia | null;
}

/**
 * The one "when" line of a plan (cards, the plan page, its summary, meta descriptions): an
 * event's dates and hours, or the days an experience is open (else its dates). An event of
 * several dates says the date a search found it by (its card) or its days and how many dates it
 * has (cuandoVariasTexto).
 */
export function cuandoTexto(
  plan: CuandoPlan,
  opciones: OpcionesCuando = {},
  lengua: LenguaTexto = CASTELLANO,
): string | null {
  if (plan.tipo === "evento")
    return (
      cuandoVariasTexto(plan, opciones, lengua) ?? cuandoEventoTexto(plan.fechaInicio, plan.fechaFin, lengua.idioma)
    );
  return diasTexto(plan.horariosDisponibles, lengua) || fechasTexto(plan.fechaInicio, plan.fechaFin, lengua.idioma);
}

/** A text with its first letter upper case ("sábado" → "Sábado"). */
export const mayuscula = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
/** "Sáb 15 ago": a date in a list of a plan's dates. */
export const diaCorto = (iso: string, idioma: Idioma = "es") => {
  const f = FECHA_CORTA[idioma];
  return mayuscula(format(enMadrid(iso), f.dia, { locale: f.locale }));
};

/**
 * An act after midnight said by the night it belongs to: its day before ("Sáb 15 ago") and its
 * hour ("1:30 (madrugada)"; `hora`, its hours as a list writes them, "01:30 – 04:00", by default
 * its start).
 */
export function deMadrugada(
  iso: string,
  hora = horaTexto(iso),
  { idioma, t }: LenguaTexto = CASTELLANO,
): { dia: string; hora: string } {
  const antes = sumarDias(relojMadrid(Date.parse(iso)), -1);
  return {
    dia: diaCorto(`${diaIso(antes)}T12:00:00Z`, idioma),
    hora: t("madrugada", { hora: hora.replace(/^0/, "") }),
  };
}

/** "Vie 14 – dom 16 ago", "Sáb 31 oct – sáb 21 nov", with the years when they differ: the days a plan's dates span. */
export function diasDeFechasTexto(inicio: string, fin: string, idioma: Idioma = "es"): string {
  const a = enMadrid(inicio);
  const b = enMadrid(fin);
  if (format(a, "yyyy-MM-dd") === format(b, "yyyy-MM-dd")) return diaCorto(inicio, idioma);
  const f = FECHA_CORTA[idioma];
  const anos = a.getFullYear() !== b.getFullYear();
  const desde = format(a, anos ? f.anio : a.getMonth() === b.getMonth() ? f.mismoMes : f.dia, { locale: f.locale });
  return `${mayuscula(desde)} – ${format(b, anos ? f.anio : f.dia, { locale: f.locale })}`;
}

/** "3 funciones", "8 sesiones", "30 actos", "4 fechas": what a plan's dates are, by its shape and categories. */
function cuantasFechasTexto(
  n: number,
  programa: boolean,
  categorias: readonly string[] | undefined,
  { t }: LenguaTexto,
): string {
  const plantilla = programa
    ? "actos"
    : categorias?.includes("Taller")
      ? "sesiones"
      : categorias?.includes("Cultura")
        ? "funciones"
        : "fechasCuantas";
  return t(plantilla, { n: String(n) });
}

/** "20:00 y 22:30", "10:00, 12:00, 17:00 y 19:00", "10:00, 11:00, 12:00 y 5 más": a day's hours. */
function horasTexto(inicios: readonly string[], { idioma, t }: LenguaTexto): string {
  const horas = inicios.map(horaTexto);
  if (horas.length > 4) return `${horas.slice(0, 3).join(", ")} ${t("yMas", { n: String(horas.length - 3) })}`;
  return enumeracion(horas, idioma);
}

/**
 * The line of an event of several dates, or null for one of one date. A search's card
 * (`proximaFecha`) says what is relevant to it: an act found by a word ("Sáb 15 ago 23:30 · Verbena con
 * la orquesta Sirena"), today's dates ("Hoy · 20:00 y 22:30"; "Hoy 12 actos, el siguiente a las
 * 18:00: Pasacalles"), a later day chosen by a date filter ("Sáb 15 ago · 12 actos, el primero a
 * las 12:00: Pregón"); else, as a plan's page says it, its days and how many dates ("Vie 14 – dom
 * 16 ago · 3 funciones").
 */
export function cuandoVariasTexto(
  plan: CuandoPlan,
  { buscado, hoy = diaEnMadrid() }: OpcionesCuando = {},
  lengua: LenguaTexto = CASTELLANO,
): string | null {
  const { idioma, t } = lengua;
  const n = plan.numeroFechas ?? plan.fechas?.length ?? 0;
  if (n < 2 || !plan.fechaInicio || !plan.fechaFin) return null;
  const p = plan.proximaFecha;
  const programa = p ? p.titulo !== null : plan.fechas!.some((f) => f.titulo);
  const resumen = `${diasDeFechasTexto(plan.fechaInicio, plan.fechaFin, idioma)} · ${cuantasFechasTexto(n, programa, plan.categorias, lengua)}`;
  if (!p) return resumen;
  const esHoy = hoy !== null && diaIso(diaEnMadrid(new Date(p.inicio))) === diaIso(hoy);
  const dia = esHoy ? t("hoy") : diaCorto(p.inicio, idioma);
  const entero = todoElDia({ fechaInicio: p.inicio, fechaFin: p.fin });
  const delDia = plan.fechasDelDia?.length ? plan.fechasDelDia : [p.inicio];
  // The found date is the plan's first: its days and count say it (nothing of it has passed).
  const laPrimera = Date.parse(p.inicio) === Date.parse(plan.fechaInicio);
  if (p.titulo) {
    const hora = entero ? "" : ` ${horaTexto(p.inicio)}`;
    // An act after midnight that is not the programme's first is said by the night it belongs
    // to, as the programme's page lists it: "Sáb 15 ago, 1:30 (madrugada) · Discoteca móvil".
    const deNoche = !entero && !laPrimera && relojMadrid(Date.parse(p.inicio)).hour < HORA_MADRUGADA;
    const noche = deNoche ? deMadrugada(p.inicio, undefined, lengua) : null;
    const acto = noche ? `${noche.dia}, ${noche.hora} · ${p.titulo}` : `${dia}${hora} · ${p.titulo}`;
    if (buscado?.(p.titulo)) return acto;
    if (!esHoy && laPrimera) return resumen;
    if (delDia.length === 1) return acto;
    return t(esHoy ? "actosHoy" : "actosDelDia", {
      dia,
      n: String(delDia.length),
      cual: t(new Date(p.inicio).getTime() === new Date(delDia[0]).getTime() ? "elPrimero" : "elSiguiente"),
      hora: horaTexto(p.inicio),
      titulo: p.titulo,
    });
  }
  if (esHoy) return entero ? dia : `${dia} · ${horasTexto(delDia, lengua)}`;
  if (laPrimera) return resumen;
  return `${dia}${entero ? "" : ` · ${horasTexto(delDia, lengua)}`} · ${cuantasFechasTexto(n, false, plan.categorias, lengua)}`;
}

/**
 * A weekly plan's hours on one day of a list by days, named as the list names it: "Hoy de 10:00
 * a 14:00", "Sábado 6 de 10:00 a 14:00 y de 17:00 a 20:00". Null when it has no slot that
 * weekday (or is an event): the card then says its days.
 */
export function horasDelDiaTexto(
  plan: Pick<PlanApi, "tipo" | "horariosDisponibles">,
  dia: { nombre: string; diaSemana: number },
  { idioma, t }: LenguaTexto = CASTELLANO,
): string | null {
  if (plan.tipo !== "experiencia") return null;
  const franjas = horariosOrdenados(plan.horariosDisponibles).filter((h) => h.diaSemana === dia.diaSemana);
  if (franjas.length === 0) return null;
  const partes = franjas.map((f) => t("franjaHoras", { inicio: f.horaInicio, fin: f.horaFin }));
  // Spanish cards have always joined every slot with "y".
  return `${dia.nombre} ${idioma === "es" ? partes.join(" y ") : enumeracion(partes, idioma)}`;
}

/**
 * A plan's day as a poster writes it ("SÁB 29 NOV": the date a search found an event of several
 * dates by, else its first); an experience's days or dates (the generated poster's date line).
 */
export function fechaCartel(plan: CuandoPlan, lengua: LenguaTexto = CASTELLANO): string | null {
  const dia = plan.proximaFecha?.inicio ?? plan.fechaInicio;
  if (plan.tipo === "evento" && dia) {
    const f = fechaInsignia(dia, lengua.idioma);
    return `${f.semana} ${f.dia} ${f.mes}`;
  }
  return cuandoTexto(plan, {}, lengua);
}

/** The category a plan's card and a poster drawn for it show: its first that says something ("Otros" does not). */
export const categoriaCartel = (categorias: readonly string[]): string | null =>
  categorias.find((c) => c !== "Otros") ?? null;

/** A price in a language: "12,50 €" in Spanish, "€12.50" in English, and "Gratis" for 0. */
export function precioTexto(precio: number, { idioma, t }: LenguaTexto = CASTELLANO): string {
  if (precio === 0) return t("gratis");
  const cantidad = precio.toLocaleString(LOCALE_INTL[idioma], {
    minimumFractionDigits: Number.isInteger(precio) ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return t("precio", { cantidad });
}

/** Cards hide the distance from 0 to 3 km (spec §9). */
export function distanciaVisible(distancia: string | undefined): string | null {
  if (!distancia) return null;
  const km = Number.parseInt(distancia, 10);
  return Number.isFinite(km) && km > 3 ? distancia.replace("km", " km") : null;
}
