import "server-only";
import { prisma } from "../db";
import { diaMadrid, HOY_MADRID, inicioDiaMadrid } from "../db/sql-fechas";
import { Prisma } from "../generated/prisma/client";
import { PLAN_LISTED } from "../plans/queries";

export interface SerieDiaria {
  /** Madrid day, yyyy-MM-dd. */
  dia: string;
  planes: number;
  usuarios: number;
}

/** What needs the team's attention, the state of the catalogue, and the last 30 days, in one round trip. */
export async function resumen() {
  const [cuentas] = await prisma.$queryRaw<
    {
      reportes: number;
      solicitudes: number;
      contactos: number;
      correos_fallidos: number;
      listados: number;
      ocultos: number;
      finalizados: number;
    }[]
  >`
    SELECT
      (SELECT count(*)::int FROM reporte WHERE cerrado_en IS NULL) AS reportes,
      (SELECT count(*)::int FROM solicitud_destacado WHERE estado = 'nueva') AS solicitudes,
      (SELECT count(*)::int FROM solicitud_informacion WHERE contactado_en IS NULL) AS contactos,
      (SELECT count(*)::int FROM email_outbox WHERE sent_at IS NULL AND attempts > 0) AS correos_fallidos,
      (SELECT count(*)::int FROM plan p WHERE ${PLAN_LISTED}) AS listados,
      (SELECT count(*)::int FROM plan WHERE NOT visible) AS ocultos,
      (SELECT count(*)::int FROM plan WHERE visible AND fecha_fin < now()) AS finalizados`;
  // Each table is read once over the 30 days (by its creation index), then laid on the days.
  const serie = await prisma.$queryRaw<SerieDiaria[]>`
    WITH dias AS (
      SELECT d::date AS dia
      FROM generate_series(${HOY_MADRID} - 29, ${HOY_MADRID}, interval '1 day') d),
    desde AS (SELECT ${inicioDiaMadrid(Prisma.sql`min(dia)`)} AS t FROM dias),
    p AS (SELECT ${diaMadrid(Prisma.sql`fecha_creacion`)} AS dia, count(*)::int AS n FROM plan WHERE fecha_creacion >= (SELECT t FROM desde) GROUP BY 1),
    u AS (SELECT ${diaMadrid(Prisma.sql`created_at`)} AS dia, count(*)::int AS n FROM usuario WHERE created_at >= (SELECT t FROM desde) GROUP BY 1)
    SELECT to_char(dias.dia, 'YYYY-MM-DD') AS dia, coalesce(p.n, 0) AS planes, coalesce(u.n, 0) AS usuarios
    FROM dias LEFT JOIN p ON p.dia = dias.dia LEFT JOIN u ON u.dia = dias.dia
    ORDER BY dias.dia`;
  return { ...cuentas, serie };
}
