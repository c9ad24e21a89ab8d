import { normalizar } from "../../busqueda/palabras";
import { IDIOMA_POR_DEFECTO, type Idioma } from "../../idiomas";
import type { Categoria } from "../../plans/constants";
import { DURACION_EVENTO_MAX_DIAS } from "../../plans/input";
import { numeroDiaMadrid } from "../../dates";
import { FormatoNoValido } from "../errores";
import { htmlAMarkdown } from "../html";
import { mensajesFuentes } from "../mensajes";
import type { Adaptador, ContextoLectura, Descarte, ItemFuente, Lugar, PaginaLeida, Regla } from "../tipos";
import {
  coordenadas,
  duracionEntre,
  enMadridDia,
  leerJson,
  objeto,
  type Registro,
  numeroDia,
  precioDe,
  segunRegla,
  textoPlano,
  texto,
  tituloCancelado,
  urlAbsoluta,
  unaLinea,
} from "../adaptadores/comun";

/**
 * The engine of the regional open-data agendas: each agenda is one declaration (its address
 * path, the shape of its pages, how it pages, and where each field of an item is), and this file
 * does the rest the same way for all: recognising an answer, reading dates, times, prices and
 * places, mapping categories, and naming the next page. An agenda answers JSON.
 */

/** A field: a path into the record ("grup_adreca.municipi_nom"), or a function of the record. */
export type Campo = string | ((r: Registro) => unknown);

export type Paginacion =
  /** ?limit=100&offset=200: the next page starts after the records received, until `total` or an empty page. */
  | {
      por: "desplazamiento";
      limite: string;
      desplazamiento: string;
      /** The page size asked for when the address asks for none. */
      tamano: number;
      /** The total number of records, when the answer says it. */
      total?: (json: unknown) => number | null;
      /** The API refuses offset + limit above this. */
      maximo?: number;
    }
  /** ?_page=2&_elements=100: the next page number, until `totalPaginas` or an empty page. */
  | {
      por: "pagina";
      pagina: string;
      tamano: string;
      primera: number;
      totalPaginas: (json: unknown) => number | null;
    }
  /** …/pag-ini/1/pag-fi/20: the path names the first and last record (1-based, inclusive). */
  | { por: "ruta"; inicio: string; fin: string; tamano: number };

export interface DefinicionAgenda {
  tipo: string;
  /** What the team's screen calls this kind. */
  etiqueta: string;
  /** The address paths this agenda is served at (never its host: a copy on 127.0.0.1 is the same agenda). */
  ruta: RegExp;
  /** The records of a parsed answer, or null when it is not shaped as this agenda's pages. */
  registros(json: unknown): unknown[] | null;
  /** Field names that only this agenda's records have (all of them, in the first record). */
  marcas: readonly string[];
  paginacion: Paginacion;
  /** The paths that page (an export that answers everything at once does not); all by default. */
  paginadaEn?: RegExp;
  /** Narrows the pasted address to upcoming items (a parameter it does not already have), given today "YYYY-MM-DD". */
  acotar?(url: URL, hoy: string): void;
  campos: {
    id: Campo;
    titulo: Campo;
    /** HTML or plain text. */
    descripcion?: Campo;
    /** A date, or a date and time ("2026-12-05", "2026-12-05T19:00:00", "2026-12-05 19:00:00"). */
    inicio: Campo;
    /** A time of day, or a text that gives one ("20:00", "A les 19 h", "De 12:00 a 14:00 horas"). */
    hora?: Campo;
    fin?: Campo;
    horaFin?: Campo;
    /** Whether the record is open with no end (besides an end date in the 9999s). */
    permanente?: Campo;
    /** A price as written ("Gratuita", "5 euros por persona", 12). */
    precio?: Campo;
    /** Whether the record says it is free (true, "true", "Sí", 1). */
    gratis?: Campo;
    lugar: {
      nombre?: Campo;
      direccion?: Campo;
      municipio?: Campo;
      provincia?: Campo;
      /** The municipality's INE code (5 digits; a 6th check digit is dropped). */
      ine?: Campo;
      lat?: Campo;
      lng?: Campo;
      /** The coordinates are the town's centre, not the venue's: they place the item, never a pin. */
      puntoDelPueblo?: boolean;
    };
    /** The first absolute http(s) URL of these is the poster. */
    imagen?: Campo[];
    url?: Campo;
    organizador?: Campo;
    categorias?: {
      de: Campo[];
      /** The agenda's own names (compared lower case, without accents; a tag's last segment) → the spec's. */
      tabla: Record<string, Categoria[]>;
    };
    /** The language of `titulo` and `descripcion` (Spanish unless given), a code or a function of the record. */
    idioma?: Idioma | ((r: Registro) => Idioma);
    /** The same record's text in other languages, when it gives them beside its own. */
    traducciones?: Partial<Record<Idioma, { titulo: Campo; descripcion?: Campo }>>;
  };
}

