import { decodeHTML } from "entities";
import { Parser } from "htmlparser2";
import type { Categoria } from "../../plans/constants";
import { htmlAMarkdown } from "../html";
import { FormatoNoValido } from "../errores";
import type { Adaptador, ItemFuente, Lugar, Regla } from "../tipos";
import {
  coordenadas,
  diaSemana,
  duracionEntre,
  enMadridDia,
  expandirSerie,
  hash,
  hora,
  lugarVacio,
  numeroDia,
  precioDe,
  textoPlano,
  texto,
  unaLinea,
  urlAbsoluta,
  type Serie,
} from "./comun";

/**
 * Web pages that describe their events with schema.org `Event` (or a subtype) in
 * `<script type="application/ld+json">` blocks: one event, a top-level array of them, an
 * `ItemList`, or a `@graph` whose nodes refer to each other by `@id` (Yoast, WordPress' The
 * Events Calendar, tourism portals). Nothing of the page is run: the blocks are read as JSON,
 * forgiving what CMSs emit (HTML comments, CDATA, trailing commas, raw line breaks in strings).
 */

const SIN_EVENTOS = "La página no tiene eventos con datos estructurados (schema.org Event).";

/** schema.org's Event and its subtypes, with the categories each says. */
const TIPOS_EVENTO: Record<string, Categoria[]> = {
  Event: [],
  BusinessEvent: [],
  ChildrensEvent: ["Infantil"],
  ComedyEvent: ["Cultura"],
  CourseInstance: ["Taller"],
  DanceEvent: ["Cultura"],
  DeliveryEvent: [],
  EducationEvent: ["Taller"],
  EventSeries: [],
  ExhibitionEvent: ["Cultura"],
  Festival: ["Cultura"],
  FoodEvent: ["Gastronomía"],
  Hackathon: [],
  LiteraryEvent: ["Cultura"],
  MusicEvent: ["Cultura"],
  PublicationEvent: [],
  BroadcastEvent: [],
  OnDemandEvent: [],
  SaleEvent: [],
  ScreeningEvent: ["Cultura"],
  SocialEvent: ["Fiesta"],
  SportsEvent: ["Deporte"],
  TheaterEvent: ["Cultura"],
  VisualArtsEvent: ["Cultura"],
};

type Nodo = Record<string, unknown>;
const esNodo = (v: unknown): v is Nodo => !!v && typeof v === "object" && !Array.isArray(v);
const varios = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** A schema.org term without its vocabulary: "https://schema.org/EventCancelled", "schema:Event" → its name. */
const termino = (v: unknown): string => (texto(v) ?? "").replace(/^(https?:\/\/schema\.org\/|schema:)/i, "");
const tipos = (n: Nodo): string[] => varios(n["@type"]).map(termino);
const esEvento = (n: Nodo): boolean => tipos(n).some((t) => t in TIPOS_EVENTO);

/** A script's type names JSON-LD when its MIME essence does, whatever its case, spaces or parameters. */
const esJsonld = (tipo: string | undefined): boolean =>
  (tipo ?? "").split(";")[0].trim().toLowerCase() === "application/ld+json";

/**
 * The JSON of each ld+json block of a page (or the text itself when it is JSON-LD already).
 * An HTML tokenizer finds the scripts as a browser does: attributes in any order, quoted or not,
 * and nothing taken from comments, other elements' text or other attributes. Nothing is run.
 */
function bloques(t: string): string[] {
  if (/^\uFEFF?\s*[[{]/.test(t)) return [t.replace(/^\uFEFF/, "")];
  const salida: string[] = [];
  let actual: string[] | null = null;
  const parser = new Parser({
    onopentag(nombre, atributos) {
      if (nombre === "script" && esJsonld(atributos.type)) actual = [];
    },
    ontext(trozo) {
      actual?.push(trozo);
    },
    onclosetag(nombre) {
      if (nombre !== "script" || !actual) return;
      salida.push(actual.join(""));
      actual = null;
    },
  });
  parser.end(t);
  return salida;
}

/** A block as JSON, first as written, then cleaned of what CMSs leave in it; null when it is not JSON. */
function leerBloque(b: string): unknown {
  try {
    return JSON.parse(b);
  } catch {
    const limpio = b
      .replace(/<!--|-->/g, "")
      .replace(/(\/\/\s*)?<!\[CDATA\[|(\/\/\s*)?\]\]>/g, "")
      .replace(/[\u0000-\u001f]+/g, " ")
      .replace(/,\s*([}\]])/g, "$1")
      .trim();
    try {
      return JSON.parse(limpio);
    } catch {
      return null;
    }
  }
}

