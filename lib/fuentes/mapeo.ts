import { format } from "date-fns";
import { es } from "date-fns/locale";
import { diaEnMadrid, enMadrid, instanteEnMadrid } from "../dates";
import { DURACION_EVENTO_MAX_DIAS, TITULO_MAX } from "../plans/input";
import {
  MAX_FECHAS,
  MESES_FECHAS,
  ordenarFechas,
  spanDeFechas,
  TITULO_FECHA_MAX,
  type FechaPlan,
} from "../plans/fechas";
import type { Idioma } from "../idiomas";
import type { TextoPlan } from "../plans/idiomas";
import type { Horario } from "../plans/plan";
import { mensajesFuentes } from "./mensajes";
import type { ItemFuente, Lugar, Ocurrencia, PlanImportado } from "./tipos";
import { sinAbrir, tituloImportado } from "./titulos";

/**
 * What plans an item of a source makes (lib/fuentes/tipos.ts), by these rules:
 * - once: one event (all day: from 00:00 of its first day to 23:59 of its last);
 * - longer than an event may last (DURACION_EVENTO_MAX_DIAS): an experience open every day over its span;
 * - weekly (INTERVAL=1, its BYDAY or the start's weekday) or daily, with no COUNT and no UNTIL
 *   within the window, a plain rule: one experience with a slot a day, the skipped days of the
 *   window said at the end of its description, a moved or changed occurrence as an event of its own;
 * - any other repetition: one event keyed by the item, with a date per occurrence of the next
 *   `dias` days (a monthly market is one plan with its Saturdays, not a plan a Saturday).
 * What is over (its end before `ahora`) or more than a year ahead makes no plan and is no discard.
 * A cancelled item, or occurrence, makes its plans with cancelado: the sync hides them with the
 * source's reason, rather than retiring them as gone. The town is found by the sync, not here.
 */

export interface OpcionesMapeo {
  /** How many days ahead repetitions are expanded and skipped days are told (90). */
  dias?: number;
  /** At most this many dates of one item's repetitions (100). */
  maxOcurrencias?: number;
}

export interface Mapeo {
  planes: PlanImportado[];
  /** Why the item makes no plan although it is current ("sin título"). */
  descartado?: string;
}

const MINUTO = 60_000;
const DIA = 86_400_000;
const DIAS_POR_DEFECTO = 90;
const MAX_OCURRENCIAS = 100;
/** Further ahead than this, an item is not listed yet. */
const HORIZONTE = 365 * DIA;
/** An all-day slot, as the weekly timetable says a whole day. */
const TODO_EL_DIA = { horaInicio: "00:00", horaFin: "23:59" } as const;
const TODA_LA_SEMANA = [0, 1, 2, 3, 4, 5, 6];

/**
 * At most `max` characters: a longer text is cut at a word and ends with "…", never inside a
 * bracket or quote it opened. One line unless `saltos` (a description keeps its line breaks and
 * paragraphs, and a bracket may close a paragraph later).
 */