/**
 * A record's language and its text in the other languages it gives: not the language of
 * `titulo`, nor a "translation" that repeats it word for word.
 */
function idiomasDe(
  r: Registro,
  c: DefinicionAgenda["campos"],
  propio: { titulo: string; descripcion: string },
): Pick<ItemFuente, "idioma" | "textos"> {
  const idioma = typeof c.idioma === "function" ? c.idioma(r) : (c.idioma ?? IDIOMA_POR_DEFECTO);
  const textos: NonNullable<ItemFuente["textos"]> = {};
  for (const [otro, t] of Object.entries(c.traducciones ?? {}) as [Idioma, { titulo: Campo; descripcion?: Campo }][]) {
    const titulo = textoPlano(valor(r, t.titulo));
    const descripcion = htmlAMarkdown(texto(valor(r, t.descripcion)));
    if (otro === idioma || !titulo || (titulo === propio.titulo && descripcion === propio.descripcion)) continue;
    textos[otro] = { titulo, descripcion };
  }
  return { idioma, textos };
}

/** A record's value at a path ("a.b.c"), or what the function gives. */
export function valor(r: Registro, campo: Campo | undefined): unknown {
  if (campo === undefined) return undefined;
  if (typeof campo === "function") return campo(r);
  let v: unknown = r;
  for (const parte of campo.split(".")) {
    if (!v || typeof v !== "object" || Array.isArray(v)) return undefined;
    v = (v as Registro)[parte];
  }
  return v;
}

/** true for true, "true", "sí", "si", "yes", "1", 1; false for their opposites; else null. */
export function booleano(v: unknown): boolean | null {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v === 1 ? true : v === 0 ? false : null;
  const t = texto(v)?.toLowerCase();
  if (!t) return null;
  if (["true", "sí", "si", "yes", "1", "bai", "s"].includes(t)) return true;
  if (["false", "no", "0", "ez", "n"].includes(t)) return false;
  return null;
}

/** A date, with its time when it has one: "2026-12-05", "2026-12-05T19:00:00.000", "2026-12-05 19:00:00", "05/12/2026". */
export function fechaDe(v: unknown): { dia: number; hora: string | null; anio: number } | null {
  const t = texto(v);
  if (!t) return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2}))?/.exec(t);
  let anio: number, mes: number, d: number;
  if (m) [anio, mes, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?/.exec(t);
    if (!m) return null;
    [anio, mes, d] = [Number(m[3]), Number(m[2]), Number(m[1])];
  }
  // A permanent item's end ("9999-09-09") is a far date, not an error.
  if (anio >= 9000) return { dia: Number.POSITIVE_INFINITY, hora: null, anio };
  const dia = numeroDia(anio, mes, d);
  if (dia === null) return null;
  const h = m[4] === undefined ? null : Number(m[4]);
  const min = m[5] === undefined ? null : Number(m[5]);
  if (h !== null && (h > 23 || min! > 59)) return null;
  const hora = h === null ? null : `${String(h).padStart(2, "0")}:${m[5]}`;
  // Midnight on a date-time field is how these agendas write a day without a time.
  return { dia, hora: hora === "00:00" ? null : hora, anio };
}

const HORA_EN_TEXTO = /(?<![\d:.,])([01]?\d|2[0-3])(?:[:.]([0-5]\d))?(?![\d,])\s*(h\b|hrs?\b|horas\b)?/gi;
/** A text that gives a span of hours ("De 12:00 a 14:00 horas", "10.00-13.30", "de 18 h fins a 20 h"): its second time is the end. */
const RANGO_HORAS = /\d\s*(h|hrs?|horas)?\s*(-|–|a|hasta|fins a|al?s)\s*(las\s+|les\s+)?\d/i;