/** Every node of the blocks by its @id, so that {"@id": "…#primaryimage"} can be followed. */
function indice(raices: unknown[]): Map<string, Nodo> {
  const porId = new Map<string, Nodo>();
  const visitar = (v: unknown, prof: number) => {
    if (prof > 12) return;
    if (Array.isArray(v)) return v.forEach((x) => visitar(x, prof + 1));
    if (!esNodo(v)) return;
    const id = texto(v["@id"]);
    if (id && Object.keys(v).length > 1 && !porId.has(id)) porId.set(id, v);
    for (const x of Object.values(v)) visitar(x, prof + 1);
  };
  raices.forEach((r) => visitar(r, 0));
  return porId;
}

/** The events of the blocks: at the top, in arrays, @graph, ItemList elements and a page's mainEntity. */
function eventos(raices: unknown[], resolver: (v: unknown) => unknown): Nodo[] {
  const salida: Nodo[] = [];
  const vistos = new Set<Nodo>();
  const visitar = (v: unknown, prof: number) => {
    if (prof > 8) return;
    v = resolver(v);
    if (Array.isArray(v)) return v.forEach((x) => visitar(x, prof + 1));
    if (!esNodo(v)) return;
    if (esEvento(v)) {
      if (!vistos.has(v)) salida.push(v);
      vistos.add(v);
      return;
    }
    for (const k of ["@graph", "itemListElement", "item", "mainEntity", "about"]) if (k in v) visitar(v[k], prof + 1);
  };
  raices.forEach((r) => visitar(r, 0));
  return salida;
}

interface Momento {
  dia: number;
  hora: string | null;
  instante: Date;
}

/**
 * A schema.org date: with an offset or Z it is that instant; a local date-time is read on
 * Madrid's clock; a date alone is a whole day.
 */
