import "server-only";
import { IDIOMA_POR_DEFECTO } from "../idiomas";
import { prisma, readDb } from "../db";
import { preparada } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { indiceLunesSql } from "../db/sql-fechas";
import { CAMPOS_SI_NO, SI_NO_PLAN, type DatosPlan, type PlanRow } from "./plan";
import type { FechaPlan } from "./fechas";
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

/** An evento's dates (FechaFila), in start order (as written, for dates at the same start); NULL when it has none. */
export const FECHAS_JSON = Prisma.sql`(
  SELECT json_agg(json_build_object('id', f.id, 'inicio', f.inicio, 'fin', f.fin, 'titulo', f.titulo,
    'direccion', f.direccion, 'lng', ST_X(f.ubicacion::geometry), 'lat', ST_Y(f.ubicacion::geometry),
    'principal', f.antiguedad = 1)
    ORDER BY f.inicio, f.orden, f.fin, f.id)
  FROM (SELECT g.*, row_number() OVER (ORDER BY g.creada_en, g.inicio, g.id) AS antiguedad
        FROM plan_fecha g WHERE g.plan_id = p.id) f)`;

/**
 * An evento's dates as a search's rows carry them (FechaTarjetaFila, lib/busqueda/fecha-buscada.ts):
 * compact arrays in start order, from which each search picks the date its card shows.
 */
export const FECHAS_TARJETA = Prisma.sql`CASE WHEN p.tipo = 'evento' THEN (
  SELECT json_agg(json_build_array(f.id, f.inicio, f.fin, f.titulo) ORDER BY f.inicio, f.orden, f.fin, f.id)
  FROM plan_fecha f WHERE f.plan_id = p.id) END`;

/** The rows with their dates (FECHAS_JSON), read in one query: a feed's plans. */
export async function conFechas<R extends PlanRow>(filas: readonly R[], lector: Lector = prisma): Promise<R[]> {
  if (filas.length === 0) return [];
  const leidas = await lector.$queryRaw<{ id: string; fechas: PlanRow["fechas"] }[]>`
    SELECT p.id::text, ${FECHAS_JSON} AS fechas FROM plan p WHERE p.id = ANY(${filas.map((f) => f.id)}::uuid[])`;
  const porId = new Map(leidas.map((l) => [l.id, l.fechas]));
  return filas.map((f) => ({ ...f, fechas: porId.get(f.id) ?? null }));
}

export const PLAN_JOINS = Prisma.sql`
  LEFT JOIN organizacion o ON o.id = p.organizacion_id
  LEFT JOIN archivo a ON a.id = p.archivo_cartel_id`;

/** Listed plans: visible and not finished (an event until its end; an experience until its end, if any). */
export const PLAN_LISTED = Prisma.sql`p.visible AND (p.fecha_fin IS NULL OR p.fecha_fin >= now())`;

type Lector = Pick<Prisma.TransactionClient, "$queryRaw">;

/**
 * The one reader of a plan by id, with its dates, or null (an id that is not a UUID too): visible ones only
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
  const [row] = await lector.$queryRaw<PlanRow[]>(
    preparada(Prisma.sql`
      SELECT ${PLAN_SELECT}, ${FECHAS_JSON} AS fechas FROM plan p ${PLAN_JOINS}
      WHERE p.id = ${id}::uuid ${ocultos ? Prisma.empty : Prisma.sql`AND p.visible`} ${usuarioId === undefined ? Prisma.empty : Prisma.sql`AND p.usuario_id = ${usuarioId}`}`),
  );
  return row ?? null;
}

/** The municipality of the gazetteer with that name nearest to the point (for links and stats). */
const INE_DEL_MUNICIPIO = (municipio: string, lng: number, lat: number) => Prisma.sql`(
  SELECT m.ine FROM municipio_clave c JOIN municipio m ON m.ine = c.ine
  WHERE c.clave = planazo_normaliza(${municipio}) AND m.lat IS NOT NULL
  ORDER BY ST_Distance(ST_MakePoint(m.lng, m.lat)::geography, ST_MakePoint(${lng}, ${lat})::geography)
  LIMIT 1)`;

/** A column of `plan` with its SQL type and a value: written as `value::type`, or in a batch as text cast to it. */
export type ValorColumna = [columna: string, tipo: string, valor: string | number | boolean | Date | null];

