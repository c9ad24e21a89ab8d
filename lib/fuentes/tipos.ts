import type { Categoria } from "../plans/constants";
import type { FechaPlan } from "../plans/fechas";
import type { Idioma } from "../idiomas";
import type { TextoPlan } from "../plans/idiomas";
import type { Horario } from "../plans/plan";

/**
 * What every adapter reads out of a source's answer, whatever its format: one item per event
 * of the source (an iCalendar VEVENT with its overrides, a schema.org Event, an open-data
 * record). lib/fuentes/mapeo.ts turns an item into the plans it makes; lib/fuentes/sincronizar.ts
 * keeps them in sync. Times are instants (Date); all calendar logic is in Europe/Madrid.
 */

/** Where an item happens, as its source says it: any of these may be missing. */
export interface Lugar {
  /** The source's own text: venue, address and town as one line (LOCATION, Place.name + address). */
  texto: string | null;
  /** Street address when the source gives it apart. */
  direccion: string | null;
  /** The town when the source names it apart (PostalAddress.addressLocality, a record's town). */
  municipio: string | null;
  /** Province or region when the source names it (PostalAddress.addressRegion). */
  provincia: string | null;
  lat: number | null;
  lng: number | null;
  /** The municipality's INE code when the source gives it (an agenda's NORA or INE code). */
  ine?: string | null;
  /** The coordinates are the town's centre, not the venue's: they find the town and are no pin. */
  puntoDelPueblo?: boolean;
}

/** A recurrence rule (RFC 5545 RRULE, or an open-data record's own recurrence) as far as the mapping needs it. */
export interface Regla {
  frecuencia: "SECONDLY" | "MINUTELY" | "HOURLY" | "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY";
  intervalo: number;
  /** Plain BYDAY weekdays, 0 = Sunday … 6 = Saturday ([] when the rule has none). */
  dias: number[];
  hasta: Date | null;
  cuenta: number | null;
  /**
   * Only FREQ, INTERVAL, plain BYDAY (no ordinals such as 1SU), UNTIL, COUNT and WKST: the shapes
   * that a weekly or daily experience can say. Anything else is expanded into dated events.
   */
  simple: boolean;
}

/** One occurrence of a recurring item, with its overrides (RECURRENCE-ID) applied. */
export interface Ocurrencia {
  /** Its original start as an ISO instant: the plan's key within the item. */
  clave: string;
  inicio: Date;
  fin: Date | null;
  titulo?: string;
  descripcion?: string;
  lugar?: Lugar;
  cancelado?: boolean;
}

export interface ItemFuente {
  /** The item's id within its source: the iCalendar UID, the JSON-LD @id or url, the record's id. */
  id: string;
  titulo: string;
  /** Markdown, as the plan page renders it (HTML goes through htmlAMarkdown); "" when none. */
  descripcion: string;
  /** STATUS:CANCELLED, eventStatus EventCancelled / EventPostponed. */
  cancelado: boolean;
  inicio: Date;
  /** For an all-day item: the start of the day after its last day (iCalendar's exclusive DTEND). */
  fin: Date | null;
  todoElDia: boolean;
  regla: Regla | null;
  /** Excluded starts (EXDATE, excluded-days). */
  excluidas: Date[];
  /**
   * The occurrences that start in [desde, hasta), at most `max`: RRULE and RDATE minus EXDATE,
   * RECURRENCE-ID overrides applied. null when the item happens once.
   */
  ocurrencias: ((desde: Date, hasta: Date, max: number) => Ocurrencia[]) | null;
  lugar: Lugar;
  /** true: free; false: paid; null: the source does not say. */
  gratis: boolean | null;
  /** The lowest price in euros when the source gives one. */
  precio: number | null;
  /** Absolute http(s) URL of its image. */
  imagen: string | null;
  /** Absolute http(s) URL of the item's own page at the source. */
  url: string | null;
  organizador: string | null;
  /** The source's own categories mapped to the spec's; [] when it has none (the source's defaults apply). */
  categorias: Categoria[];
  /** The language its text is written in (Spanish when the source does not say), and its text in others. */
  idioma?: Idioma;
  textos?: Partial<Record<Idioma, TextoPlan>>;
}

/** A plan as a source describes it, before its town is found and its poster fetched. */
export interface PlanImportado {
  /**
   * Unique within the source: the item's id; plus "@" and the occurrence's key for a changed
   * occurrence of a weekly timetable; a hash of title and place for an agenda's show of several items.
   */
  clave: string;
  /** At most the spec's 50 characters (shortened at a word with "…"). */
  titulo: string;
  descripcion: string;
  tipo: "evento" | "experiencia";
  fechaInicio: Date | null;
  fechaFin: Date | null;
  /** An experience's weekly slots (empty for an event). */
  horarios: Horario[];
  lugar: Lugar;
  gratis: boolean | null;
  precio: number | null;
  imagen: string | null;
  url: string | null;
  categorias: Categoria[];
  cancelado: boolean;
  /** An event's dates when it comes from a repetition or several items (in start order; fechaInicio/fechaFin are their span). */
  fechas?: FechaPlan[];
  /** The keys of plans an earlier import made of what is now this one (a plan a day): merged into it. */
  anteriores?: string[];
  /** The language its text is written in (Spanish when the source does not say), and its text in others. */
  idioma?: Idioma;
  textos?: Partial<Record<Idioma, TextoPlan>>;
}

/** What an adapter needs besides the text of the answer. */
export interface ContextoLectura {
  /** The URL the answer came from (after redirects): relative links resolve against it. */
  url: string;
  ahora: Date;
}

/** A kind of source: an adapter's `tipo` (lib/fuentes/adaptadores/index.ts lists them). */
export type TipoFuente = string;

/** A record that makes no item, and why (counted in the sync's `descartados`). */
export interface Descarte {
  titulo: string;
  motivo: string;
}

/** One page of an agenda answered in pages: its items, its discarded records, and the next page's address. */
export interface PaginaLeida {
  items: ItemFuente[];
  descartados: Descarte[];
  siguiente: string | null;
}

/** One adapter per kind of source: a file under lib/fuentes/adaptadores/ or lib/fuentes/agendas/. */
export interface Adaptador {
  tipo: TipoFuente;
  /** What the team's screen calls this kind ("Calendario iCalendar"). */
  etiqueta: string;
  /** Content types this kind is served with (lower case, without parameters). */
  tiposMime: readonly string[];
  /** Whether a text is this kind, by its content (a cheap look at its start or shape) and, for an agenda, its address's path. */
  reconoce(texto: string, url?: string): boolean;
  /** The items of an answer; throws FormatoNoValido (lib/fuentes/errores.ts) when it cannot be read. */
  leer(texto: string, ctx: ContextoLectura): ItemFuente[];
  /** An agenda answered in pages: one page, with the next one's address. */
  leerPagina?(texto: string, ctx: ContextoLectura): PaginaLeida;
  /** Pages are read whole every sync: no conditional request, as an unchanged first page says nothing of the rest. */
  paginada?: boolean;
  /** The address a sync starts from: the pasted one narrowed to upcoming items where the agenda can be asked to. */
  acotar?(url: string, ahora: Date): string;
}