/**
 * The times a text gives, in order: "20:00", "19.30", "A les 19 h", "De 12:00 a 14:00 horas".
 * A bare number counts only when written as a time (with minutes) or followed by "h".
 */
export function horasDe(v: unknown): string[] {
  const t = textoPlano(v);
  const salida: string[] = [];
  for (const m of t.matchAll(HORA_EN_TEXTO)) {
    if (m[2] === undefined && !m[3]) continue;
    salida.push(`${m[1].padStart(2, "0")}:${m[2] ?? "00"}`);
  }
  return salida;
}

/** An agenda's table of category names by their comparison key, built once per agenda. */
const tablas = new WeakMap<Record<string, Categoria[]>, Map<string, Categoria[]>>();
function tablaCategorias(tabla: Record<string, Categoria[]>): Map<string, Categoria[]> {
  let porClave = tablas.get(tabla);
  if (!porClave) {
    porClave = new Map(Object.entries(tabla).map(([k, v]) => [normalizar(k), v]));
    tablas.set(tabla, porClave);
  }
  return porClave;
}

/** The spec's categories of a record's own category names (a list, comma-separated, or tag paths). */
function categorias(r: Registro, def: DefinicionAgenda["campos"]["categorias"]): Categoria[] {
  if (!def) return [];
  const tabla = tablaCategorias(def.tabla);
  const salida = new Set<Categoria>();
  for (const campo of def.de) {
    const v = valor(r, campo);
    const nombres = (Array.isArray(v) ? v : [v]).flatMap((x) => (texto(x) ?? "").split(","));
    for (const n of nombres) {
      const ultimo = n.trim().split("/").pop() ?? "";
      for (const c of tabla.get(normalizar(ultimo)) ?? []) salida.add(c);
    }
  }
  return [...salida];
}

/** The INE code of a field: 5 digits, or 6 with INE's check digit (dropped); a number loses its leading zero. */
function ineDe(v: unknown): string | null {
  const t = typeof v === "number" ? String(v) : texto(v);
  if (!t || !/^\d{4,6}$/.test(t)) return null;
  if (t.length === 6) return t.slice(0, 5);
  return t.padStart(5, "0");
}

function lugar(r: Registro, def: DefinicionAgenda["campos"]["lugar"]): Lugar {
  const nombreLeido = textoPlano(valor(r, def.nombre)) || null;
  const direccion = textoPlano(valor(r, def.direccion)) || null;
  const municipio = textoPlano(valor(r, def.municipio)) || null;
  const provincia = textoPlano(valor(r, def.provincia)) || null;
  const punto = coordenadas(valor(r, def.lat), valor(r, def.lng));
  // A venue named as its town ("Tiemblo (El)") is no venue: the plan then shows the town's own name.
  const nombre = nombreLeido && municipio && normalizar(nombreLeido) === normalizar(municipio) ? null : nombreLeido;
  return {
    texto: unaLinea(nombre, direccion),
    direccion: direccion ? unaLinea(nombre, direccion) : null,
    municipio,
    provincia,
    lat: punto?.lat ?? null,
    lng: punto?.lng ?? null,
    ine: ineDe(valor(r, def.ine)),
    puntoDelPueblo: def.puntoDelPueblo ?? false,
  };
}

const DIA_MS = 86_400_000;

