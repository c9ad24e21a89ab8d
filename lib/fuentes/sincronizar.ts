import { createHash, randomUUID } from "node:crypto";
import { instanteLocalMadrid, numeroDiaMadrid } from "../dates";
import { prisma } from "../db";
import { env } from "../env";
import { Prisma } from "../generated/prisma/client";
import { nomenclatorMunicipios } from "../geo/municipios";
import { distanciaKm, type MunicipioConRuta } from "../geo/slug";
import { ImageRejected, storeImage, type StoredImage } from "../media/images";
import { MAX_IMAGE_BYTES } from "../media/image-types";
import { removeImageFiles, writeWithImage } from "../media/upload";
import { storage } from "../media/storage";
import { IDIOMA_POR_DEFECTO } from "../idiomas";
import { DESCRIPCION_MAX, DIRECCION_MAX, primerErrorPlan } from "../plans/input";
import type { DatosPlan } from "../plans/plan";
import { escribirHorarios, escribirHorariosNuevos } from "../plans/mutations";
import { actualizarFilaPlan, escribirFechas, escribirFechasNuevas, insertarPlanes } from "../plans/queries";
import { conIdsDe, type FechaPlan } from "../plans/fechas";
import { fusionarPlanes } from "../plans/fusion";
import { normalizar } from "../busqueda/palabras";
import { ADAPTADORES, adaptadorDelTipo } from "./adaptadores";
import { DescargaRechazada, descargar, textoDe, type OpcionesDescarga } from "../net/descarga";
import { detectarTipo } from "./detectar";
import { FormatoNoValido } from "./errores";
import { dibujarCartelesPendientes } from "./carteles";
import { NOMBRE_CARTEL_GENERADO } from "../plans/cartel";
import { mismoEvento } from "./duplicados";
import { buscadorDeMunicipios, lugarFueraDeEspana } from "./lugar";
import { itemLimpio } from "./limpieza";
import { acortar, fechasDentro, planesDeItem } from "./mapeo";
import { mensajesFuentes } from "./mensajes";
import type { Adaptador, ItemFuente, Lugar, PaginaLeida, PlanImportado } from "./tipos";
import { mensajes } from "../messages";

/** What one sync did, as the back-office and POST /api/gestion/fuentes/{id}/sincronizar show it. */
export interface ResultadoSincronizacion {
  creados: number;
  actualizados: number;
  retirados: number;
  sinCambios: number;
  /** The items left out, each once, with why (an item whose plans were all left out gives its first plan's reason). */
  descartados: { titulo: string; motivo: string }[];
  /** Items and records the answer held (what an agenda's pages held), and how many of the new ones were linked to a plan already here. */
  leidos?: number;
  /**
   * What became of each item read, adding up to `leidos`: new (a plan made or linked), changed
   * (a plan updated or retired), unchanged, already over (no plan to show) and left out (as many
   * as `descartados`). The figures above count plans: a show of three items makes one.
   */
  items?: { nuevos: number; cambiados: number; sinCambios: number; pasados: number; descartados: number };
  vinculados?: number;
  error?: string;
  /** The source has more upcoming plans than this: the soonest this many were brought. */
  limite?: number;
}

export interface OpcionesSincronizacion {
  ahora?: Date;
  /** The fetcher's options (an injected resolver in tests). */
  descarga?: Pick<OpcionesDescarga, "resolver" | "conectar" | "permitirLoopback" | "timeoutMs" | "maxBytes">;
  maxPlanes?: number;
  /**
   * Draws the posters of the source's new plans without an image (up to a batch) before letting
   * the source go, so that a sync that has finished has them; true by default. The rest are
   * drawn by `npm run fuentes:sincronizar`'s queue.
   */
  carteles?: boolean;
}

/** How long a run may hold a source before another run may take it over (a crashed run lets go by itself). */
const ARRIENDO = Prisma.sql`interval '15 minutes'`;
/** Items more than this far ahead are not brought (the feeds' and the calendar's horizon). */
const DIAS_ADELANTE = 366;
/** The most pages one sync reads of an agenda (a server that never says it has finished stops here). */
const MAX_PAGINAS = 1000;
/** The most upcoming plans one regional agenda brings (a calendar's cap is SOURCES_MAX_PLANS). */
export const MAX_PLANES_AGENDA = 25_000;
/** New plans with no poster to fetch are written this many to a transaction (one INSERT each table). */
const POR_LOTE = 250;

type FuenteFila = {
  id: string;
  url: string;
  tipo: string;
  usuario_id: string;
  organizacion_id: string | null;
  categorias: string[];
  municipio_ine: string | null;
  publicacion: "directa" | "revision";
  intervalo_minutos: number;
  etag: string | null;
  last_modified: string | null;
};

type ItemFila = {
  clave: string;
  plan_id: string | null;
  vinculado: boolean;
  huella: string;
  imagen_url: string | null;
  pendiente: boolean;
  visible: boolean | null;
  oculto_motivo: string | null;
  editado_por_duena: boolean | null;
  archivo_cartel_id: string | null;
  /** The poster's file name: NOMBRE_CARTEL_GENERADO for one drawn here. */
  cartel_nombre: string | null;
  terminado: boolean | null;
  /** How many dates its plan has when several (0 for one). */
  fechas_varias: number | null;
  /** Its plan was created by this sync (a show whose days came on two pages is written again). */
  nueva?: boolean;
};

/** A plan ready to be written: its data, where its poster comes from, and the hash of both. */
interface Preparado {
  clave: string;
  datos: DatosPlan;
  ine: string;
  imagen: string | null;
  url: string | null;
  huella: string;
  cancelado: boolean;
  diaInicio: number | null;
  /** The Madrid days its dates start on (its start's alone for a plan of one date). */
  dias: number[];
  /** Keys of plans an earlier import made of what is now this one. */
  anteriores: string[];
  /** Where the plan is and its town's name: what a listing of another source is compared with. */
  punto: { lat: number; lng: number };
  municipio: string;
}

const resultadoVacio = (): ResultadoSincronizacion => ({
  creados: 0,
  actualizados: 0,
  retirados: 0,
  sinCambios: 0,
  descartados: [],
});

/**
 * Takes the source for this run, or answers null when another run holds it: the lease is one
 * conditional UPDATE, so two runs (two instances, the cron and the button) never sync one source
 * at once, and a run that died lets go after 15 minutes.
 */
