import "server-only";
import { Prisma } from "../generated/prisma/client";

/** The public File object (ArchivoRow) of the `archivo` row joined as `a`, or NULL. */
export const ARCHIVO_JSON = Prisma.sql`
  CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object(
    'url', a.url, 'nombre', a.nombre, 'path', a.path, 'contentType', a.content_type, 'md5sum', a.md5sum,
    'hash', a.hash, 'width', a.width, 'height', a.height) END`;

/**
 * The columns every plan read selects, with its slots, organization name and poster, in the
 * shape of PlanRow. One place, so the search, the detail and the lists agree.
 */
export const PLAN_SELECT = Prisma.sql`
  p.id, p.titulo, p.descripcion, p.tipo, p.destacado, p.visible, p.precio::text AS precio,
  p.municipio, p.direccion, ST_X(p.ubicacion::geometry) AS lng, ST_Y(p.ubicacion::geometry) AS lat,
  p.fecha_inicio, p.fecha_fin, p.categorias::text[] AS categorias, p.enlace_web_exterior,
  p.email_contacto, p.telefono_contacto, p.usuario_id, p.organizacion_id, o.nombre AS organizacion_nombre,
  p.fecha_creacion,
  (SELECT json_agg(json_build_object('diaSemana', h.dia_semana, 'horaInicio', h.hora_inicio, 'horaFin', h.hora_fin)
                   ORDER BY (h.dia_semana + 6) % 7, h.hora_inicio)
     FROM horario_disponible h WHERE h.plan_id = p.id) AS horarios,
  ${ARCHIVO_JSON} AS cartel`;

export const PLAN_JOINS = Prisma.sql`
  LEFT JOIN organizacion o ON o.id = p.organizacion_id
  LEFT JOIN archivo a ON a.id = p.archivo_cartel_id`;

/** Listed plans: visible and not finished (an event until its end; an experience until its end, if any). */
export const PLAN_LISTED = Prisma.sql`p.visible AND (p.fecha_fin IS NULL OR p.fecha_fin >= now())`;