/** One record as an item, or why it makes none. */
function item(r: Registro, def: DefinicionAgenda, ctx: ContextoLectura): ItemFuente | Descarte {
  const c = def.campos;
  const titulo = textoPlano(valor(r, c.titulo));
  const id = texto(valor(r, c.id));
  if (!titulo) return { titulo: mensajesFuentes.sinTitulo, motivo: "sin título" };
  if (!id) return { titulo, motivo: mensajesFuentes.registroSinId };
  const inicioLeido = valor(r, c.inicio);
  const finLeido = valor(r, c.fin);
  const finFecha = texto(finLeido) ? fechaDe(finLeido) : null;
  // "23:59" ends the day: no one gives it as the time a thing ends.
  const hasta = finFecha?.hora === "23:59" ? { ...finFecha, hora: null } : finFecha;
  if (texto(finLeido) && !hasta) return { titulo, motivo: mensajesFuentes.fechaNoValida };
  const permanente = booleano(valor(r, c.permanente)) === true || hasta?.dia === Number.POSITIVE_INFINITY;
  // A permanent record may give no dates at all: it is open from today.
  const hoy = { dia: numeroDiaMadrid(ctx.ahora.getTime()), hora: null, anio: 0 };
  const desde = texto(inicioLeido) ? fechaDe(inicioLeido) : permanente ? hoy : null;
  if (!desde || !Number.isFinite(desde.dia)) return { titulo, motivo: mensajesFuentes.fechaNoValida };
  const diaFin = hasta && Number.isFinite(hasta.dia) ? hasta.dia : desde.dia;
  if (diaFin < desde.dia) return { titulo, motivo: mensajesFuentes.fechaNoValida };

  const textoHora = valor(r, c.hora);
  const horasTexto = horasDe(textoHora);
  const horaInicio = desde.hora ?? horasTexto[0] ?? null;
  const horaFin =
    hasta?.hora ??
    horasDe(valor(r, c.horaFin))[0] ??
    (!desde.hora && RANGO_HORAS.test(textoPlano(textoHora)) ? (horasTexto[1] ?? null) : null);

  const precioLeido = valor(r, c.precio);
  const precioTexto = typeof precioLeido === "number" ? precioLeido : textoPlano(precioLeido);
  const precio = precioDe(precioTexto);
  const dicho = booleano(valor(r, c.gratis));
  const gratis = dicho === true || precio === 0 ? true : precio !== null || dicho === false ? false : null;

  const descripcion = htmlAMarkdown(texto(valor(r, c.descripcion)));
  const comunes = {
    id,
    titulo,
    descripcion,
    cancelado: tituloCancelado(titulo),
    excluidas: [],
    lugar: lugar(r, c.lugar),
    gratis,
    precio: gratis && precio === null ? 0 : precio,
    imagen: (c.imagen ?? []).map((k) => urlAbsoluta(textoPlano(valor(r, k)), ctx.url)).find(Boolean) ?? null,
    url: urlAbsoluta(valor(r, c.url), ctx.url),
    organizador: textoPlano(valor(r, c.organizador)) || null,
    categorias: categorias(r, c.categorias),
    ...idiomasDe(r, c, { titulo, descripcion }),
  };

  if (permanente) {
    // Open with no end: a place with opening hours is an experience open every day; without them, nothing to list.
    if (!horaInicio) return { titulo, motivo: mensajesFuentes.permanenteSinHorario };
    const inicio = enMadridDia(Math.max(desde.dia, hoy.dia - 1), horaInicio);
    return { ...comunes, ...segunRegla(inicio, duracionEntre(horaInicio, horaFin), diaria(null)) };
  }
  if (!horaInicio)
    return {
      ...comunes,
      inicio: enMadridDia(desde.dia),
      fin: enMadridDia(diaFin + 1),
      todoElDia: true,
      regla: null,
      ocurrencias: null,
    };
  const duracion = duracionEntre(horaInicio, horaFin);
  const inicio = enMadridDia(desde.dia, horaInicio);
  if (diaFin === desde.dia)
    return {
      ...comunes,
      inicio,
      fin: duracion === null ? null : new Date(inicio.getTime() + duracion),
      todoElDia: false,
      regla: null,
      ocurrencias: null,
    };
  // Several days at one time: every day of them, as dated events (or, longer than an event may
  // last, one span that the mapping makes an experience).
  if (diaFin - desde.dia > DURACION_EVENTO_MAX_DIAS)
    return {
      ...comunes,
      inicio,
      fin: enMadridDia(diaFin, horaFin ?? "23:59"),
      todoElDia: false,
      regla: null,
      ocurrencias: null,
    };
  return { ...comunes, ...segunRegla(inicio, duracion, diaria(enMadridDia(diaFin, "23:59"))) };
}

