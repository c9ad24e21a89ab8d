import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { diaEnMadrid, instanteEnMadrid, proximaMedianocheMadrid, sumarDias } from "../dates";
import { readDb, withOneReadDb } from "../db";
import { ApiError } from "../http";
import { conDatos, mensajes } from "../messages";
import { organizacionParaFeed } from "../organizaciones/organizaciones";
import { organizacionPath } from "../organizaciones/paths";
import { site } from "../site";
import { atomPlanes } from "./atom";
import { FEED_DIAS, FEED_MAX_AGE_S, FEED_MAX_PLANES } from "../plans/constants";
import { consultaFeed, urlsFeedBusqueda, urlsFeedOrganizacion } from "./feed-url";
import { calendarioPlanes } from "./ics";
import { cacheControlPublico, POLITICA_FEED } from "../paginas-publicas/politica";
import { serializePlan, type PlanRow } from "../plans/plan";
import { conFechas } from "../plans/queries";
import { busquedaSchema, type Busqueda } from "../busqueda/schemas";
import { buscarPlanesFeed, versionBusquedaConFecha } from "../busqueda/buscar";
import { leerEstado, OPCIONES_FECHA, urlBusqueda, ventanaDeEstado, type EstadoBusqueda } from "../busqueda/estado";

/**
 * The calendar (ICS, RFC 5545) and Atom (RFC 4287) feeds of a search and of an organization:
 * other views of the same search (lib/busqueda/buscar.ts) and of the organization page's plans,
 * bounded to the next FEED_DIAS days and FEED_MAX_PLANES plans. Each answer carries an ETag made
 * of the search version, the Madrid day (the window moves daily) and the feed's parameters, and a
 * Last-Modified (when the version last moved on, or the day began): a client polling with
 * If-None-Match or If-Modified-Since costs one tiny read of the version (304), never a search.
 */

export type FormatoFeed = "ics" | "atom";

const TIPOS: Record<FormatoFeed, string> = {
  ics: "text/calendar; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
};

/** The feed window: from today's start in Madrid to the end of the FEED_DIAS-th day after it. */
export function ventanaFeed(ahora = new Date()): { desde: Date; hasta: Date } {
  const hoy = diaEnMadrid(ahora);
  return {
    desde: instanteEnMadrid(hoy, "00:00"),
    hasta: new Date(instanteEnMadrid(sumarDias(hoy, FEED_DIAS + 1), "00:00").getTime() - 1),
  };
}

/** The home search's own date parameters, strictly: a feed refuses what the home page would ignore. */
const fechaFeedSchema = z
  .object({
    fecha: z.enum(OPCIONES_FECHA, mensajes.feedFechaNoValida).optional(),
    desplazamiento: z
      .string()
      .regex(/^\d{1,3}$/, mensajes.feedFechaNoValida)
      .transform(Number)
      .pipe(z.number().max(120, mensajes.feedFechaNoValida))
      .optional(),
    desde: z.iso.date(mensajes.fechasFiltroNoValidas).optional(),
    hasta: z.iso.date(mensajes.fechasFiltroNoValidas).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.fecha === "rango" && (!f.desde || !f.hasta))
      ctx.addIssue({ code: "custom", message: mensajes.fechasFiltroNoValidas });
  });

/** A search feed's request, parsed: the search to run (null: its window is past the feed's), its state and key. */
export interface PeticionFeedBusqueda {
  busqueda: Busqueda | null;
  estado: EstadoBusqueda;
  /** The canonical query string: the ETag's part that tells one search from another. */
  clave: string;
}

/**
 * A search feed's parameters: exactly the home search's (the place, radius, date option and
 * every filter and order of lib/busqueda/registro.ts; page and vista are ignored),
 * checked as strictly as GET /api/plan checks its own (a ZodError → 400 in Spanish), with the
 * date option's window cut to the feed's.
 */
export function peticionFeedBusqueda(params: Record<string, string>, ahora = new Date()): PeticionFeedBusqueda {
  fechaFeedSchema.parse({
    fecha: params.fecha || undefined,
    desplazamiento: params.desplazamiento || undefined,
    desde: params.desde || undefined,
    hasta: params.hasta || undefined,
  });
  const estado = leerEstado({ ...params, page: undefined, vista: undefined });
  // The strict checks above passed, so the tolerant reader keeps every date value as given.
  const feed = ventanaFeed(ahora);
  const pedida = ventanaDeEstado(estado, ahora);
  const desde = pedida && pedida.desde > feed.desde ? pedida.desde : feed.desde;
  const hasta = pedida && pedida.hasta < feed.hasta ? pedida.hasta : feed.hasta;
  const vacia = desde > hasta;
  // Every filter of the registry as the API reads it; the window is the feed's.
  const busqueda = busquedaSchema.parse({
    ...params,
    page: undefined,
    limit: undefined,
    fechaInicioFiltro: (vacia ? feed.desde : desde).toISOString(),
    fechaFinFiltro: (vacia ? feed.hasta : hasta).toISOString(),
  });
  // The API's reading wins where it is wider than the home's (a radius with decimals).
  estado.radio = busqueda.radio;
  return { busqueda: vacia ? null : busqueda, estado, clave: consultaFeed(estado) };
}

/** A feed's content before it is written as ICS or Atom. */
interface ContenidoFeed {
  titulo: string;
  /** The page the feed is a view of (Atom's alternate link). */
  pagina: string;
  /** The feed's own URL in this format (Atom's self link and id, the calendar's SOURCE). */
  urls: { ics: string; atom: string };
  filas: readonly PlanRow[];
}