/** An array literal PostgreSQL reads as `categoria[]` (or any array of labels). */
const literalArray = (xs: readonly string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;

/**
 * The plan's own columns and their values from complete data (a new plan, or a stored one with
 * its changes): the one list every INSERT and UPDATE of a plan is built from. The town's INE code
 * is the caller's when it knows it (null: looked up by name, see columnasPlan). The weekdays of
 * its slots are written with it, so the slots' trigger finds them already right.
 */
/**
 * Its languages' columns: given, or every row of a batch's INSERT (which needs the same columns
 * for each); an UPDATE without them leaves them as they are.
 */
function valoresDeIdioma(d: DatosPlan, siempre: boolean): ValorColumna[] {
  return [
    ...(siempre || d.idioma !== undefined ? [["idioma", "text", d.idioma ?? IDIOMA_POR_DEFECTO] as ValorColumna] : []),
    ...(siempre || d.textos !== undefined ? [["textos", "jsonb", JSON.stringify(d.textos ?? {})] as ValorColumna] : []),
  ];
}

function valoresPlan(d: DatosPlan, ine: string | null, siempre = false): ValorColumna[] {
  const { lng, lat } = d.ubicacion!;
  return [
    ["titulo", "text", d.titulo ?? null],
    ["descripcion", "text", d.descripcion ?? ""],
    ["tipo", "tipo_plan", d.tipo ?? null],
    ["precio", "numeric", d.precio ?? null],
    ["municipio", "text", d.municipio ?? null],
    ["municipio_ine", "text", ine],
    ["direccion", "text", d.direccion ?? null],
    // EWKT: PostGIS reads it as ST_SetSRID(ST_MakePoint(lng, lat), 4326), to the same doubles.
    ["ubicacion", "geography", `SRID=4326;POINT(${lng} ${lat})`],
    ["fecha_inicio", "timestamptz", d.fechaInicio ?? null],
    ["fecha_fin", "timestamptz", d.fechaFin ?? null],
    ["categorias", "categoria[]", literalArray(d.categorias ?? ["Otros"])],
    ["dias_semana", "smallint", diasSemana(d)],
    ["enlace_web_exterior", "text", d.enlaceWebExterior ?? null],
    ["email_contacto", "text", d.emailContacto ?? null],
    ["telefono_contacto", "text", d.telefonoContacto ?? null],
    ["organizacion_id", "uuid", d.organizacionId ?? null],
    ...CAMPOS_SI_NO.map((k): ValorColumna => [SI_NO_PLAN[k].columna, "boolean", d[k] ?? false]),
    ...valoresDeIdioma(d, siempre),
  ];
}

/** plan.dias_semana of complete data: bit d for each weekday d its slots fall on (an event has none). */
const diasSemana = (d: DatosPlan) =>
  d.tipo === "experiencia" ? (d.horariosDisponibles ?? []).reduce((m, h) => m | (1 << h.diaSemana), 0) : 0;

const columna = (nombre: string) => Prisma.raw(`"${nombre}"`);
const valorSql = ([, tipo, valor]: ValorColumna) => Prisma.sql`${valor}::${Prisma.raw(tipo)}`;

/** The columns of a plan's UPDATE or single INSERT, its town's INE code looked up by name near the point. */
function columnasPlan(d: DatosPlan): [string, Prisma.Sql][] {
  const { lng, lat } = d.ubicacion!;
  return valoresPlan(d, null).map((v): [string, Prisma.Sql] => [
    v[0],
    v[0] === "municipio_ine" ? INE_DEL_MUNICIPIO(d.municipio!, lng, lat) : valorSql(v),
  ]);
}

/** INSERT of a new plan from complete data, plus the columns only a creation sets; its id. */
export async function insertarPlan(tx: Lector, d: DatosPlan, extra: ValorColumna[]): Promise<string> {
  const todas: [string, Prisma.Sql][] = [
    ...columnasPlan(d),
    ...extra.map((v): [string, Prisma.Sql] => [v[0], valorSql(v)]),
  ];
  const [{ id }] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO plan (${Prisma.join(todas.map(([c]) => columna(c)))}) VALUES (${Prisma.join(todas.map(([, v]) => v))}) RETURNING id`;
  return id;
}

/**
 * One INSERT of several new plans (a source's batch), each from complete data with its town's
 * INE code and the columns only a creation sets (the same columns for each). The rows go as one
 * JSON parameter of text values, cast back to each column's type: a batch's size changes neither
 * the statement nor its parameters, and the client's layers copy one string instead of
 * thousands of values.
 */
export async function insertarPlanes(
  tx: Pick<Prisma.TransactionClient, "$executeRaw">,
  planes: { datos: DatosPlan; ine: string; extra: ValorColumna[] }[],
): Promise<void> {
  const filas = planes.map((p) => [...valoresPlan(p.datos, p.ine, true), ...p.extra]);
  const texto = (v: ValorColumna[2]) => (v === null ? null : v instanceof Date ? v.toISOString() : String(v));
  const columnas = filas[0].map(([c, tipo]) => ({ c, tipo }));
  const json = JSON.stringify(filas.map((f) => f.map(([, , v]) => texto(v))));
  await tx.$executeRaw`
    INSERT INTO plan (${Prisma.join(columnas.map(({ c }) => columna(c)))})
    SELECT ${Prisma.join(columnas.map(({ tipo }, i) => Prisma.sql`(f ->> ${Prisma.raw(String(i))})::${Prisma.raw(tipo)}`))}
    FROM json_array_elements(${json}::json) AS f`;
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

/** A date as the dates' writes read it from JSON (json_to_recordset). */
const filaDeFecha = (f: FechaPlan, orden: number) => ({
  orden,
  inicio: f.inicio.toISOString(),
  fin: f.fin?.toISOString() ?? null,
  titulo: f.titulo,
  direccion: f.direccion,
  lng: f.ubicacion?.lng ?? null,
  lat: f.ubicacion?.lat ?? null,
});

/**
 * An evento's dates replace the ones it had, in the caller's transaction (the plan's own row,
 * with their span, is written beside it): a date with the id of one of the plan's keeps that id
 * (and the calendars' UIDs made from it), the others are new, and the plan's dates not given go.
 */
export async function escribirFechas(
  tx: Lector & Pick<Prisma.TransactionClient, "$executeRaw">,
  planId: string,
  fechas: FechaPlan[],
) {
  const ids = fechas.map((f) => f.id ?? null);
  await tx.$executeRaw`
    DELETE FROM plan_fecha WHERE plan_id = ${planId}::uuid
      AND id <> ALL(${ids.filter((i): i is string => i !== null)}::uuid[])`;
  const json = JSON.stringify(fechas.map((f, i) => ({ id: f.id ?? null, ...filaDeFecha(f, i) })));
  // The given ids that are this plan's are updated; any other date (no id, or someone else's) is new.
  await tx.$executeRaw`
    WITH dadas AS (
      SELECT * FROM json_to_recordset(${json}::json)
        AS x(id uuid, orden smallint, inicio timestamptz, fin timestamptz, titulo text, direccion text, lng float8,
          lat float8)),
    cambiadas AS (
      UPDATE plan_fecha f SET orden = d.orden, inicio = d.inicio, fin = d.fin, titulo = d.titulo, direccion = d.direccion,
        ubicacion = CASE WHEN d.lng IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint(d.lng, d.lat), 4326)::geography END
      FROM dadas d WHERE f.id = d.id AND f.plan_id = ${planId}::uuid
      RETURNING f.id)
    INSERT INTO plan_fecha (plan_id, orden, inicio, fin, titulo, direccion, ubicacion)
    SELECT ${planId}::uuid, d.orden, d.inicio, d.fin, d.titulo, d.direccion,
      CASE WHEN d.lng IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint(d.lng, d.lat), 4326)::geography END
    FROM dadas d WHERE d.id IS NULL OR d.id NOT IN (SELECT id FROM cambiadas)`;
}

/**
 * The dates of new plans of several dates (a source's batch), in one statement. The plans were
 * inserted with their span and with fechas_varias at their count: their INSERT gave them no date
 * of their own (migration 20261209000200_planes_fusionados), and the count's trigger finds their
 * row already right, so it is not written again.
 */
export async function escribirFechasNuevas(
  tx: Pick<Prisma.TransactionClient, "$executeRaw">,
  planes: { planId: string; fechas: FechaPlan[] }[],
): Promise<void> {
  if (planes.length === 0) return;
  const json = JSON.stringify(
    planes.flatMap(({ planId, fechas }) => fechas.map((f, i) => ({ plan_id: planId, ...filaDeFecha(f, i) }))),
  );
  await tx.$executeRaw`
    INSERT INTO plan_fecha (plan_id, orden, inicio, fin, titulo, direccion, ubicacion)
    SELECT d.plan_id, d.orden, d.inicio, d.fin, d.titulo, d.direccion,
      CASE WHEN d.lng IS NULL THEN NULL ELSE ST_SetSRID(ST_MakePoint(d.lng, d.lat), 4326)::geography END
    FROM json_to_recordset(${json}::json)
      AS d(plan_id uuid, orden smallint, inicio timestamptz, fin timestamptz, titulo text, direccion text, lng float8,
        lat float8)
    ORDER BY d.plan_id, d.inicio, d.orden`;
}

/**
 * Whether each place of a plan's dates is in the plan's town (as just written, in the caller's
 * transaction): the gazetteer's nearest town centre to the place is the plan's, or the place is
 * within CERCA_M of the plan's own point (an act just over the line from the venue). True for a
 * plan whose town the gazetteer lacks.
 */
export async function lugaresEnElMunicipio(lector: Lector, planId: string, fechas: FechaPlan[]): Promise<boolean> {
  const lugares = fechas.flatMap((f) => (f.ubicacion ? [f.ubicacion] : []));
  if (lugares.length === 0) return true;
  const [{ fuera }] = await lector.$queryRaw<{ fuera: number }[]>`
    SELECT count(*)::int AS fuera
    FROM plan p, unnest(${lugares.map((l) => l.lng)}::float8[], ${lugares.map((l) => l.lat)}::float8[]) AS l(lng, lat)
    WHERE p.id = ${planId}::uuid AND p.municipio_ine IS NOT NULL
      AND ST_Distance(ST_MakePoint(l.lng, l.lat)::geography, p.ubicacion) > ${CERCA_M}
      AND (SELECT m.ine FROM municipio m
           WHERE m.lat BETWEEN l.lat - 0.3 AND l.lat + 0.3 AND m.lng BETWEEN l.lng - 0.4 AND l.lng + 0.4
           ORDER BY ST_MakePoint(m.lng, m.lat)::geography <-> ST_MakePoint(l.lng, l.lat)::geography
           LIMIT 1) IS DISTINCT FROM p.municipio_ine`;
  return fuera === 0;
}

/** How far from the plan's point a date's place may be without being its town's nearest. */
const CERCA_M = 2_000;
