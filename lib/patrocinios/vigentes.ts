import "server-only";
import { readDb } from "../db";
import { HOY_MADRID, inicioDiaMadrid } from "../db/sql-fechas";
import { Prisma } from "../generated/prisma/client";
import { ARCHIVO_JSON } from "../plans/queries";
import { serializeArchivo, type ArchivoRow } from "../plans/plan";

/** A sponsor card among the plans of a search (spec §3, tipo Patrocinado). */
export interface Patrocinado {
  _id: string;
  tipo: "Patrocinado";
  empresa: string;
  enlaceCompany: string;
  enlaceEmpresa: string;
  titulo: string;
  descripcion: string;
  archivoCartel: ReturnType<typeof serializeArchivo>;
}

export interface PatrocinioRow {
  id: string;
  empresa: string;
  enlace_empresa: string;
  titulo: string;
  descripcion: string;
  cartel: ArchivoRow | null;
}

export function serializePatrocinio(s: PatrocinioRow): Patrocinado {
  return {
    _id: s.id,
    tipo: "Patrocinado",
    empresa: s.empresa,
    enlaceCompany: s.enlace_empresa,
    enlaceEmpresa: s.enlace_empresa,
    titulo: s.titulo,
    descripcion: s.descripcion,
    archivoCartel: serializeArchivo(s.cartel),
  };
}

/**
 * The state of the sponsor card `s` (the one place that says when a card is shown): paused by
 * the team, before its first day, after its last day, or shown ('activo'). Its days are Madrid's.
 */
export const ESTADO_PATROCINIO = Prisma.sql`(CASE
  WHEN NOT s.activo THEN 'pausado'
  WHEN s.activo_hasta IS NOT NULL AND s.activo_hasta < ${HOY_MADRID} THEN 'terminado'
  WHEN s.activo_desde IS NOT NULL AND s.activo_desde > ${HOY_MADRID} THEN 'programado'
  ELSE 'activo' END)`;

/** Every sponsor card in its turn (1 first; ties, from rows written by hand, by id). */
export const ORDEN_PATROCINIO = Prisma.sql`s.orden, s.id`;

/**
 * The instant the set of cards shown next changes by itself (a first day begins, a day after the
 * last begins), or NULL: searches fold it into their memo key (lib/busqueda/buscar.ts versionBusqueda).
 */
export const PROXIMO_CAMBIO_PATROCINIOS = Prisma.sql`(
  SELECT min(cambio) FROM (
    SELECT ${inicioDiaMadrid(Prisma.sql`s.activo_desde`)} AS cambio FROM patrocinio s WHERE s.activo AND s.activo_desde IS NOT NULL
    UNION ALL
    SELECT ${inicioDiaMadrid(Prisma.sql`(s.activo_hasta + 1)`)} FROM patrocinio s WHERE s.activo AND s.activo_hasta IS NOT NULL
  ) c WHERE cambio > now())`;

/** The cards shown today take turns: page 1 of a search shows the first, page 2 the second… */
export async function patrocinioDeLaPagina(page: number): Promise<Patrocinado | null> {
  const rows = await (
    await readDb()
  ).$queryRaw<PatrocinioRow[]>`
    SELECT s.id, s.empresa, s.enlace_empresa, s.titulo, s.descripcion, ${ARCHIVO_JSON} AS cartel
    FROM patrocinio s LEFT JOIN archivo a ON a.id = s.archivo_cartel_id
    WHERE ${ESTADO_PATROCINIO} = 'activo' ORDER BY ${ORDEN_PATROCINIO}`;
  return rows.length === 0 ? null : serializePatrocinio(rows[(page - 1) % rows.length]);
}
