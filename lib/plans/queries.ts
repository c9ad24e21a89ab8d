import "server-only";
import { Prisma } from "../generated/prisma/client";
import { indiceLunesSql } from "../db/sql-fechas";

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

/**
 * The columns every plan read selects, with its slots, organization name and poster, in the
 * shape of PlanRow. One place, so the search, the detail and the lists agree.
 */
export const PLAN_SELECT = Prisma.sql`
  p.id, p.titulo, p.descripcion, p.tipo, ${PLAN_ES_DESTACADO} AS destacado, p.visible, p.precio::text AS precio,
  p.municipio, p.direccion, ST_X(p.ubicacion::geometry) AS lng, ST_Y(p.ubicacion::geometry) AS lat,
  p.fecha_inicio, p.fecha_fin, p.categorias::text[] AS categorias, p.enlace_web_exterior,
  p.email_contacto, p.telefono_contacto, p.usuario_id, p.organizacion_id, o.nombre AS organizacion_nombre,
  p.fecha_creacion,
  (SELECT json_agg(json_build_object('diaSemana', h.dia_semana, 'horaInicio', h.hora_inicio, 'horaFin', h.hora_fin)
                   ORDER BY ${indiceLunesSql(Prisma.sql`h.dia_semana`)}, h.hora_inicio)
     FROM horario_disponible h WHERE h.plan_id = p.id) AS horarios,
  ${ARCHIVO_JSON} AS cartel`;

export const PLAN_JOINS = Prisma.sql`
  LEFT JOIN organizacion o ON o.id = p.organizacion_id
  LEFT JOIN archivo a ON a.id = p.archivo_cartel_id`;

/** Listed plans: visible and not finished (an event until its end; an experience until its end, if any). */
export const PLAN_LISTED = Prisma.sql`p.visible AND (p.fecha_fin IS NULL OR p.fecha_fin >= now())`;