async function tomar(id: string): Promise<FuenteFila | null> {
  const [f] = await prisma.$queryRaw<FuenteFila[]>`
    UPDATE fuente SET sincronizando_hasta = now() + ${ARRIENDO}
    WHERE id = ${id}::uuid AND eliminada_en IS NULL AND (sincronizando_hasta IS NULL OR sincronizando_hasta < now())
    RETURNING id, url, tipo, usuario_id, organizacion_id, categorias::text[] AS categorias, municipio_ine,
              publicacion::text AS publicacion, intervalo_minutos, etag, last_modified`;
  return f ?? null;
}

async function soltar(
  f: FuenteFila,
  resultado: ResultadoSincronizacion,
  cambios: { tipo?: string; etag?: string | null; lastModified?: string | null } = {},
): Promise<void> {
  await prisma.$executeRaw`
    UPDATE fuente SET sincronizando_hasta = NULL, sincronizada_en = now(),
      proxima_en = now() + make_interval(mins => intervalo_minutos),
      resultado = ${JSON.stringify(resultado)}::jsonb,
      tipo = ${cambios.tipo ?? f.tipo},
      etag = ${cambios.etag === undefined ? f.etag : cambios.etag},
      last_modified = ${cambios.lastModified === undefined ? f.last_modified : cambios.lastModified}
    WHERE id = ${f.id}::uuid`;
}

const huella = (p: unknown) => createHash("sha256").update(JSON.stringify(p)).digest("hex");

/** An imported plan's data as the plan rules read it, in the town its place names; or why it is discarded. */
function preparar(
  p: PlanImportado,
  municipio: MunicipioConRuta | null,
  f: FuenteFila,
  ahora: Date,
  fueraDeEspana: (lugar: Lugar) => boolean,
): Preparado | { motivo: string } {
  if (!municipio || municipio.lat === null || municipio.lng === null)
    return { motivo: fueraDeEspana(p.lugar) ? mensajesFuentes.fueraDeEspana : mensajesFuentes.sinMunicipio };
  // A town's centre that an agenda gives as the place found the town; the plan shows the gazetteer's.
  const conPunto = p.lugar.lat !== null && p.lugar.lng !== null && !p.lugar.puntoDelPueblo;
  const categorias = p.categorias.length > 0 ? p.categorias : f.categorias.length > 0 ? f.categorias : ["Otros"];
  const direccion = p.lugar.direccion ?? p.lugar.texto ?? municipio.nombre;
  const varias = p.fechas && p.fechas.length > 1 ? p.fechas : undefined;
  const datos: DatosPlan = {
    titulo: p.titulo,
    descripcion: acortar(p.descripcion, DESCRIPCION_MAX, { saltos: true }),
    tipo: p.tipo,
    categorias: [...new Set(categorias)] as DatosPlan["categorias"],
    direccion: acortar(direccion, DIRECCION_MAX) || municipio.nombre,
    municipio: municipio.nombre,
    ubicacion: conPunto ? { lat: p.lugar.lat!, lng: p.lugar.lng! } : { lat: municipio.lat, lng: municipio.lng },
    fechaInicio: p.fechaInicio,
    fechaFin: p.fechaFin,
    ...(varias ? { fechas: varias } : {}),
    horariosDisponibles: p.horarios,
    precio: p.gratis ? 0 : p.precio,
    organizacionId: f.organizacion_id,
    emailContacto: null,
    telefonoContacto: null,
    enlaceWebExterior: null,
    idioma: p.idioma ?? IDIOMA_POR_DEFECTO,
    textos: Object.fromEntries(
      Object.entries(p.textos ?? {}).map(([i, t]) => [
        i,
        { titulo: t.titulo, descripcion: acortar(t.descripcion, DESCRIPCION_MAX, { saltos: true }) },
      ]),
    ),
  };
  const error = primerErrorPlan(datos, { modo: "crear", conCartel: true, ahora: ahora.getTime() });
  if (error) return { motivo: error };
  return {
    clave: p.clave,
    datos,
    ine: municipio.ine,
    imagen: p.imagen,
    url: p.url,
    cancelado: p.cancelado,
    huella: huella({ datos, ine: municipio.ine, imagen: p.imagen, url: p.url }),
    diaInicio: p.fechaInicio ? numeroDiaMadrid(p.fechaInicio.getTime()) : null,
    dias: varias
      ? [...new Set(varias.map((x) => numeroDiaMadrid(x.inicio.getTime())))]
      : p.fechaInicio
        ? [numeroDiaMadrid(p.fechaInicio.getTime())]
        : [],
    anteriores: p.anteriores ?? [],
    punto: datos.ubicacion!,
    municipio: municipio.nombre,
  };
}

/** An item's poster: its image fetched through the safe fetcher and stored like an upload; null when it has none that works. */
async function cartel(
  url: string | null,
  descargas: Map<string, Promise<Buffer | null>>,
  opciones: OpcionesSincronizacion,
): Promise<StoredImage | null> {
  if (!url) return null;
  let bytes = descargas.get(url);
  if (!bytes) {
    bytes = descargar(url, { ...opciones.descarga, maxBytes: MAX_IMAGE_BYTES, accept: "image/png,image/jpeg" }).then(
      (r) => (r.estado === 200 ? r.cuerpo : null),
      () => null,
    );
    descargas.set(url, bytes);
  }
  const cuerpo = await bytes;
  if (!cuerpo) return null;
  try {
    return await storeImage(storage(), "carteles", new URL(url).pathname.split("/").pop() || "cartel", cuerpo);
  } catch (error) {
    if (error instanceof ImageRejected) return null;
    throw error;
  }
}

/**
 * Syncs one source: fetches it (one conditional request when it has not changed), reads it with
 * the adapter of the kind its answer is, and creates, updates and retires its plans. Each plan
 * is written in its own transaction with its item's row, so a failure leaves no half-written
 * plan and the next sync picks up where this one stopped. Returns null when another run holds
 * the source.
 */
export async function sincronizarFuente(
  id: string,
  opciones: OpcionesSincronizacion = {},
): Promise<ResultadoSincronizacion | null> {
  const f = await tomar(id);
  return f && sincronizarYSoltar(f, opciones);
}

/**
 * Takes the source now for a sync that starts later: a new source's first sync runs after the
 * answer that created it, and meanwhile its screens already say it is syncing, as it is. Null
 * when another run holds it.
 */
export async function reservarSincronizacion(
  id: string,
): Promise<((opciones?: OpcionesSincronizacion) => Promise<ResultadoSincronizacion>) | null> {
  const f = await tomar(id);
  return f && ((opciones = {}) => sincronizarYSoltar(f, opciones));
}

