import "server-only";
import { registrar } from "../admin/auditoria";
import type { Gestor } from "../admin/acceso";
import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { nomenclatorMunicipios } from "../geo/municipios";
import { municipioPorNombre } from "../geo/slug";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { mensajesFuentes } from "./mensajes";
import { CATEGORIAS } from "../plans/constants";
import { direccionWeb, UUID_PATTERN, z } from "../schemas";
import { aPrisma } from "../seguimientos/seguimientos";
import { ADAPTADORES } from "./adaptadores";
import { DescargaRechazada, descargar, textoDe, type OpcionesDescarga } from "../net/descarga";
import { detectarTipo } from "./detectar";
import { direccionDeFuente } from "./enlaces";
import { reservarSincronizacion, type ResultadoSincronizacion } from "./sincronizar";
import type { TipoFuente } from "./tipos";

/** The team's own account that owns the sources it adds (created by a migration; it cannot log in). */
export const AGENDA_PLANAZO = "agenda-planazo";
/** Feeds an organization may connect. */
export const MAX_FUENTES_ORGANIZACION = 3;

const urlSchema = direccionWeb(mensajesFuentes.urlNoValida)
  // The link a person has (a Google or Outlook calendar's page, webcal://) is kept as the
  // address it names: that one is fetched, compared with the sources there are, and shown.
  .overwrite(direccionDeFuente)
  .max(2000, mensajesFuentes.urlNoValida)
  .refine((v) => {
    try {
      return ["http:", "https:"].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, mensajesFuentes.urlNoValida);

/** POST /api/gestion/fuentes. Categories come as a list or comma-joined, like a plan's. */
export const nuevaFuenteSchema = z.object({
  url: urlSchema,
  nombre: z.string().trim().max(100, mensajes.datosNoValidos).optional(),
  organizacionId: z.string().regex(UUID_PATTERN, mensajes.orgNoEncontrada).optional().nullable(),
  categorias: z
    .union([z.array(z.string()), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((c) => c.trim()).filter(Boolean))
    .pipe(z.array(z.enum(CATEGORIAS, { error: mensajes.categoriaNoValida })))
    .optional(),
  municipio: z.string().trim().max(100).optional().nullable(),
  publicacion: z.enum(["directa", "revision"], { error: mensajes.datosNoValidos }).optional(),
});

/** POST /api/organizaciones/{id}/fuentes. */
export const fuenteOrganizacionSchema = z.object({ url: urlSchema });

export const idFuenteSchema = z.string().regex(UUID_PATTERN, mensajesFuentes.fuenteNoEncontrada);

type FilaFuente = {
  id: string;
  nombre: string;
  url: string;
  tipo: string;
  organizacion_id: string | null;
  organizacion_nombre: string | null;
  categorias: string[];
  municipio: string | null;
  publicacion: "directa" | "revision";
  intervalo_minutos: number;
  pausada: boolean;
  sincronizada_en: Date | null;
  proxima_en: Date;
  sincronizando: boolean;
  resultado: ResultadoSincronizacion | null;
  planes: number;
  fechas: number;
  pendientes: number;
  pueblos: number;
};

/** A source as the API shows it. */
function serializar(f: FilaFuente) {
  return {
    _id: f.id,
    nombre: f.nombre,
    url: f.url,
    tipo: f.tipo as TipoFuente,
    organizacion: f.organizacion_id ? { _id: f.organizacion_id, nombre: f.organizacion_nombre! } : null,
    categorias: f.categorias,
    municipio: f.municipio,
    publicacion: f.publicacion,
    intervaloMinutos: f.intervalo_minutos,
    pausada: f.pausada,
    sincronizando: f.sincronizando,
    sincronizadaEn: f.sincronizada_en?.toISOString() ?? null,
    proximaEn: f.proxima_en.toISOString(),
    resultado: f.resultado,
    planes: f.planes,
    /** The dates to come of its upcoming visible plans (a show on three days: one plan, three dates; an experience: one). */
    fechas: f.fechas,
    pendientes: f.pendientes,
    /** Towns with an upcoming plan of the source. */
    pueblos: f.pueblos,
  };
}
export type FuenteApi = ReturnType<typeof serializar>;

async function leerFuentes(donde: Prisma.Sql): Promise<FuenteApi[]> {
  const filas = await prisma.$queryRaw<FilaFuente[]>`
    SELECT f.id, f.nombre, f.url, f.tipo, f.organizacion_id, o.nombre AS organizacion_nombre,
           f.categorias::text[] AS categorias, m.nombre AS municipio, f.publicacion::text AS publicacion,
           f.intervalo_minutos, f.pausada, f.sincronizada_en, f.proxima_en,
           coalesce(f.sincronizando_hasta > now(), false) AS sincronizando, f.resultado,
           (SELECT count(*)::int FROM fuente_item i WHERE i.fuente_id = f.id AND i.plan_id IS NOT NULL AND NOT i.vinculado) AS planes,
           (SELECT coalesce(sum(CASE WHEN p.fechas_varias > 0 THEN (
                      SELECT count(*) FROM plan_fecha g WHERE g.plan_id = p.id AND coalesce(g.fin, g.inicio) >= now())
                    ELSE 1 END), 0)::int
            FROM plan p WHERE p.fuente_id = f.id AND p.visible AND (p.fecha_fin IS NULL OR p.fecha_fin >= now())) AS fechas,
           (SELECT count(*)::int FROM fuente_item i WHERE i.fuente_id = f.id AND i.plan_id IS NOT NULL AND i.pendiente) AS pendientes,
           (SELECT count(DISTINCT p.municipio_ine)::int FROM plan p
            WHERE p.fuente_id = f.id AND p.visible AND (p.fecha_fin IS NULL OR p.fecha_fin >= now())) AS pueblos
    FROM fuente f LEFT JOIN organizacion o ON o.id = f.organizacion_id LEFT JOIN municipio m ON m.ine = f.municipio_ine
    WHERE f.eliminada_en IS NULL AND ${donde}
    ORDER BY f.creada_en DESC, f.id`;
  return filas.map(serializar);
}

/** Every source, for the back-office. */
export const fuentesDelEquipo = () => leerFuentes(Prisma.sql`true`);

/** One live source by id, or 404. */
export async function fuente(id: string): Promise<FuenteApi> {
  const [f] = await leerFuentes(Prisma.sql`f.id = ${idFuenteSchema.parse(id)}::uuid`);
  if (!f) throw new ApiError(404, mensajesFuentes.fuenteNoEncontrada);
  return f;
}

/**
 * Fetches a URL once through the safe fetcher and says what kind of source it is, by its answer
 * (content type, then content), never by what the person says. A refused URL is a 400, an
 * answer of no known kind a 422, both with a Spanish message.
 */
async function tipoDeLaUrl(url: string, descarga?: OpcionesDescarga): Promise<{ tipo: TipoFuente; nombre: string }> {
  let respuesta;
  try {
    respuesta = await descargar(url, descarga);
  } catch (error) {
    if (error instanceof DescargaRechazada) throw new ApiError(400, error.message);
    throw error;
  }
  const texto = textoDe(respuesta);
  const adaptador = detectarTipo({ contentType: respuesta.contentType, texto, url: respuesta.url }, ADAPTADORES);
  if (!adaptador) throw new ApiError(422, mensajesFuentes.formatoNoReconocido);
  const calendario = /^X-WR-CALNAME:(.+)$/m.exec(texto)?.[1]?.trim();
  const titulo = /<title[^>]*>([^<]{1,200})<\/title>/i.exec(texto)?.[1]?.trim();
  // An agenda's answer is data without a name of its own: it is named after its kind.
  const nombre = calendario || titulo || (adaptador.paginada ? adaptador.etiqueta : new URL(respuesta.url).hostname);
  return { tipo: adaptador.tipo, nombre: nombre.slice(0, 100) };
}

/** A source just created, and its first sync, to run after the answer. */
export interface FuenteNueva {
  fuente: FuenteApi;
  primeraSincronizacion: () => Promise<void>;
}

/**
 * The new source is taken for its first sync before it is read and answered: from the answer on,
 * its screens say it is syncing until its result is written.
 */
async function conSuPrimeraSincronizacion(id: string): Promise<FuenteNueva> {
  const sincronizar = await reservarSincronizacion(id);
  return {
    fuente: await fuente(id),
    primeraSincronizacion: async () => void (await sincronizar?.()),
  };
}

async function comprobarRepetida(url: string, organizacionId: string | null): Promise<void> {
  const repetida = await prisma.fuente.findFirst({
    where: { url, organizacionId, eliminadaEn: null },
    select: { id: true },
  });
  if (repetida) throw new ApiError(409, mensajesFuentes.fuenteRepetida);
}

/** POST /api/gestion/fuentes: a source of the team (Agenda Planazo) or of an organization, with its defaults. */
export async function crearFuenteDelEquipo(
  gestor: Gestor,
  entrada: z.infer<typeof nuevaFuenteSchema>,
  descarga?: OpcionesDescarga,
): Promise<FuenteNueva> {
  const organizacion = entrada.organizacionId
    ? await prisma.organizacion.findUnique({
        where: { id: entrada.organizacionId },
        select: { id: true, usuarioId: true },
      })
    : null;
  if (entrada.organizacionId && !organizacion) throw new ApiError(404, mensajes.orgNoEncontrada);
  let municipioIne: string | null = null;
  if (entrada.municipio) {
    const m = municipioPorNombre(await nomenclatorMunicipios(), entrada.municipio);
    if (!m) throw new ApiError(400, mensajes.ubicacionFalta);
    municipioIne = m.ine;
  }
  await comprobarRepetida(entrada.url, organizacion?.id ?? null);
  const { tipo, nombre } = await tipoDeLaUrl(entrada.url, descarga);
  const id = await prisma.$transaction(async (tx) => {
    const f = await tx.fuente.create({
      data: {
        url: entrada.url,
        nombre: entrada.nombre || nombre,
        tipo,
        usuarioId: organizacion?.usuarioId ?? AGENDA_PLANAZO,
        organizacionId: organizacion?.id ?? null,
        categorias: aPrisma(entrada.categorias ?? []),
        municipioIne,
        publicacion: entrada.publicacion ?? "directa",
      },
      select: { id: true },
    });
    await registrar(tx, gestor, {
      accion: "crear_fuente",
      objetoTipo: "fuente",
      objetoId: f.id,
      datos: { url: entrada.url, tipo, publicacion: entrada.publicacion ?? "directa" },
    });
    return f.id;
  });
  return conSuPrimeraSincronizacion(id);
}

/** A source's plans that are still the source's own (not linked, not taken over by their owner) are hidden; the source keeps its row. */
async function eliminar(tx: Prisma.TransactionClient, id: string): Promise<boolean> {
  const n =
    await tx.$executeRaw`UPDATE fuente SET eliminada_en = now(), pausada = true WHERE id = ${id}::uuid AND eliminada_en IS NULL`;
  if (n === 0) return false;
  await tx.$executeRaw`
    UPDATE plan p SET visible = false, oculto_motivo = ${mensajes.canceladoEnLaFuente}
    FROM fuente_item i
    WHERE i.fuente_id = ${id}::uuid AND i.plan_id = p.id AND NOT i.vinculado AND NOT p.editado_por_duena AND p.visible`;
  return true;
}

/** DELETE /api/gestion/fuentes/{id}. */
export async function eliminarFuenteDelEquipo(gestor: Gestor, id: string): Promise<{ mensaje: string }> {
  await fuente(id);
  await prisma.$transaction(async (tx) => {
    const cambio = await eliminar(tx, id);
    await registrar(tx, gestor, { accion: "eliminar_fuente", objetoTipo: "fuente", objetoId: id, datos: { cambio } });
  });
  return { mensaje: mensajesFuentes.fuenteEliminada };
}

/** POST /api/gestion/fuentes/{id}/pausar and …/reanudar. */
export async function pausarFuente(gestor: Gestor, id: string, pausada: boolean): Promise<{ mensaje: string }> {
  await fuente(id);
  await prisma.$transaction(async (tx) => {
    const n = await tx.$executeRaw`
      UPDATE fuente SET pausada = ${pausada}, proxima_en = CASE WHEN ${pausada} THEN proxima_en ELSE now() END
      WHERE id = ${id}::uuid AND pausada IS DISTINCT FROM ${pausada}`;
    await registrar(tx, gestor, {
      accion: pausada ? "pausar_fuente" : "reanudar_fuente",
      objetoTipo: "fuente",
      objetoId: id,
      datos: { cambio: n > 0 },
    });
  });
  return { mensaje: pausada ? mensajesFuentes.fuentePausada : mensajesFuentes.fuenteReanudada };
}

/** The audit row of a sync asked for from the back-office, with its figures. */
export async function registrarSincronizacion(gestor: Gestor, id: string, r: ResultadoSincronizacion): Promise<void> {
  await prisma.$transaction((tx) =>
    registrar(tx, gestor, {
      accion: "sincronizar_fuente",
      objetoTipo: "fuente",
      objetoId: id,
      datos: {
        creados: r.creados,
        actualizados: r.actualizados,
        retirados: r.retirados,
        sinCambios: r.sinCambios,
        descartados: r.descartados.length,
        ...(r.error ? { error: r.error } : {}),
      },
    }),
  );
}

/** The review queue: imported plans of sources in 'revision' mode that wait for the team. */
export async function colaDeRevision() {
  return prisma.$queryRaw<
    {
      id: string;
      titulo: string;
      municipio: string;
      fecha_inicio: Date | null;
      tipo: string;
      fuente: string;
      fuente_id: string;
    }[]
  >`
    SELECT p.id, p.titulo, p.municipio, p.fecha_inicio, p.tipo::text AS tipo, f.nombre AS fuente, f.id AS fuente_id
    FROM fuente_item i JOIN plan p ON p.id = i.plan_id JOIN fuente f ON f.id = i.fuente_id
    WHERE i.pendiente AND f.eliminada_en IS NULL
    ORDER BY p.fecha_inicio NULLS LAST, p.id
    LIMIT 200`;
}

/** POST /api/gestion/fuentes/revision/{planId} {publicar}: publishes an imported plan, or keeps it hidden for good. */
export async function revisarImportado(
  gestor: Gestor,
  planId: string,
  publicar: boolean,
): Promise<{ mensaje: string }> {
  const cambio = await prisma.$transaction(async (tx) => {
    const n =
      await tx.$executeRaw`UPDATE fuente_item SET pendiente = false WHERE plan_id = ${planId}::uuid AND pendiente`;
    if (n === 0) {
      const existe = await tx.fuenteItem.findFirst({ where: { planId }, select: { planId: true } });
      if (!existe) throw new ApiError(404, mensajes.planNoEncontrado);
    }
    if (n > 0 && publicar)
      await tx.$executeRaw`UPDATE plan SET visible = true, oculto_motivo = NULL WHERE id = ${planId}::uuid`;
    await registrar(tx, gestor, {
      accion: publicar ? "publicar_importado" : "descartar_importado",
      objetoTipo: "plan",
      objetoId: planId,
      datos: { cambio: n > 0 },
    });
    return n > 0;
  });
  void cambio;
  return { mensaje: publicar ? mensajesFuentes.planPublicadoDesdeRevision : mensajesFuentes.planDescartadoDeRevision };
}

/** The organization if the user owns it; 404 otherwise (another's organization is not revealed). */
async function organizacionPropia(usuarioId: string, organizacionId: string): Promise<{ id: string }> {
  if (!UUID_PATTERN.test(organizacionId)) throw new ApiError(404, mensajes.orgNoEncontrada);
  const org = await prisma.organizacion.findFirst({ where: { id: organizacionId, usuarioId }, select: { id: true } });
  if (!org) throw new ApiError(404, mensajes.orgNoEncontrada);
  return org;
}

/** GET /api/organizaciones/{id}/fuentes: the organization's calendars (its owner only). */
export async function fuentesDeOrganizacion(usuarioId: string, organizacionId: string): Promise<FuenteApi[]> {
  const org = await organizacionPropia(usuarioId, organizacionId);
  return leerFuentes(Prisma.sql`f.organizacion_id = ${org.id}::uuid`);
}

/** POST /api/organizaciones/{id}/fuentes {url}: up to 3 iCalendar feeds, published directly, owned by the organization's owner. */
export async function conectarCalendario(
  usuarioId: string,
  organizacionId: string,
  url: string,
  descarga?: OpcionesDescarga,
): Promise<FuenteNueva> {
  const org = await organizacionPropia(usuarioId, organizacionId);
  const cuantas = await prisma.fuente.count({ where: { organizacionId: org.id, eliminadaEn: null } });
  if (cuantas >= MAX_FUENTES_ORGANIZACION) throw new ApiError(409, mensajesFuentes.maxFuentesOrganizacion);
  await comprobarRepetida(url, org.id);
  const { tipo, nombre } = await tipoDeLaUrl(url, descarga);
  if (tipo !== "ics") throw new ApiError(422, mensajesFuentes.soloIcsOrganizacion);
  const f = await prisma.fuente.create({
    data: { url, nombre, tipo, usuarioId, organizacionId: org.id, publicacion: "directa" },
    select: { id: true },
  });
  return conSuPrimeraSincronizacion(f.id);
}

/** DELETE /api/organizaciones/{id}/fuentes/{fuenteId} (its owner only). */
export async function desconectarCalendario(
  usuarioId: string,
  organizacionId: string,
  fuenteId: string,
): Promise<{ mensaje: string }> {
  const org = await organizacionPropia(usuarioId, organizacionId);
  const id = idFuenteSchema.parse(fuenteId);
  const borrada = await prisma.$transaction(async (tx) => {
    const f = await tx.fuente.findFirst({
      where: { id, organizacionId: org.id, eliminadaEn: null },
      select: { id: true },
    });
    return f ? eliminar(tx, f.id) : false;
  });
  if (!borrada) throw new ApiError(404, mensajesFuentes.fuenteNoEncontrada);
  return { mensaje: mensajesFuentes.fuenteEliminada };
}
