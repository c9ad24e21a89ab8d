import type { PrismaClient } from "../db/client";
import { mensajesFuentes } from "./mensajes";

/**
 * One province's coverage: municipalities with at least one upcoming visible plan, of all its
 * municipalities; and those plans, and their dates to come (a show on three days is one plan
 * of three dates; an experience counts as one date).
 */
export interface CoberturaProvincia {
  provincia: string;
  conPlanes: number;
  municipios: number;
  planes: number;
  fechas: number;
}

/**
 * Which towns have something to show, by province, against the gazetteer (`npm run
 * fuentes:cobertura`): what the regions' agendas are for is that most villages do.
 */
export function coberturaPorProvincia(db: PrismaClient): Promise<CoberturaProvincia[]> {
  return db.$queryRaw<CoberturaProvincia[]>`
    WITH vivos AS (
      SELECT p.municipio_ine AS ine, count(*)::int AS planes,
             sum(CASE WHEN p.fechas_varias > 0 THEN (
                   SELECT count(*) FROM plan_fecha f WHERE f.plan_id = p.id AND coalesce(f.fin, f.inicio) >= now())
                 ELSE 1 END)::int AS fechas
      FROM plan p
      WHERE p.visible AND (p.fecha_fin IS NULL OR p.fecha_fin >= now()) AND p.municipio_ine IS NOT NULL
      GROUP BY p.municipio_ine)
    SELECT m.provincia,
           count(v.ine)::int AS "conPlanes",
           count(*)::int AS municipios,
           coalesce(sum(v.planes), 0)::int AS planes,
           coalesce(sum(v.fechas), 0)::int AS fechas
    FROM municipio m LEFT JOIN vivos v ON v.ine = m.ine
    GROUP BY m.provincia
    ORDER BY m.provincia`;
}

/** "Soria: 41 de 183 · 120 planes, 310 fechas", one province a line, and the country's total last. */
export function textoCobertura(filas: readonly CoberturaProvincia[]): string {
  const total = filas.reduce(
    (t, f) => ({
      con: t.con + f.conPlanes,
      de: t.de + f.municipios,
      planes: t.planes + f.planes,
      fechas: t.fechas + f.fechas,
    }),
    { con: 0, de: 0, planes: 0, fechas: 0 },
  );
  return [
    ...filas.map(
      (f) => `${f.provincia}: ${f.conPlanes} de ${f.municipios} · ${mensajesFuentes.planesYFechas(f.planes, f.fechas)}`,
    ),
    `España: ${total.con} de ${total.de} municipios con planes · ${mensajesFuentes.planesYFechas(total.planes, total.fechas)}`,
  ].join("\n");
}