export function acortar(t: string, max: number, { saltos = false } = {}): string {
  const limpio = saltos ? t.trim() : t.replace(/\s+/g, " ").trim();
  if (limpio.length <= max) return limpio;
  let corte = limpio.slice(0, max - 1);
  if (!/\s/.test(limpio[corte.length])) {
    const espacio = Math.max(...[" ", "\n"].map((c) => corte.lastIndexOf(c)));
    // A word longer than half the text is cut where it falls.
    if (espacio >= max / 2) corte = corte.slice(0, espacio);
  }
  if (!saltos) corte = sinAbrir(corte);
  // Neither half of a character written with two code units, nor punctuation before the "…".
  corte = corte.replace(/[\uD800-\uDBFF]$/, "").replace(/[\s,;:.·\-–—(/]+$/u, "");
  return `${corte}…`;
}

/** At most TITULO_MAX characters: a longer title is cut at a word and ends with "…" (never in an open bracket). */
export const acortarTitulo = (t: string, max = TITULO_MAX): string => acortar(t, max);

const hora = (d: Date) => format(enMadrid(d), "HH:mm");
const diaSemana = (d: Date) => enMadrid(d).getDay();
/** 23:59 of an instant's Madrid day. */
const finDelDia = (d: Date) => instanteEnMadrid(diaEnMadrid(d), "23:59");

/** When something that starts at `inicio` ends, as a plan says it: an all-day end is the minute before the exclusive one. */
function finVisible(inicio: Date, fin: Date | null, todoElDia: boolean): Date {
  if (todoElDia) return new Date((fin && fin > inicio ? fin.getTime() : inicio.getTime() + DIA) - MINUTO);
  return fin && fin >= inicio ? fin : inicio;
}

/** "No se celebra el 8 de diciembre ni el 25 de diciembre." for Madrid days, in order. */
export function fraseExclusiones(fechas: readonly Date[]): string {
  const dias = [...new Set(fechas.map((f) => format(enMadrid(f), "yyyy-MM-dd")))].sort();
  if (dias.length === 0) return "";
  const nombres = dias.map((d) => {
    const [y, m, dia] = d.split("-").map(Number);
    return `el ${format(new Date(y, m - 1, dia), "d 'de' MMMM", { locale: es })}`;
  });
  const ultimo = nombres.pop()!;
  return `No se celebra ${nombres.length ? `${nombres.join(", ")} ni ${ultimo}` : ultimo}.`;
}

function conFrase(descripcion: string, frase: string): string {
  if (!frase) return descripcion;
  return descripcion.trim() ? `${descripcion.trimEnd()}\n\n${frase}` : frase;
}

/** What every plan of an item shares. */
function comunes(item: ItemFuente, titulo: string) {
  return {
    titulo,
    descripcion: item.descripcion,
    lugar: item.lugar,
    gratis: item.gratis,
    precio: item.precio,
    imagen: item.imagen,
    url: item.url,
    categorias: item.categorias,
    cancelado: item.cancelado,
    idioma: item.idioma,
    textos: item.textos && textosImportados(item.textos, item),
  };
}

/** Its other languages' titles, cleaned and cut as its own. */
function textosImportados(textos: NonNullable<ItemFuente["textos"]>, item: ItemFuente): ItemFuente["textos"] {
  const limpios: NonNullable<ItemFuente["textos"]> = {};
  for (const [idioma, t] of Object.entries(textos) as [Idioma, TextoPlan][]) {
    const titulo = acortarTitulo(tituloImportado(t.titulo, { descripcion: t.descripcion, lugar: item.lugar }));
    if (titulo) limpios[idioma] = { titulo, descripcion: t.descripcion };
  }
  return limpios;
}

/** A repetition a weekly timetable says: every week or every day, open-ended or ending past the window. */
function esSemanal(item: ItemFuente, finVentana: Date): boolean {
  const r = item.regla;
  if (!r || !r.simple || r.intervalo !== 1 || r.cuenta !== null) return false;
  if (r.frecuencia !== "WEEKLY" && r.frecuencia !== "DAILY") return false;
  return r.hasta === null || r.hasta > finVentana;
}

/** Whether an occurrence is not what the rule says: moved, retitled, elsewhere, described apart or cancelled. */
function cambiada(o: Ocurrencia, duracion: number | null): boolean {
  if (o.titulo !== undefined || o.descripcion !== undefined || o.lugar !== undefined || o.cancelado) return true;
  if (o.inicio.toISOString() !== o.clave) return true;
  const d = o.fin ? o.fin.getTime() - o.inicio.getTime() : null;
  return d !== duracion;
}

function eventoDeOcurrencia(item: ItemFuente, o: Ocurrencia, titulo: string): PlanImportado {
  return {
    ...comunes(
      item,
      o.titulo?.trim()
        ? acortarTitulo(
            tituloImportado(o.titulo, { descripcion: o.descripcion ?? item.descripcion, lugar: o.lugar ?? item.lugar }),
          )
        : titulo,
    ),
    clave: `${item.id}@${o.clave}`,
    descripcion: o.descripcion ?? item.descripcion,
    lugar: (o.lugar as Lugar | undefined) ?? item.lugar,
    cancelado: item.cancelado || Boolean(o.cancelado),
    tipo: "evento",
    fechaInicio: o.inicio,
    fechaFin: finVisible(o.inicio, o.fin, item.todoElDia),
    horarios: [],
  };
}

function experienciaSemanal(
  item: ItemFuente,
  titulo: string,
  ahora: Date,
  finVentana: Date,
  maxOcurrencias: number,
): PlanImportado[] {
  const r = item.regla!;
  const fechaFin = r.hasta ? finDelDia(r.hasta) : null;
  if (fechaFin && fechaFin < ahora) return [];
  const duracion = item.fin ? item.fin.getTime() - item.inicio.getTime() : null;
  const ocurrencias = item.ocurrencias
    ? item.ocurrencias(new Date(ahora.getTime() - Math.max(duracion ?? 0, 0)), finVentana, 10 * maxOcurrencias)
    : [];
  const cambiadas = ocurrencias.filter((o) => cambiada(o, duracion));
  // The slot's hours: those of the rule's next plain occurrence (its start when none is in the window).
  const modelo = ocurrencias.find((o) => !cambiada(o, duracion)) ?? { inicio: item.inicio, fin: item.fin };
  const franja = (() => {
    if (item.todoElDia || !modelo.fin) return TODO_EL_DIA;
    const horaInicio = hora(modelo.inicio);
    const horaFin = hora(modelo.fin);
    // Past midnight (or at it), the timetable's day ends at 23:59.
    const mismoDia = finDelDia(modelo.inicio) >= modelo.fin;
    return { horaInicio, horaFin: mismoDia && horaFin > horaInicio ? horaFin : "23:59" };
  })();
  const dias = r.frecuencia === "DAILY" ? TODA_LA_SEMANA : r.dias.length ? r.dias : [diaSemana(item.inicio)];
  const horarios: Horario[] = [...dias].sort((a, b) => a - b).map((diaSemana) => ({ diaSemana, ...franja }));
  const enVentana = (d: Date) => d >= ahora && d < finVentana;
  const excluidas = [...item.excluidas.filter(enVentana), ...cambiadas.map((o) => new Date(o.clave)).filter(enVentana)];
  const planes: PlanImportado[] = [
    {
      ...comunes(item, titulo),
      clave: item.id,
      descripcion: conFrase(item.descripcion, fraseExclusiones(excluidas)),
      tipo: "experiencia",
      fechaInicio: item.inicio,
      fechaFin,
      horarios,
    },
  ];
  // A moved or changed occurrence is its own event; a cancelled one is only a day the experience skips.
  for (const o of cambiadas) {
    if (o.cancelado) continue;
    const plan = eventoDeOcurrencia(item, o, titulo);
    if (plan.fechaFin! >= ahora) planes.push(plan);
  }
  return planes;
}

/**
 * Any other repetition: one event with a date per occurrence of the window that has not ended
 * (an excluded or cancelled one has none, a moved one is at its new time, a retitled one has its
 * own title), at most MAX_FECHAS within MESES_FECHAS months; its span is the plan's. The keys
 * the occurrences had as plans of their own (`${item.id}@${clave}`) are what an earlier import
 * made of it: the sync merges those plans into this one.
 */
function eventoDeFechas(item: ItemFuente, titulo: string, ahora: Date, finVentana: Date, max: number) {
  if (!item.ocurrencias) return [];
  const duracion = item.fin ? Math.max(item.fin.getTime() - item.inicio.getTime(), 0) : 0;
  const excluidas = new Set(item.excluidas.map((d) => d.getTime()));
  const ocurrencias = item
    .ocurrencias(new Date(ahora.getTime() - duracion), finVentana, max)
    .filter((o) => !excluidas.has(new Date(o.clave).getTime()));
  const fechas: FechaPlan[] = [];
  for (const o of ocurrencias) {
    if (o.cancelado) continue;
    const fin = finVisible(o.inicio, o.fin, item.todoElDia);
    if (fin < ahora) continue;
    const propio = o.titulo?.trim()
      ? acortar(
          tituloImportado(o.titulo, { descripcion: o.descripcion ?? item.descripcion, lugar: item.lugar }),
          TITULO_FECHA_MAX,
        )
      : "";
    fechas.push({
      inicio: o.inicio,
      fin,
      titulo: propio && propio !== titulo ? propio : null,
      direccion: null,
      ubicacion: null,
    });
  }
  const dentro = fechasDentro(fechas, Math.min(max, MAX_FECHAS));
  if (dentro.length === 0) return [];
  return [
    {
      ...comunes(item, titulo),
      clave: item.id,
      tipo: "evento" as const,
      ...spanDeFechas(dentro),
      horarios: [],
      fechas: dentro,
      anteriores: ocurrencias.map((o) => `${item.id}@${o.clave}`),
    },
  ];
}

/** Dates in start order, one a start, at most `max`, all within MESES_FECHAS months of the first (what a plan may have). */
export function fechasDentro(fechas: FechaPlan[], max = MAX_FECHAS): FechaPlan[] {
  const unicas = new Map<number, FechaPlan>();
  for (const f of ordenarFechas(fechas)) if (!unicas.has(f.inicio.getTime())) unicas.set(f.inicio.getTime(), f);
  const lista = [...unicas.values()];
  if (lista.length === 0) return [];
  const limite = new Date(lista[0].inicio);
  limite.setMonth(limite.getMonth() + MESES_FECHAS);
  return lista.filter((f) => f.inicio <= limite).slice(0, max);
}

/** An item that happens once: one event, or an experience open every day when it lasts longer than an event may. */
function unaVez(item: ItemFuente, titulo: string, ahora: Date): PlanImportado[] {
  const fin = finVisible(item.inicio, item.fin, item.todoElDia);
  if (fin < ahora) return [];
  if (fin.getTime() - item.inicio.getTime() <= DURACION_EVENTO_MAX_DIAS * DIA) {
    return [
      {
        ...comunes(item, titulo),
        clave: item.id,
        tipo: "evento",
        fechaInicio: item.inicio,
        fechaFin: fin,
        horarios: [],
      },
    ];
  }
  const horaInicio = hora(item.inicio);
  const horaFin = hora(fin);
  const franja = item.todoElDia || horaFin <= horaInicio ? TODO_EL_DIA : { horaInicio, horaFin };
  return [
    {
      ...comunes(item, titulo),
      clave: item.id,
      tipo: "experiencia",
      fechaInicio: item.inicio,
      fechaFin: fin,
      horarios: TODA_LA_SEMANA.map((diaSemana) => ({ diaSemana, ...franja })),
    },
  ];
}

export function planesDeItem(item: ItemFuente, ahora: Date, opciones: OpcionesMapeo = {}): Mapeo {
  const dias = opciones.dias ?? DIAS_POR_DEFECTO;
  const max = opciones.maxOcurrencias ?? MAX_OCURRENCIAS;
  const finVentana = new Date(ahora.getTime() + dias * DIA);
  if (item.inicio.getTime() > ahora.getTime() + HORIZONTE)
    return { planes: [], descartado: mensajesFuentes.masDeUnAno };
  const titulo = acortarTitulo(tituloImportado(item.titulo, item));
  if (!titulo) {
    // Only what would be listed counts as a discard.
    const vigente =
      item.ocurrencias || item.regla
        ? !item.regla?.hasta || item.regla.hasta >= ahora
        : finVisible(item.inicio, item.fin, item.todoElDia) >= ahora;
    return vigente ? { planes: [], descartado: "sin título" } : { planes: [] };
  }
  if (esSemanal(item, finVentana)) return { planes: experienciaSemanal(item, titulo, ahora, finVentana, max) };
  if (item.ocurrencias) return { planes: eventoDeFechas(item, titulo, ahora, finVentana, max) };
  return { planes: unaVez(item, titulo, ahora) };
}
