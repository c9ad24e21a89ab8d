import type { PrismaClient } from "../db/client";

/** One province's coverage: municipalities with at least one upcoming visible plan, of all its municipalities. */
export interface CoberturaProvincia {
  provincia: string;
  conPlanes: number;
  municipios: number;
}

/**
 * Which towns have something to show, by province, against the gazetteer (`npm run
 * fuentes:cobertura`): what the regions' agendas are for is that most villages do.
 */
export function coberturaPorProvincia(db: PrismaClient): Promise<CoberturaProvincia[]> {
  return db.$queryRaw<CoberturaProvincia[]>`
    SELECT m.provincia,
           count(*) FILTER (WHERE EXISTS (
             SELECT 1 FROM plan p WHERE p.municipio_ine = m.ine AND p.visible
               AND (p.fecha_fin IS NULL OR p.fecha_fin >= now())))::int AS "conPlanes",
           count(*)::int AS municipios
    FROM municipio m
    GROUP BY m.provincia
    ORDER BY m.provincia`;
}

/** "Soria: 41 de 183", one province a line, and the country's total last. */
export function textoCobertura(filas: readonly CoberturaProvincia[]): string {
  const total = filas.reduce((t, f) => ({ con: t.con + f.conPlanes, de: t.de + f.municipios }), { con: 0, de: 0 });
  return [
    ...filas.map((f) => `${f.provincia}: ${f.conPlanes} de ${f.municipios}`),
    `España: ${total.con} de ${total.de} municipios con planes`,
  ].join("\n");
}