/** A run of a source it holds; it lets the source go with its result, whatever happens. */
async function sincronizarYSoltar(f: FuenteFila, opciones: OpcionesSincronizacion): Promise<ResultadoSincronizacion> {
  const resultado = resultadoVacio();
  try {
    const cambios = await sincronizarTomada(f, resultado, opciones);
    if (opciones.carteles ?? true) await dibujarCartelesPendientes({ fuenteId: f.id });
    await soltar(f, resultado, cambios);
  } catch (error) {
    resultado.error =
      error instanceof DescargaRechazada || error instanceof FormatoNoValido
        ? error.message
        : mensajesFuentes.errorInesperado;
    if (!(error instanceof DescargaRechazada || error instanceof FormatoNoValido))
      console.error("[fuentes] error al sincronizar", f.id, error);
    await soltar(f, resultado);
  }
  return resultado;
}

/** What one sync carries from page to page. */
interface Sincronizacion {
  f: FuenteFila;
  resultado: ResultadoSincronizacion;
  opciones: OpcionesSincronizacion;
  ahora: Date;
  /** Plans starting after this (ms) are not brought. */
  horizonte: number;
  /** The cap of upcoming plans, and how many the pages read so far brought. */
  max: number;
  llevados: number;
  /** Every key the source still lists, those beyond the cap too: those plans are not "gone". */
  presentes: Set<string>;
  existentes: Map<string, ItemFila>;
  municipio: (lugar: Lugar) => MunicipioConRuta | null;
  /** Whether a place that names no town is abroad (only asked of those). */
  fueraDeEspana: (lugar: Lugar) => boolean;
  /** Whether items that are one show on several days are made one plan (a regional agenda's). */
  agrupar: boolean;
  /** Each show seen so far in this sync, by claveFuncion, while one item has made it: its key and dates. */
  funciones: Map<string, { clave: string; fechas: FechaPlan[]; anteriores: string[] }>;
  /** Shows of several items, written once every page is read (a show's days may be on two pages). */
  diferidas: Map<string, Diferida>;
  /** The plan table's rows as PostgreSQL last counted them, and this sync's created plans then (estadisticasAlDia). */
  filasContadas: number;
  creadosAlContar: number;
}

/** A show of several items held to the end of the sync: its items' keys and dates, and what it makes. */
interface Diferida {
  /**
   * The shared data: of the held item that starts last. The show's last day is always among the
   * items held (days before a page's end may have been written already), so every sync takes
   * the same one and an unchanged show is left as it is.
   */
  plan: PlanImportado;
  claves: string[];
  fechas: FechaPlan[];
  anteriores: string[];
  /** Its items' titles (what a discard is named by) and outcomes. */
  items: { item: Pick<ItemFuente, "titulo">; desenlaces: Desenlace[] }[];
}

