import { Prisma } from "../generated/prisma/client";
import type { PrismaClient } from "../db/client";
import { imageKeys } from "../media/images";
import { quitarArchivos } from "../media/quitar";

/**
 * The wizard's posters stored before their plan exists (lib/plans/cartel-temporal.ts): how long
 * they are kept, and their deletion. No server-only imports: `npm run retencion` runs it too.
 */

/** A draft's poster is kept a week: long enough to come back to a draft, short enough not to pile up. */
export const DIAS_CARTEL_TEMPORAL = 7;

/** The rows that have outlived DIAS_CARTEL_TEMPORAL (the same bound that publishing refuses them with). */
export const CADUCADOS = Prisma.sql`creado_en < now() - make_interval(days => ${DIAS_CARTEL_TEMPORAL})`;

/**
 * Deletes the temporary posters whose cartel_temporal row matches `donde`, with their archivo
 * rows, in one transaction, then their files (after the commit, so no row is left pointing at
 * missing files). A poster being published at that moment is safe: publishing locks its row,
 * so this waits and then finds it gone; and an archivo row that anything else uses is kept.
 * Answers how many went.
 */
export async function borrarCartelesTemporales(db: PrismaClient, donde: Prisma.Sql): Promise<number> {
  const archivos = await db.$transaction(async (tx) => {
    const filas = await tx.$queryRaw<{ archivo_id: string }[]>`
      DELETE FROM cartel_temporal WHERE ${donde} RETURNING archivo_id::text`;
    if (filas.length === 0) return [];
    return tx.$queryRaw<{ variantes: unknown }[]>`
      DELETE FROM archivo a
       WHERE a.id = ANY(${filas.map((f) => f.archivo_id)}::uuid[])
         AND NOT EXISTS (SELECT 1 FROM plan WHERE archivo_cartel_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM organizacion WHERE archivo_logo_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM patrocinio WHERE archivo_cartel_id = a.id)
      RETURNING a.variantes`;
  });
  await quitarArchivos(
    db,
    archivos.flatMap((a) => imageKeys(a.variantes)),
    "media",
  );
  return archivos.length;
}
