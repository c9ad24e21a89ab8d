import "server-only";
import { prisma, readDb } from "../db";
import { Prisma } from "../generated/prisma/client";
import { indiceLunesSql } from "../db/sql-fechas";
import { CAMPOS_SI_NO, SI_NO_PLAN, type DatosPlan, type PlanRow } from "./plan";
import { UUID_PATTERN } from "../schemas";

/** The public File object (ArchivoRow) of the `archivo` row joined as `a`, or NULL. */
export const ARCHIVO_JSON = Prisma.sql`
  CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object(
    'url', a.url, 'nombre', a.nombre, 'path', a.path, 'contentType', a.content_type, 'md5sum', a.md5sum,
    'hash', a.hash, 'width', a.width, 'height', a.height) END`;

/**
 * The plan `p` is featured: until its destacado_hasta (the one place that says so). NULL for a
 * plan never featured, so use it as a WHERE clause; it implies the featured plans' partial
 * indexes' `destacado_hasta IS NOT NULL` (migration 20261124000100_destacado_hasta). Adding that
 * test by hand would be counted twice in the row estimate and lose the search its KNN path.
 */
export const PLAN_DESTACADO = Prisma.sql`p.destacado_hasta > now()`;

/** The same as a boolean that is never NULL: for columns, NOT and ORDER BY. */
export const PLAN_ES_DESTACADO = Prisma.sql`coalesce(${PLAN_DESTACADO}, false)`;

/** The yes/no columns (plan.ts's SI_NO_PLAN). */
const COLUMNAS_SI_NO = CAMPOS_SI_NO.map((k) => SI_NO_PLAN[k].columna);

/**
 * The columns every plan read selects, with its slots, organization name and poster, in the
 * shape of PlanRow. One place, so the search, the detail and the lists agree.
 */
export const PLAN_SELECT = Prisma.sql`
  p.id, p.titulo, p.descripcion, p.tipo, ${PLAN_ES_DESTACADO} AS destacado, p.visible, p.precio::text AS precio,
  p.municipio, p.direccion, ST_X(p.ubicacion::geometry) AS lng, ST_Y(p.ubicacion::geometry) AS lat,
  p.fecha_inicio, p.fecha_fin, p.categorias::text[] AS categorias, p.enlace_web_exterior,
  p.email_contacto, p.telefono_contacto, ${Prisma.raw(COLUMNAS_SI_NO.map((c) => `p.${c}, `).join(""))}p.usuario_id, p.organizacion_id, o.nombre AS organizacion_nombre,
  p.fecha_creacion, p.fecha_actualizacion, p.archivo_cartel_id, p.oculto_motivo,
  (SELECT json_agg(json_build_object('diaSemana', h.dia_semana, 'horaInicio', h.hora_inicio, 'horaFin', h.hora_fin)
                   ORDER BY ${indiceLunesSql(Prisma.sql`h.dia_semana`)}, h.hora_inicio)
     FROM horario_disponible h WHERE h.plan_id = p.id) AS horarios,
  ${ARCHIVO_JSON} AS cartel`;

export const PLAN_JOINS = Prisma.sql`
  LEFT JOIN organizacion o ON o.id = p.organizacion_id
  LEFT JOIN archivo a ON a.id = p.archivo_cartel_id`;

/** Listed plans: visible and not finished (an event until its end; an experience until its end, if any). */
export const PLAN_LISTED = Prisma.sql`p.visible AND (p.fecha_fin IS NULL OR p.fecha_fin >= now())`;

type Lector = Pick<Prisma.TransactionClient, "$queryRaw">;

/**
 * The one reader of a plan by id, or null (an id that is not a UUID too): visible ones only
 * unless `ocultos` (finished ones always: their page stays up); with `usuarioId`, only that
 * person's; inside a transaction with `db`. The public read (neither) may come from the read
 * replica (readDb); the others read the primary.
 */