async function sincronizarTomada(
  f: FuenteFila,
  resultado: ResultadoSincronizacion,
  opciones: OpcionesSincronizacion,
): Promise<{ tipo?: string; etag?: string | null; lastModified?: string | null }> {
  const ahora = opciones.ahora ?? new Date();
  const lectura = await leerPrimera(f, ahora, opciones);
  if (!lectura) {
    const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM fuente_item WHERE fuente_id = ${f.id}::uuid AND plan_id IS NOT NULL`;
    resultado.sinCambios = n;
    return {};
  }
  const { adaptador, validadores } = lectura;
  const nomenclator = await nomenclatorMunicipios();
  const filas = await prisma.$queryRaw<ItemFila[]>`
    SELECT i.clave, i.plan_id, i.vinculado, i.huella, i.imagen_url, i.pendiente,
           p.visible, p.oculto_motivo, p.editado_por_duena, p.archivo_cartel_id, a.nombre AS cartel_nombre,
           (p.fecha_fin IS NOT NULL AND p.fecha_fin < ${ahora}) AS terminado, p.fechas_varias::int AS fechas_varias
    FROM fuente_item i LEFT JOIN plan p ON p.id = i.plan_id LEFT JOIN archivo a ON a.id = p.archivo_cartel_id
    WHERE i.fuente_id = ${f.id}::uuid`;
  const s: Sincronizacion = {
    f,
    resultado,
    opciones,
    ahora,
    horizonte: ahora.getTime() + DIAS_ADELANTE * 86_400_000,
    max: opciones.maxPlanes ?? (adaptador.paginada ? MAX_PLANES_AGENDA : env().SOURCES_MAX_PLANS),
    llevados: 0,
    presentes: new Set(),
    existentes: new Map(filas.map((r) => [r.clave, r])),
    municipio: buscadorDeMunicipios(
      nomenclator,
      f.municipio_ine ? (nomenclator.porIne.get(f.municipio_ine) ?? null) : null,
    ),
    fueraDeEspana: (lugar) => lugarFueraDeEspana(nomenclator, lugar),
    agrupar: Boolean(adaptador.paginada),
    funciones: new Map(),
    diferidas: new Map(),
    filasContadas: await filasContadasDePlan(),
    creadosAlContar: 0,
  };
  resultado.leidos = 0;
  resultado.vinculados = 0;
  resultado.items = { nuevos: 0, cambiados: 0, sinCambios: 0, pasados: 0, descartados: 0 };

  // An agenda is synced page by page, each fetched once the one before is written, so that a
  // sync holds one page whatever the agenda's size. A page that cannot be fetched or read ends
  // the reading with the error in the result: what was read is synced, and nothing is retired,
  // as an unread page may still hold it.
  let pagina: PaginaLeida | null = lectura.primera;
  let completa = true;
  const vistas = new Set([lectura.url]);
  for (let n = 2; pagina; n++) {
    resultado.leidos += pagina.items.length + pagina.descartados.length;
    resultado.descartados.push(...pagina.descartados);
    resultado.items.descartados += pagina.descartados.length;
    const siguiente = pagina.siguiente;
    await sincronizarPagina(pagina.items, s);
    await estadisticasAlDia(s);
    pagina = null;
    if (!siguiente || vistas.has(siguiente) || n > MAX_PAGINAS) break;
    vistas.add(siguiente);
    try {
      pagina = adaptador.leerPagina!(textoDe(await descargar(siguiente, opciones.descarga)), { url: siguiente, ahora });
    } catch (error) {
      if (!(error instanceof DescargaRechazada || error instanceof FormatoNoValido)) throw error;
      resultado.error = mensajesFuentes.paginaFallida(n, error.message);
      completa = false;
    }
  }

  // The shows of several items, once every page has brought its days.
  if (s.diferidas.size > 0) await escribirDiferidas(s);

  // Items the source no longer lists, whose plans have not ended: retired (only after reading every page).
  for (const fila of completa ? filas : []) {
    if (s.presentes.has(fila.clave) || !fila.plan_id || fila.vinculado || fila.editado_por_duena || fila.terminado)
      continue;
    if (await retirar(fila.plan_id)) resultado.retirados++;
  }
  return { tipo: adaptador.tipo, ...validadores };
}

/** The plan table's rows in PostgreSQL's statistics (-1: never counted). */
async function filasContadasDePlan(): Promise<number> {
  const [{ filas }] = await prisma.$queryRaw<{ filas: number }[]>`
    SELECT reltuples::float8 AS filas FROM pg_class WHERE oid = 'plan'::regclass`;
  return filas;
}

/**
 * PostgreSQL plans a foreign key's check once per connection, from the referenced table's
 * statistics. Counted when the plan table was (nearly) empty, as on a new site, every check of the
 * rows a sync inserts (its items, its dates) then reads the whole plan table, and a first sync of
 * 25,000 items took six times as long. Once a sync has created more plans than the table had when
 * last counted, the table is counted again (ANALYZE, which also replans those checks); on a site
 * with plans it never is.
 */
async function estadisticasAlDia(s: Sincronizacion): Promise<void> {
  const creados = s.resultado.creados - s.creadosAlContar;
  if (s.filasContadas < 0 || creados <= Math.max(s.filasContadas, POR_LOTE)) return;
  await prisma.$executeRawUnsafe("ANALYZE plan");
  s.filasContadas = await filasContadasDePlan();
  s.creadosAlContar = s.resultado.creados;
}

/**
 * The source's answer, read: the adapter of the kind it is and its first page (a calendar or a
 * page of schema.org events is all one page), with the validators for the next conditional
 * request; null when it answered 304. An agenda is asked from its address narrowed to upcoming
 * items, and never conditionally: an unchanged first page says nothing of the others.
 */
async function leerPrimera(
  f: FuenteFila,
  ahora: Date,
  opciones: OpcionesSincronizacion,
): Promise<{
  adaptador: Adaptador;
  primera: PaginaLeida;
  url: string;
  validadores: { etag: string | null; lastModified: string | null };
} | null> {
  const conocido = adaptadorDelTipo(f.tipo);
  const paginada = conocido?.paginada ?? false;
  const respuesta = await descargar(paginada && conocido?.acotar ? conocido.acotar(f.url, ahora) : f.url, {
    ...opciones.descarga,
    etag: paginada ? null : f.etag,
    lastModified: paginada ? null : f.last_modified,
  });
  if (respuesta.estado === 304) return null;
  const texto = textoDe(respuesta);
  const adaptador = detectarTipo({ contentType: respuesta.contentType, texto, url: respuesta.url }, ADAPTADORES);
  if (!adaptador) throw new FormatoNoValido(mensajesFuentes.formatoNoReconocido);
  const ctx = { url: respuesta.url, ahora };
  return {
    adaptador,
    primera: adaptador.leerPagina
      ? adaptador.leerPagina(texto, ctx)
      : { items: adaptador.leer(texto, ctx), descartados: [], siguiente: null },
    url: respuesta.url,
    validadores:
      paginada || adaptador.paginada
        ? { etag: null, lastModified: null }
        : { etag: respuesta.etag, lastModified: respuesta.lastModified },
  };
}

/** A plan read, with the outcomes of the items it comes from (several for a show of several items). */
interface Importado {
  p: PlanImportado;
  de: Desenlace[][];
  /** The page's items it comes from, by their index (a plan of this page's). */
  items?: number[];
}

/**
 * One page's items: the plans they make, soonest first (a calendar is one page, so the cap keeps
 * its soonest; an agenda's pages count towards it in the order the agenda pages), created,
 * linked to a plan already here, updated, retired or left as they are. An agenda's shows of
 * several items are held to the end of the sync (agruparFunciones).
 */
async function sincronizarPagina(leidos: ItemFuente[], s: Sincronizacion): Promise<void> {
  const { resultado, ahora } = s;
  // A source's text passes the rule typed text does, cleaned rather than refused.
  const items = leidos.map(itemLimpio);
  // What became of each plan, by the item it came from: the item's own figure is the best of them.
  const desenlaces = items.map((): Desenlace[] => []);
  const importados: Importado[] = [];
  items.forEach((item, i) => {
    const { planes, descartado } = planesDeItem(item, ahora);
    if (descartado) desenlaces[i].push({ motivo: descartado });
    for (const p of planes) {
      if (p.fechaInicio && p.fechaInicio.getTime() > s.horizonte) {
        desenlaces[i].push({ motivo: mensajesFuentes.masDeUnAno });
        continue;
      }
      importados.push({ p, de: [desenlaces[i]], items: [i] });
    }
  });
  const retenidos = new Set<number>();
  const ya = s.agrupar ? agruparFunciones(importados, items, desenlaces, retenidos, s) : importados;
  await escribirPlanes(ya, s);
  items.forEach((item, i) => {
    if (!retenidos.has(i)) contarItem(item, desenlaces[i], resultado);
  });
}

/**
 * A show's key within its source: its title and place normalised (an agenda lists a play on
 * three days as three items, each with its own id). Null for what is no dated event, or is
 * cancelled (a cancelled day is its own item).
 */
function claveFuncion(p: PlanImportado): string | null {
  if (p.tipo !== "evento" || p.cancelado || !p.fechaInicio) return null;
  const l = p.lugar;
  const pueblo = l.ine ?? normalizar(l.municipio ?? "");
  const sitio = [normalizar(l.texto ?? l.direccion ?? ""), pueblo || `${l.lat},${l.lng}`].join("|");
  return `funcion:${createHash("sha256")
    .update(`${normalizar(p.titulo)}|${sitio}`)
    .digest("hex")
    .slice(0, 40)}`;
}

const fechasDe = (p: PlanImportado): FechaPlan[] =>
  p.fechas ?? [{ inicio: p.fechaInicio!, fin: p.fechaFin, titulo: null, direccion: null, ubicacion: null }];

/**
 * An agenda page's plans to write now: those of a show seen once so far. A show of several items
 * (on this page, with one of an earlier page, or a show that was one plan of several dates
 * already) is held in `s.diferidas` with its items' outcomes (`retenidos`: counted at the end).
 */
function agruparFunciones(
  importados: Importado[],
  items: ItemFuente[],
  desenlaces: Desenlace[][],
  retenidos: Set<number>,
  s: Sincronizacion,
): Importado[] {
  const ya: Importado[] = [];
  const porFuncion = new Map<string, Importado[]>();
  for (const imp of importados) {
    const clave = claveFuncion(imp.p);
    if (!clave) ya.push(imp);
    else {
      const lista = porFuncion.get(clave);
      if (lista) lista.push(imp);
      else porFuncion.set(clave, [imp]);
    }
  }
  for (const [clave, todos] of porFuncion) {
    const previa = s.funciones.get(clave);
    let d = s.diferidas.get(clave);
    // An item read already (paging showed it twice) is no other day of the show.
    const vistas = new Set(d ? d.claves : previa ? [previa.clave] : []);
    const lista: Importado[] = [];
    for (const imp of todos) {
      if (!vistas.has(imp.p.clave)) {
        vistas.add(imp.p.clave);
        lista.push(imp);
      } else for (const x of imp.de) x.push({ motivo: mensajesFuentes.repetido, titulo: imp.p.titulo });
    }
    if (lista.length === 0) continue;
    if (!d && !previa && lista.length === 1 && !s.existentes.has(clave)) {
      const { p } = lista[0];
      s.funciones.set(clave, { clave: p.clave, fechas: fechasDe(p), anteriores: p.anteriores ?? [] });
      ya.push(lista[0]);
      continue;
    }
    if (!d) {
      d = { plan: lista[0].p, claves: [], fechas: [], anteriores: [], items: [] };
      // An item of an earlier page made its plan already: merged into the show's at the end.
      if (previa) {
        d.claves.push(previa.clave);
        d.fechas.push(...previa.fechas);
        d.anteriores.push(...previa.anteriores);
        s.funciones.delete(clave);
      }
      s.diferidas.set(clave, d);
    }
    for (const { p, items: delItem } of lista) {
      const t = p.fechaInicio!.getTime() - d.plan.fechaInicio!.getTime();
      if (t > 0 || (t === 0 && p.clave > d.plan.clave)) d.plan = p;
      d.claves.push(p.clave);
      d.fechas.push(...fechasDe(p));
      d.anteriores.push(...(p.anteriores ?? []));
      for (const i of delItem ?? []) {
        if (retenidos.has(i)) continue;
        retenidos.add(i);
        d.items.push({ item: { titulo: items[i].titulo }, desenlaces: desenlaces[i] });
      }
    }
  }
  return ya;
}

/** The shows of several items: one plan each, with a date a day, keyed by the show; then their items counted. */
async function escribirDiferidas(s: Sincronizacion): Promise<void> {
  const importados: Importado[] = [];
  const retenidos: Diferida["items"] = [];
  for (const [clave, d] of s.diferidas) {
    const fechas = fechasDentro(d.fechas);
    // Its items are in the source: their own keys are no plan gone.
    for (const c of d.claves) s.presentes.add(c);
    retenidos.push(...d.items);
    importados.push({
      p: {
        ...d.plan,
        clave,
        fechaInicio: fechas[0].inicio,
        fechaFin: new Date(Math.max(...fechas.map((f) => (f.fin ?? f.inicio).getTime()))),
        fechas,
        anteriores: [...d.claves, ...d.anteriores],
      },
      de: d.items.map((i) => i.desenlaces),
    });
  }
  s.diferidas.clear();
  await escribirPlanes(importados, s);
  for (const { item, desenlaces } of retenidos) contarItem(item, desenlaces, s.resultado);
}

/** The plans read, written: created, linked, merged with what an earlier import split, updated, retired or left. */
async function escribirPlanes(lista: Importado[], s: Sincronizacion): Promise<void> {
  const { f, resultado, opciones, ahora } = s;
  lista.sort((a, b) => (a.p.fechaInicio?.getTime() ?? 0) - (b.p.fechaInicio?.getTime() ?? 0));
  const desenlace = (imp: Importado, d: Desenlace) => imp.de.forEach((x) => x.push(d));
  const preparados: Preparado[] = [];
  const deQue = new Map<Preparado, Importado>();
  for (const imp of lista) {
    const { p } = imp;
    // A key already read (on an earlier page, or twice on this one) is one plan.
    if (s.presentes.has(p.clave)) {
      desenlace(imp, { motivo: mensajesFuentes.repetido, titulo: p.titulo });
      continue;
    }
    s.presentes.add(p.clave);
    if (s.llevados >= s.max) {
      resultado.limite = s.max;
      desenlace(imp, { motivo: mensajesFuentes.fueraDelLimite, titulo: p.titulo });
      continue;
    }
    s.llevados++;
    const listo = preparar(p, s.municipio(p.lugar), f, ahora, s.fueraDeEspana);
    if ("motivo" in listo) desenlace(imp, { motivo: listo.motivo, titulo: p.titulo });
    else {
      preparados.push(listo);
      deQue.set(listo, imp);
    }
  }

  const hermanos = await planesParaVincular(f, preparados, s.existentes);
  const descargas = new Map<string, Promise<Buffer | null>>();
  const lote: Preparado[] = [];
  const escribirLote = () => crearLote(f, lote.splice(0), resultado, s.existentes);
  const cambios: Cambio[] = [];
  const escribirCambios = () => actualizarLote(f.id, cambios.splice(0), resultado);
  for (const p of preparados) {
    const d = (x: Desenlace) => desenlace(deQue.get(p)!, x);
    // What an earlier import split (a plan a day) is merged into one plan first.
    const fila = await fusionarAnteriores(f, p, s);
    if (!fila) {
      if (p.cancelado) {
        d({ motivo: mensajesFuentes.canceladoSinPlan, titulo: p.datos.titulo });
        continue;
      }
      d("nuevo");
      const hermano = hermanos.get(p.clave);
      if (hermano) {
        await prisma.$executeRaw`
          INSERT INTO fuente_item (fuente_id, clave, plan_id, vinculado, huella)
          VALUES (${f.id}::uuid, ${p.clave}, ${hermano}::uuid, true, ${p.huella}) ON CONFLICT DO NOTHING`;
        resultado.sinCambios++;
        resultado.vinculados!++;
        continue;
      }
      if (p.imagen) {
        await crear(f, [p], await cartel(p.imagen, descargas, opciones), s.existentes);
        resultado.creados++;
      } else if (lote.push(p) >= POR_LOTE) await escribirLote();
      continue;
    }
    // Deleted by its owner, linked to a plan that was there first, or edited by its owner: the source leaves it alone.
    if (!fila.plan_id || fila.vinculado || fila.editado_por_duena) {
      resultado.sinCambios++;
      d("sinCambios");
      continue;
    }
    const retiradoPorLaFuente = fila.visible === false && fila.oculto_motivo === mensajes.canceladoEnLaFuente;
    if (p.cancelado) {
      const retirado = await retirar(fila.plan_id);
      if (retirado) resultado.retirados++;
      else resultado.sinCambios++;
      d(retirado ? "cambiado" : "sinCambios");
      continue;
    }
    if (fila.huella === p.huella && !retiradoPorLaFuente) {
      resultado.sinCambios++;
      d("sinCambios");
      continue;
    }
    if (p.imagen !== fila.imagen_url) {
      await actualizar(f.id, fila, p, await cartel(p.imagen, descargas, opciones), retiradoPorLaFuente);
      if (!fila.nueva) resultado.actualizados++;
    } else if (cambios.push({ fila, p, mostrarDeNuevo: retiradoPorLaFuente }) >= POR_LOTE) await escribirCambios();
    // A plan this sync created, written again with the days of a later page, is still new.
    d(fila.nueva ? "nuevo" : "cambiado");
  }
  await escribirLote();
  await escribirCambios();
}

/**
 * The item's row, once the plans an earlier import made of it (its `anteriores`: a plan a day of
 * a show, or of a monthly rule) are merged with its own into the oldest of them, which the
 * source's key now names; the others' addresses answer 301 to it (lib/plans/fusion.ts). Plans
 * their owners edited, or linked to another's, are left as they are. Undefined when it has none.
 */
async function fusionarAnteriores(f: FuenteFila, p: Preparado, s: Sincronizacion): Promise<ItemFila | undefined> {
  const { existentes } = s;
  const propia = existentes.get(p.clave);
  const fusionables = (r: ItemFila | undefined): r is ItemFila =>
    Boolean(r && r.plan_id && !r.vinculado && !r.editado_por_duena);
  const anteriores = p.anteriores.map((c) => existentes.get(c)).filter(fusionables);
  if (anteriores.length === 0) return propia;
  const filas = fusionables(propia) ? [propia, ...anteriores] : anteriores;
  const ids = [...new Set(filas.map((r) => r.plan_id!))];
  const [{ id: queda }] = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM plan WHERE id = ANY(${ids}::uuid[]) ORDER BY fecha_creacion, id LIMIT 1`;
  const base = filas.find((r) => r.plan_id === queda)!;
  const carteles = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`
      DELETE FROM fuente_item WHERE fuente_id = ${f.id}::uuid AND clave = ANY(${anteriores.map((r) => r.clave)}::text[])`;
    // An empty fingerprint: the plan is written again with all its dates below.
    await tx.$executeRaw`
      INSERT INTO fuente_item (fuente_id, clave, plan_id, huella, imagen_url, pendiente)
      VALUES (${f.id}::uuid, ${p.clave}, ${queda}::uuid, '', ${base.imagen_url}, ${base.pendiente})
      ON CONFLICT (fuente_id, clave) DO UPDATE SET plan_id = EXCLUDED.plan_id, huella = EXCLUDED.huella,
        imagen_url = EXCLUDED.imagen_url, pendiente = EXCLUDED.pendiente`;
    return fusionarPlanes(
      tx,
      queda,
      ids.filter((id) => id !== queda),
    );
  });
  if (carteles.length > 0) await removeImageFiles(carteles);
  for (const r of anteriores) {
    existentes.delete(r.clave);
    // Their keys are in the source still, as this plan: no plan of theirs is gone.
    s.presentes.add(r.clave);
  }
  const fila: ItemFila = { ...base, clave: p.clave, huella: "" };
  existentes.set(p.clave, fila);
  return fila;
}