/** Soonest first: an event by its start, an experience by its own start (or publication). */
function porFecha(a: PlanRow, b: PlanRow): number {
  const fa = (a.fecha_inicio ?? a.fecha_creacion).getTime();
  const fb = (b.fecha_inicio ?? b.fecha_creacion).getTime();
  return fa - fb || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

async function escribir(formato: FormatoFeed, c: ContenidoFeed, modificado: Date): Promise<string> {
  const filas = [...c.filas].sort(porFecha);
  if (formato === "ics") {
    // An event of several dates is a VEVENT per date.
    const fechas = new Map((await conFechas(filas, await readDb())).map((f) => [f.id, f.fechas]));
    return calendarioPlanes(filas.map(serializePlan), { nombre: c.titulo, url: c.urls.ics, ahora: modificado }, (id) =>
      fechas.get(id),
    );
  }
  return atomPlanes({
    titulo: c.titulo,
    id: c.urls.atom,
    self: c.urls.atom,
    alternate: c.pagina,
    actualizado: modificado,
    entradas: filas.map((f) => ({ plan: serializePlan(f), actualizado: f.fecha_actualizacion ?? f.fecha_creacion })),
  });
}

/** Whether the client's copy is current (RFC 9110 §13.1: If-None-Match wins over If-Modified-Since). */
function noModificado(request: Request, etag: string, modificado: Date): boolean {
  const inm = request.headers.get("if-none-match");
  if (inm !== null) {
    return inm
      .split(",")
      .map((t) => t.trim().replace(/^W\//, ""))
      .some((t) => t === "*" || t === etag);
  }
  const ims = Date.parse(request.headers.get("if-modified-since") ?? "");
  return Number.isFinite(ims) && modificado.getTime() <= ims;
}

/**
 * Answers a feed: 304 when the client's ETag or date is current (one read of the search
 * version, nothing else), else the feed built by `cargar` (404 when it says null).
 */
export function responderFeed(
  request: Request,
  formato: FormatoFeed,
  clave: string,
  cargar: () => Promise<ContenidoFeed | null>,
  ahora = new Date(),
): Promise<Response> {
  return withOneReadDb(async () => {
    const { version, cambiada } = await versionBusquedaConFecha();
    const hoy = diaEnMadrid(ahora);
    const inicioDia = instanteEnMadrid(hoy, "00:00");
    // Whole seconds: HTTP dates have no fraction, and If-Modified-Since compares to this.
    const modificado = new Date(Math.floor(Math.max(cambiada.getTime(), inicioDia.getTime()) / 1000) * 1000);
    const huella = createHash("sha256")
      .update([version, `${hoy.year}-${hoy.month}-${hoy.day}`, formato, clave].join("|"))
      .digest("base64url")
      .slice(0, 27);
    const headers = new Headers({
      ETag: `"${huella}"`,
      "Last-Modified": modificado.toUTCString(),
      // Until Madrid's midnight at most: the feed's days move on then.
      "Cache-Control": cacheControlPublico(POLITICA_FEED, proximaMedianocheMadrid(ahora.getTime()), ahora.getTime(), {
        maxAge: FEED_MAX_AGE_S,
      }),
    });
    if (noModificado(request, `"${huella}"`, modificado)) return new Response(null, { status: 304, headers });
    const contenido = await cargar();
    if (!contenido) throw new ApiError(404, mensajes.orgNoEncontrada);
    headers.set("Content-Type", TIPOS[formato]);
    return new Response(await escribir(formato, contenido, modificado), { status: 200, headers });
  });
}

/** GET /calendario.ics and /feed.atom: the feed of a search with the home page's parameters. */
export async function feedBusqueda(request: Request, formato: FormatoFeed): Promise<Response> {
  const ahora = new Date();
  const { busqueda, estado, clave } = peticionFeedBusqueda(
    Object.fromEntries(new URL(request.url).searchParams),
    ahora,
  );
  const base = site().url;
  return responderFeed(
    request,
    formato,
    clave,
    async () => ({
      titulo: conDatos(mensajes.feedTituloBusqueda, { lugar: estado.municipio ?? mensajes.feedLugarPunto }),
      pagina: `${base}${urlBusqueda({ ...estado, page: 1, vista: "lista" })}`,
      urls: urlsFeedBusqueda(estado, base),
      filas: busqueda ? await buscarPlanesFeed(busqueda, FEED_MAX_PLANES) : [],
    }),
    ahora,
  );
}

/** GET /org/{nombre}/{id}/calendario.ics and …/feed.atom: an organization's plans of the next FEED_DIAS days. */
export async function feedOrganizacion(request: Request, formato: FormatoFeed, id: string): Promise<Response> {
  const ahora = new Date();
  const base = site().url;
  return responderFeed(
    request,
    formato,
    `org:${id}`,
    async () => {
      const datos = await organizacionParaFeed(id, ventanaFeed(ahora).hasta, FEED_MAX_PLANES);
      if (!datos) return null;
      return {
        titulo: conDatos(mensajes.feedTituloOrganizacion, { organizacion: datos.org.nombre }),
        pagina: `${base}${organizacionPath(datos.org.nombre, datos.org._id)}`,
        urls: urlsFeedOrganizacion(datos.org, base),
        filas: datos.filas,
      };
    },
    ahora,
  );
}