/** Every day, up to `hasta` (inclusive) or with no end. */
const diaria = (hasta: Date | null): Regla => ({
  frecuencia: "DAILY",
  intervalo: 1,
  dias: [],
  hasta,
  cuenta: null,
  simple: true,
});

/** The records of an answer when it is this agenda's: shaped as its pages, its first record with the agenda's own fields. */
function registrosDe(def: DefinicionAgenda, json: unknown): Registro[] | null {
  const lista = json === undefined ? null : def.registros(json);
  if (!lista) return null;
  const registros = lista.map(objeto);
  if (registros.length && !def.marcas.every((m) => valor(registros[0], m) !== undefined)) return null;
  return registros;
}

const entero = (v: string | null): number | null => (v !== null && /^\d+$/.test(v) ? Number(v) : null);

/** The address of the page after this one (which held `recibidos` records), or null when this was the last. */
export function siguientePagina(def: DefinicionAgenda, url: string, json: unknown, recibidos: number): string | null {
  if (recibidos === 0) return null;
  const u = new URL(url);
  if (def.paginadaEn && !def.paginadaEn.test(u.pathname)) return null;
  const p = def.paginacion;
  if (p.por === "desplazamiento") {
    const desde = entero(u.searchParams.get(p.desplazamiento)) ?? 0;
    const tamano = entero(u.searchParams.get(p.limite)) ?? p.tamano;
    const siguiente = desde + recibidos;
    const total = p.total?.(json) ?? null;
    if (total !== null && siguiente >= total) return null;
    if (p.maximo !== undefined && siguiente + Math.min(tamano, p.maximo) > p.maximo) return null;
    u.searchParams.set(p.desplazamiento, String(siguiente));
    u.searchParams.set(p.limite, String(tamano));
    return u.href;
  }
  if (p.por === "pagina") {
    const actual = entero(u.searchParams.get(p.pagina)) ?? p.primera;
    const total = p.totalPaginas(json);
    if (total !== null && actual - p.primera + 1 >= total) return null;
    u.searchParams.set(p.pagina, String(actual + 1));
    return u.href;
  }
  const ruta = new RegExp(`/${p.inicio}/(\\d+)/${p.fin}/(\\d+)`);
  const m = ruta.exec(u.pathname);
  const ini = m ? Number(m[1]) : 1;
  const fin = m ? Number(m[2]) : p.tamano;
  const tamano = Math.max(1, fin - ini + 1);
  const siguiente = ini + recibidos;
  const tramo = `/${p.inicio}/${siguiente}/${p.fin}/${siguiente + tamano - 1}`;
  u.pathname = m ? u.pathname.replace(ruta, tramo) : u.pathname.replace(/\/?$/, tramo);
  return u.href;
}

/** An agenda's declaration as an adapter of the sync. */
export function definirAgenda(def: DefinicionAgenda): Adaptador {
  const leerPagina = (t: string, ctx: ContextoLectura): PaginaLeida => {
    const json = leerJson(t);
    const registros = registrosDe(def, json);
    if (!registros) throw new FormatoNoValido(mensajesFuentes.paginaNoValida(def.etiqueta));
    const items: ItemFuente[] = [];
    const descartados: Descarte[] = [];
    for (const r of registros) {
      const leido = item(r, def, ctx);
      if ("motivo" in leido) descartados.push(leido);
      else items.push(leido);
    }
    return { items, descartados, siguiente: siguientePagina(def, ctx.url, json, registros.length) };
  };
  return {
    tipo: def.tipo,
    etiqueta: def.etiqueta,
    tiposMime: ["application/json", "text/json"],
    reconoce(t, url) {
      if (!url || !def.ruta.test(new URL(url).pathname)) return false;
      return registrosDe(def, leerJson(t)) !== null;
    },
    leer: (t, ctx) => leerPagina(t, ctx).items,
    leerPagina,
    paginada: true,
    acotar(url, ahora) {
      if (!def.acotar) return url;
      const u = new URL(url);
      if (def.paginadaEn && !def.paginadaEn.test(u.pathname)) return url;
      const d = new Date(ahora.getTime() - DIA_MS);
      def.acotar(u, new Date(numeroDiaMadrid(d.getTime()) * DIA_MS).toISOString().slice(0, 10));
      return u.href;
    },
  };
}