/** What became of one plan of an item: made or linked, updated or retired, as it was, or left out and why. */
type Desenlace = "nuevo" | "cambiado" | "sinCambios" | { motivo: string; titulo?: string };

/**
 * One item in the sync's figures: new if any of its plans is, else changed, else unchanged;
 * already over when it made no plan and nothing was wrong with it; left out otherwise, with the
 * reason of its first plan left out.
 */
function contarItem(
  item: Pick<ItemFuente, "titulo">,
  desenlaces: Desenlace[],
  resultado: ResultadoSincronizacion,
): void {
  const items = resultado.items!;
  for (const figura of ["nuevo", "cambiado", "sinCambios"] as const)
    if (desenlaces.includes(figura)) {
      items[figura === "nuevo" ? "nuevos" : figura === "cambiado" ? "cambiados" : "sinCambios"]++;
      return;
    }
  const descartado = desenlaces.find((d) => typeof d === "object");
  if (!descartado) {
    items.pasados++;
    return;
  }
  items.descartados++;
  // Named as its plan was titled (no quotes around it, not in capitals) when it got that far.
  resultado.descartados.push({
    titulo: descartado.titulo ?? (item.titulo || mensajesFuentes.sinTitulo),
    motivo: descartado.motivo,
  });
}

/** Farther apart than this, two listings of one day are two events, whatever their towns. */
const METROS_MISMO_SITIO = 1000;