function momento(v: unknown): Momento | null {
  const t = texto(v);
  const m =
    t && /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(t);
  if (!m) return null;
  const dia = numeroDia(Number(m[1]), Number(m[2]), Number(m[3]));
  if (dia === null) return null;
  if (m[4] === undefined) return { dia, hora: null, instante: enMadridDia(dia) };
  const h = hora(`${m[4]}:${m[5]}`);
  if (!h) return null;
  if (!m[7]) return { dia, hora: h, instante: enMadridDia(dia, h) };
  const desfase = m[7].toUpperCase() === "Z" ? "Z" : m[7].replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
  const instante = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? "00"}${desfase}`);
  return Number.isNaN(instante.getTime()) ? null : { dia, hora: h, instante };
}

const nombre = (v: unknown): string | null =>
  typeof v === "string" ? textoPlano(v) || null : esNodo(v) ? textoPlano(v.name) || null : null;

function lugar(valor: unknown, resolver: (v: unknown) => unknown): Lugar {
  const sitios = varios(resolver(valor)).map(resolver);
  const texto0 = sitios.find((s): s is string => typeof s === "string");
  const sitio = sitios.find((s): s is Nodo => esNodo(s) && !tipos(s).includes("VirtualLocation"));
  if (!sitio) return texto0 ? { ...lugarVacio(), texto: textoPlano(texto0) || null } : lugarVacio();
  const dir = varios(resolver(sitio.address)).map(resolver)[0];
  const postal = esNodo(dir) ? dir : {};
  const direccion = typeof dir === "string" ? textoPlano(dir) || null : textoPlano(postal.streetAddress) || null;
  const municipio = textoPlano(postal.addressLocality) || null;
  const geo = resolver(sitio.geo);
  const p = esNodo(geo) ? coordenadas(geo.latitude, geo.longitude) : null;
  return {
    texto: unaLinea(nombre(sitio), direccion, municipio),
    direccion,
    municipio,
    provincia: textoPlano(postal.addressRegion) || null,
    lat: p?.lat ?? null,
    lng: p?.lng ?? null,
  };
}

const verdadero = (v: unknown) => v === true || /^(true|yes|sí|si|1)$/i.test(texto(v) ?? "");

function precio(evento: Nodo, resolver: (v: unknown) => unknown): { gratis: boolean | null; precio: number | null } {
  const importes: number[] = [];
  let gratis = verdadero(evento.isAccessibleForFree);
  const visitar = (v: unknown, prof: number) => {
    v = resolver(v);
    if (prof > 3) return;
    if (Array.isArray(v)) return v.forEach((x) => visitar(x, prof + 1));
    if (!esNodo(v)) return;
    if (verdadero(v.isAccessibleForFree)) gratis = true;
    for (const k of ["price", "lowPrice"]) {
      const p = precioDe(v[k]);
      if (p !== null) importes.push(p);
    }
    visitar(v.priceSpecification, prof + 1);
    visitar(v.offers, prof + 1);
  };
  visitar(evento.offers, 0);
  const minimo = importes.length ? Math.min(...importes) : null;
  if (gratis || minimo === 0) return { gratis: true, precio: minimo ?? 0 };
  return { gratis: minimo === null ? null : false, precio: minimo };
}

function imagen(v: unknown, base: string, resolver: (v: unknown) => unknown): string | null {
  for (const i of varios(resolver(v))) {
    const r = resolver(i);
    const url = urlAbsoluta(esNodo(r) ? (r.url ?? r.contentUrl) : r, base);
    if (url) return url;
  }
  return null;
}

/** A description as markdown: The Events Calendar writes it HTML-escaped, with "\n" as two characters. */
function descripcion(v: unknown): string {
  let t = typeof v === "string" ? v : "";
  t = t.replace(/\\n/g, "\n").replace(/\\(["'/])/g, "$1");
  if (/&lt;\/?[a-z][^&]*&gt;/i.test(t)) t = decodeHTML(t);
  return htmlAMarkdown(t);
}

const DIAS_SEMANA: Record<string, number> = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
};

/** A schema.org Schedule (byDay, startTime, repeatFrequency "P1W", "P2D", "P1M", "P1Y"…) as a rule. */
function horario(
  evento: Nodo,
  inicio: Momento,
  resolver: (v: unknown) => unknown,
): { serie: Serie; inicio: Date; excluidas: Date[] } | null {
  const s = varios(resolver(evento.eventSchedule)).map(resolver).find(esNodo);
  if (!s) return null;
  const m = /^P(\d+)([DWMY])$/i.exec(texto(s.repeatFrequency) ?? "");
  if (!m) return null;
  const frecuencia = ({ D: "DAILY", W: "WEEKLY", M: "MONTHLY", Y: "YEARLY" } as const)[
    m[2].toUpperCase() as "D" | "W" | "M" | "Y"
  ];
  const dias = varios(s.byDay)
    .map((d) => DIAS_SEMANA[termino(d)])
    .filter((d): d is number => d !== undefined);
  const desde = momento(s.startDate) ?? inicio;
  const hasta = momento(s.endDate);
  const horaInicio = hora(s.startTime) ?? desde.hora ?? inicio.hora ?? "00:00";
  let primero = desde.dia;
  while (dias.length && !dias.includes(diaSemana(primero)) && primero < desde.dia + 7) primero++;
  const regla: Regla = {
    frecuencia,
    intervalo: Math.max(1, Number(m[1])),
    dias: frecuencia === "WEEKLY" ? dias.sort((a, b) => a - b) : [],
    hasta: hasta ? enMadridDia(hasta.dia, "23:59") : null,
    cuenta: null,
    simple: frecuencia === "WEEKLY" || frecuencia === "DAILY",
  };
  const excluidos = new Set(
    varios(s.exceptDate)
      .map((d) => momento(d)?.dia)
      .filter((d): d is number => d !== undefined),
  );
  const comienzo = enMadridDia(primero, horaInicio);
  return {
    serie: { inicio: comienzo, duracion: duracionEntre(horaInicio, hora(s.endTime)), regla, diasExcluidos: excluidos },
    inicio: comienzo,
    excluidas: [...excluidos].sort((a, b) => a - b).map((d) => enMadridDia(d, horaInicio)),
  };
}

function item(evento: Nodo, base: string, resolver: (v: unknown) => unknown): ItemFuente | null {
  const titulo = textoPlano(evento.name);
  const inicio = momento(evento.startDate);
  if (!titulo || !inicio) return null;
  const final = momento(evento.endDate);
  const todoElDia = inicio.hora === null;
  let fin: Date | null = null;
  if (todoElDia) fin = enMadridDia((final?.dia ?? inicio.dia) + 1);
  else if (final && final.instante > inicio.instante) fin = final.instante;

  const estado = termino(evento.eventStatus);
  const url = urlAbsoluta(evento.url, base) ?? base;
  const id = texto(evento["@id"]);
  const serie = horario(evento, inicio, resolver);
  const categorias = new Set(tipos(evento).flatMap((t) => TIPOS_EVENTO[t] ?? []));

  return {
    id:
      (id && !id.startsWith("_:") ? urlAbsoluta(id, base) : null) ??
      urlAbsoluta(evento.url, base) ??
      hash(`${titulo}|${texto(evento.startDate)}`),
    titulo,
    descripcion: descripcion(evento.description),
    cancelado: estado === "EventCancelled" || estado === "EventPostponed",
    inicio: serie?.inicio ?? inicio.instante,
    fin: serie ? (serie.serie.duracion === null ? null : new Date(serie.inicio.getTime() + serie.serie.duracion)) : fin,
    todoElDia: serie ? false : todoElDia,
    regla: serie?.serie.regla ?? null,
    excluidas: serie?.excluidas ?? [],
    ocurrencias: serie ? (d, h, max) => expandirSerie(serie.serie, d, h, max) : null,
    lugar: lugar(evento.location, resolver),
    ...precio(evento, resolver),
    imagen: imagen(evento.image, base, resolver),
    url,
    organizador: varios(resolver(evento.organizer)).map(resolver).map(nombre).find(Boolean) ?? null,
    categorias: [...categorias],
  };
}

function leerEventos(t: string): { eventos: Nodo[]; resolver: (v: unknown) => unknown } {
  const raices = bloques(t)
    .map(leerBloque)
    .filter((r) => r !== null);
  const porId = indice(raices);
  const resolver = (v: unknown): unknown => {
    if (esNodo(v) && Object.keys(v).length === 1 && typeof v["@id"] === "string") return porId.get(v["@id"]) ?? v;
    return v;
  };
  return { eventos: eventos(raices, resolver), resolver };
}

export const adaptadorJsonld: Adaptador = {
  tipo: "jsonld",
  etiqueta: "Página con eventos",
  tiposMime: ["text/html", "application/xhtml+xml", "application/ld+json"],
  reconoce(t) {
    if (!/application\/ld\+json/i.test(t) && !/^\uFEFF?\s*[[{]/.test(t)) return false;
    return leerEventos(t).eventos.length > 0;
  },
  leer(t, ctx) {
    const { eventos, resolver } = leerEventos(t);
    const items = eventos.map((e) => item(e, ctx.url, resolver)).filter((i): i is ItemFuente => i !== null);
    if (!items.length) throw new FormatoNoValido(SIN_EVENTOS);
    // Several events of one page may share its url: the start tells them apart.
    const vistos = new Set<string>();
    return items.map((i) => {
      const id = vistos.has(i.id) ? `${i.id}#${i.inicio.toISOString()}` : i.id;
      vistos.add(id);
      return { ...i, id };
    });
  },
};