export async function leerPlan(
  id: string,
  { ocultos = false, usuarioId, db }: { ocultos?: boolean; usuarioId?: string; db?: Lector } = {},
): Promise<PlanRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const lector = db ?? (ocultos || usuarioId !== undefined ? prisma : await readDb());
  const [row] = await lector.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS}
    WHERE p.id = ${id}::uuid ${ocultos ? Prisma.empty : Prisma.sql`AND p.visible`} ${usuarioId === undefined ? Prisma.empty : Prisma.sql`AND p.usuario_id = ${usuarioId}`}`;
  return row ?? null;
}

/** The municipality of the gazetteer with that name nearest to the point (for links and stats). */
const INE_DEL_MUNICIPIO = (municipio: string, lng: number, lat: number) => Prisma.sql`(
  SELECT m.ine FROM municipio_clave c JOIN municipio m ON m.ine = c.ine
  WHERE c.clave = planazo_normaliza(${municipio}) AND m.lat IS NOT NULL
  ORDER BY ST_Distance(ST_MakePoint(m.lng, m.lat)::geography, ST_MakePoint(${lng}, ${lat})::geography)
  LIMIT 1)`;

/**
 * The plan's own columns and their values from complete data (a new plan, or a stored one with
 * its changes): the one list both INSERT and UPDATE are built from.
 */
function columnasPlan(d: DatosPlan): [string, Prisma.Sql][] {
  const { lng, lat } = d.ubicacion!;
  return [
    ["titulo", Prisma.sql`${d.titulo}`],
    ["descripcion", Prisma.sql`${d.descripcion ?? ""}`],
    ["tipo", Prisma.sql`${d.tipo}::tipo_plan`],
    ["precio", Prisma.sql`${d.precio ?? null}::numeric`],
    ["municipio", Prisma.sql`${d.municipio}`],
    ["municipio_ine", INE_DEL_MUNICIPIO(d.municipio!, lng, lat)],
    ["direccion", Prisma.sql`${d.direccion}`],
    ["ubicacion", Prisma.sql`ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography`],
    ["fecha_inicio", Prisma.sql`${d.fechaInicio ?? null}`],
    ["fecha_fin", Prisma.sql`${d.fechaFin ?? null}`],
    ["categorias", Prisma.sql`${d.categorias ?? ["Otros"]}::text[]::categoria[]`],
    ["enlace_web_exterior", Prisma.sql`${d.enlaceWebExterior ?? null}`],
    ["email_contacto", Prisma.sql`${d.emailContacto ?? null}`],
    ["telefono_contacto", Prisma.sql`${d.telefonoContacto ?? null}`],
    ["organizacion_id", Prisma.sql`${d.organizacionId ?? null}::uuid`],
    ...CAMPOS_SI_NO.map((k): [string, Prisma.Sql] => [SI_NO_PLAN[k].columna, Prisma.sql`${d[k] ?? false}`]),
  ];
}

const columna = (nombre: string) => Prisma.raw(`"${nombre}"`);

/** INSERT of a new plan from complete data, plus the columns only a creation sets; its id. */
export async function insertarPlan(tx: Lector, d: DatosPlan, extra: [string, Prisma.Sql][]): Promise<string> {
  const todas = [...columnasPlan(d), ...extra];
  const [{ id }] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO plan (${Prisma.join(todas.map(([c]) => columna(c)))}) VALUES (${Prisma.join(todas.map(([, v]) => v))}) RETURNING id`;
  return id;
}

/** UPDATE of a stored plan with complete data, plus the columns only an update sets. */
export async function actualizarFilaPlan(
  tx: Pick<Prisma.TransactionClient, "$executeRaw">,
  id: string,
  d: DatosPlan,
  extra: [string, Prisma.Sql][],
): Promise<void> {
  const todas = [...columnasPlan(d), ...extra];
  await tx.$executeRaw`UPDATE plan SET ${Prisma.join(todas.map(([c, v]) => Prisma.sql`${columna(c)} = ${v}`))} WHERE id = ${id}::uuid`;
}