/**
 * Plans already on Planazo (typed by hand, or from another source) that new items are, by the
 * item's key: a day of the one that is a day of the other in Madrid (any of each one's dates),
 * the same town or within 1 km, and titles that name the same event once normalized
 * (lib/fuentes/duplicados.ts).
 */
async function planesParaVincular(
  f: FuenteFila,
  preparados: Preparado[],
  existentes: Map<string, ItemFila>,
): Promise<Map<string, string>> {
  const nuevos = preparados.filter((p) => !existentes.has(p.clave) && p.dias.length > 0);
  if (nuevos.length === 0) return new Map();
  // Each new item's town and place, on each of its days: looked up through the indexes by place
  // and day (an agenda's items share few places and days, each pair once).
  const pares = new Map<string, { ine: string; lng: number; lat: number; dia: number }>();
  for (const p of nuevos)
    for (const dia of p.dias)
      pares.set(`${p.ine} ${p.punto.lng} ${p.punto.lat} ${dia}`, { ine: p.ine, ...p.punto, dia });
  const lista = [...pares.values()];
  const filas = await prisma.$queryRaw<
    { id: string; titulo: string; municipio_ine: string | null; inicio: Date; lat: number; lng: number }[]
  >`
    WITH n AS (
      SELECT * FROM unnest(${lista.map((n) => n.ine)}::text[], ${lista.map((n) => n.lng)}::float8[],
                           ${lista.map((n) => n.lat)}::float8[], ${lista.map((n) => new Date(instanteLocalMadrid(n.dia, 0)))}::timestamptz[],
                           ${lista.map((n) => new Date(instanteLocalMadrid(n.dia + 1, 0)))}::timestamptz[]) AS t(ine, x, y, desde, hasta)
    ), candidatos AS (
      SELECT p.id, p.fecha_inicio AS inicio FROM n JOIN plan p
        ON p.municipio_ine = n.ine AND p.fecha_inicio >= n.desde AND p.fecha_inicio < n.hasta
      UNION
      SELECT p.id, p.fecha_inicio FROM n JOIN plan p
        ON ST_DWithin(p.ubicacion, ST_SetSRID(ST_MakePoint(n.x, n.y), 4326)::geography, ${METROS_MISMO_SITIO})
       AND p.fecha_inicio >= n.desde AND p.fecha_inicio < n.hasta
      UNION
      -- A plan of several dates whose span takes in the day (they span at most MESES_FECHAS months): by its dates.
      SELECT p.id, g.inicio FROM n JOIN plan p
        ON p.municipio_ine = n.ine AND p.fechas_varias > 0 AND p.fecha_inicio < n.hasta
       AND p.fecha_inicio >= n.desde - interval '13 months' AND p.fecha_fin >= n.desde
        JOIN plan_fecha g ON g.plan_id = p.id AND g.inicio >= n.desde AND g.inicio < n.hasta
    )
    SELECT p.id, p.titulo, p.municipio_ine, c.inicio, ST_Y(p.ubicacion::geometry) AS lat, ST_X(p.ubicacion::geometry) AS lng
    FROM candidatos c JOIN plan p USING (id)
    WHERE p.fuente_id IS DISTINCT FROM ${f.id}::uuid`;
  const porDia = new Map<number, typeof filas>();
  for (const r of filas) {
    const dia = numeroDiaMadrid(r.inicio.getTime());
    const delDia = porDia.get(dia);
    if (delDia) delDia.push(r);
    else porDia.set(dia, [r]);
  }
  const vinculos = new Map<string, string>();
  for (const p of nuevos) {
    for (const dia of p.dias) {
      const hermano = (porDia.get(dia) ?? []).find(
        (r) =>
          (r.municipio_ine === p.ine ||
            distanciaKm({ lat: r.lat, lng: r.lng }, p.punto) * 1000 <= METROS_MISMO_SITIO) &&
          mismoEvento(r.titulo, p.datos.titulo ?? "", p.municipio),
      );
      if (hermano) {
        vinculos.set(p.clave, hermano.id);
        break;
      }
    }
  }
  return vinculos;
}

/**
 * New plans with their items' rows and their dates, in one transaction; `img` is the poster of
 * the only one. Their rows join `existentes`: a show whose days come on a later page is merged into one.
 */
async function crear(
  f: FuenteFila,
  nuevos: Preparado[],
  img: StoredImage | null,
  existentes: Map<string, ItemFila>,
): Promise<void> {
  const revision = f.publicacion === "revision";
  const ids = nuevos.map(() => randomUUID());
  await writeWithImage(img, async (tx) => {
    const archivoId = img ? (await tx.archivo.create({ data: img, select: { id: true } })).id : null;
    await insertarPlanes(
      tx,
      nuevos.map((p, i) => ({
        datos: p.datos,
        ine: p.ine,
        extra: [
          ["id", "uuid", ids[i]],
          ["archivo_cartel_id", "uuid", archivoId],
          ["usuario_id", "text", f.usuario_id],
          ["fuente_id", "uuid", f.id],
          ["url_original", "text", p.url],
          ["visible", "boolean", !revision],
          // Its dates are written below (escribirFechasNuevas): none of the INSERT's own.
          ["fechas_varias", "smallint", p.datos.fechas?.length ?? 0],
        ],
      })),
    );
    await escribirHorariosNuevos(
      tx,
      nuevos.map((p, i) => ({ planId: ids[i], datos: p.datos })),
    );
    await escribirFechasNuevas(
      tx,
      nuevos.flatMap((p, i) => (p.datos.fechas ? [{ planId: ids[i], fechas: p.datos.fechas }] : [])),
    );
    await tx.$executeRaw`
      INSERT INTO fuente_item (fuente_id, clave, plan_id, huella, imagen_url, pendiente)
      SELECT ${f.id}::uuid, t.clave, t.plan_id, t.huella, t.imagen_url, ${revision}
      FROM unnest(${nuevos.map((p) => p.clave)}::text[], ${ids}::uuid[], ${nuevos.map((p) => p.huella)}::text[],
                  ${nuevos.map((p) => p.imagen)}::text[]) AS t(clave, plan_id, huella, imagen_url)
      ON CONFLICT (fuente_id, clave) DO UPDATE SET plan_id = EXCLUDED.plan_id, huella = EXCLUDED.huella,
        imagen_url = EXCLUDED.imagen_url, pendiente = EXCLUDED.pendiente`;
  });
  nuevos.forEach((p, i) =>
    existentes.set(p.clave, {
      clave: p.clave,
      plan_id: ids[i],
      vinculado: false,
      huella: p.huella,
      imagen_url: p.imagen,
      pendiente: revision,
      visible: !revision,
      oculto_motivo: null,
      editado_por_duena: false,
      archivo_cartel_id: null,
      cartel_nombre: null,
      terminado: false,
      fechas_varias: p.datos.fechas?.length ?? 0,
      nueva: true,
    }),
  );
}

/**
 * A batch of new plans without a poster to fetch, counted in the result as they commit: in one
 * transaction, or one by one when the batch fails, so that a plan the database refuses keeps no
 * other out (its error is then thrown).
 */
async function crearLote(
  f: FuenteFila,
  lote: Preparado[],
  resultado: ResultadoSincronizacion,
  existentes: Map<string, ItemFila>,
): Promise<void> {
  if (lote.length === 0) return;
  try {
    await crear(f, lote, null, existentes);
    resultado.creados += lote.length;
    return;
  } catch (error) {
    if (lote.length === 1) throw error;
  }
  let fallo: unknown = null;
  for (const p of lote) {
    try {
      await crear(f, [p], null, existentes);
      resultado.creados++;
    } catch (error) {
      fallo ??= error;
    }
  }
  if (fallo) throw fallo;
}

/** A plan the source changed, without a new poster to fetch: written with others in a batch (actualizarLote). */
interface Cambio {
  fila: ItemFila;
  p: Preparado;
  mostrarDeNuevo: boolean;
}

/** The poster row that goes when a plan is rewritten: the one replaced by `img`, or a drawn one that shows the old text. */
async function cartelQueSeVa(fila: ItemFila, img: StoredImage | null) {
  // A poster drawn here shows the old title or date: it goes, and the queue draws it again.
  const redibujar = !img && fila.cartel_nombre === NOMBRE_CARTEL_GENERADO;
  const viejo =
    (img || redibujar) && fila.archivo_cartel_id
      ? await prisma.archivo.findUnique({
          where: { id: fila.archivo_cartel_id },
          select: { id: true, variantes: true },
        })
      : null;
  return { redibujar, viejo };
}

/**
 * Changed plans without a new poster, in one transaction, counted in the result as they commit.
 * Every page of the page cache is keyed by the search version, which each committed change to a
 * plan moves on (lib/paginas-publicas/cache.ts): a batch moves it once, so a sync that rewrites
 * thousands of plans (a new rule of the mapping rewrites every plan it changes) has the public
 * pages rendered again once a batch, not once a plan, and the purges of a batch reach the CDN
 * together. When the batch fails, its plans are written one by one, as new ones are.
 */
async function actualizarLote(fuenteId: string, lote: Cambio[], resultado: ResultadoSincronizacion): Promise<void> {
  if (lote.length === 0) return;
  if (lote.length > 1) {
    try {
      const previos = await Promise.all(lote.map((c) => cartelQueSeVa(c.fila, null)));
      const quitados = await prisma.$transaction(
        async (tx) => {
          const quitados: NonNullable<(typeof previos)[number]["viejo"]>[] = [];
          for (const [i, c] of lote.entries()) {
            if (await escribirCambio(tx, fuenteId, c.fila, c.p, null, c.mostrarDeNuevo, previos[i])) {
              const viejo = previos[i].viejo;
              if (viejo) quitados.push(viejo);
            }
          }
          return quitados;
        },
        { timeout: 60_000 },
      );
      resultado.actualizados += lote.filter((c) => !c.fila.nueva).length;
      if (quitados.length > 0) await removeImageFiles(quitados);
      return;
    } catch {
      // One by one below: a plan the database refuses keeps no other out.
    }
  }
  let fallo: unknown = null;
  for (const c of lote) {
    try {
      await actualizar(fuenteId, c.fila, c.p, null, c.mostrarDeNuevo);
      if (!c.fila.nueva) resultado.actualizados++;
    } catch (error) {
      fallo ??= error;
    }
  }
  if (fallo) throw fallo;
}

/** A plan its owner edited while a sync was updating it: the update is rolled back. */
class TomadoPorSuDuena extends Error {}

async function actualizar(
  fuenteId: string,
  fila: ItemFila,
  p: Preparado,
  img: StoredImage | null,
  mostrarDeNuevo: boolean,
): Promise<void> {
  const previo = await cartelQueSeVa(fila, img);
  const { viejo } = previo;
  const reemplazado = await writeWithImage(img, async (tx) => {
    // Its owner took it over meanwhile: the rollback removes the poster fetched for it.
    if (!(await escribirCambio(tx, fuenteId, fila, p, img, mostrarDeNuevo, previo))) throw new TomadoPorSuDuena();
    return true;
  }).catch((error) => {
    if (error instanceof TomadoPorSuDuena) return false;
    throw error;
  });
  // The old poster's files go once its row has (never when its owner took the plan over meanwhile).
  if (reemplazado && viejo) await removeImageFiles([viejo]);
}

/**
 * A changed plan's rows, in the caller's transaction; false when its owner took it over
 * meanwhile (then the source keeps off it). `img` is its new poster's, stored already.
 */
async function escribirCambio(
  tx: Prisma.TransactionClient,
  fuenteId: string,
  fila: ItemFila,
  p: Preparado,
  img: StoredImage | null,
  mostrarDeNuevo: boolean,
  { redibujar, viejo }: Awaited<ReturnType<typeof cartelQueSeVa>>,
): Promise<boolean> {
  const planId = fila.plan_id!;
  // The owner may have edited it since the rows were read: then the source keeps off it (a
  // savepoint would cost a batch more than this read of the row it locks anyway).
  const [{ editado }] = await tx.$queryRaw<{ editado: boolean }[]>`
    SELECT editado_por_duena AS editado FROM plan WHERE id = ${planId}::uuid FOR UPDATE`;
  if (editado) return false;
  // A plan of several dates, or one that had them: its dates are written, each kept by its start.
  const conFechas = p.datos.tipo === "evento" && (p.datos.fechas !== undefined || (fila.fechas_varias ?? 0) > 0);
  const guardadas = conFechas
    ? await tx.$queryRaw<
        { id: string; inicio: Date }[]
      >`SELECT id, inicio FROM plan_fecha WHERE plan_id = ${planId}::uuid`
    : [];
  const nuevo = img ? await tx.archivo.create({ data: img, select: { id: true } }) : null;
  await actualizarFilaPlan(tx, planId, p.datos, [
    [
      "archivo_cartel_id",
      redibujar ? Prisma.sql`NULL` : Prisma.sql`coalesce(${nuevo?.id ?? null}::uuid, archivo_cartel_id)`,
    ],
    ["url_original", Prisma.sql`${p.url}`],
    ["fecha_actualizacion", Prisma.sql`now()`],
    ...(mostrarDeNuevo
      ? ([
          ["visible", Prisma.sql`true`],
          ["oculto_motivo", Prisma.sql`NULL`],
        ] as [string, Prisma.Sql][])
      : []),
  ]);
  await escribirHorarios(tx, planId, p.datos);
  if (conFechas) {
    const una: FechaPlan = {
      inicio: p.datos.fechaInicio!,
      fin: p.datos.fechaFin ?? null,
      titulo: null,
      direccion: null,
      ubicacion: null,
    };
    await escribirFechas(tx, planId, conIdsDe(guardadas, p.datos.fechas ?? [una]));
  }
  await tx.$executeRaw`
    UPDATE fuente_item SET huella = ${p.huella}, imagen_url = ${p.imagen}
    WHERE fuente_id = ${fuenteId}::uuid AND clave = ${p.clave}`;
  if ((nuevo || redibujar) && viejo) await tx.archivo.delete({ where: { id: viejo.id } });
  return true;
}

/** Hides a plan the source cancelled or no longer lists; a plan hidden for any other reason (by the team) stays as it is. */
async function retirar(planId: string): Promise<boolean> {
  const n = await prisma.$executeRaw`
    UPDATE plan SET visible = false, oculto_motivo = ${mensajes.canceladoEnLaFuente}
    WHERE id = ${planId}::uuid AND visible AND NOT editado_por_duena`;
  return n > 0;
}

/**
 * Syncs every source that is due (not paused, not deleted, its next time reached), one after
 * another; a source another run holds is skipped. For `npm run fuentes:sincronizar` and
 * POST /api/tareas/fuentes.
 */
export async function sincronizarPendientes(
  opciones: OpcionesSincronizacion = {},
): Promise<{ id: string; resultado: ResultadoSincronizacion | null }[]> {
  const debidas = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM fuente
    WHERE eliminada_en IS NULL AND NOT pausada AND proxima_en <= now()
      AND (sincronizando_hasta IS NULL OR sincronizando_hasta < now())
    ORDER BY proxima_en`;
  const hechas: { id: string; resultado: ResultadoSincronizacion | null }[] = [];
  for (const { id } of debidas) hechas.push({ id, resultado: await sincronizarFuente(id, opciones) });
  return hechas;
}
