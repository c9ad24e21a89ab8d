import "server-only";
import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { ApiError } from "../http";
import { storeUpload, writeWithImage } from "../media/upload";
import { mensajes } from "../messages";
import { sinValor, UUID_PATTERN } from "../schemas";
import type { SessionUser } from "../users/session";
import { borrarCartelesTemporales, CADUCADOS, DIAS_CARTEL_TEMPORAL } from "./cartel-temporal-caducado";
import { CAMPO_CARTEL_TEMPORAL } from "./input";
import { absoluteUrl } from "./plan";

/**
 * A poster stored as soon as it is chosen in the publishing wizard, before its plan exists, so a
 * draft resumed later (the browser closed, another day) still has it: the URL goes into the
 * draft (spec §3 'Wizard draft', urlArchivoTemporal) and publishing names it by its id. It goes
 * through the posters' own pipeline and becomes the plan's poster as it is when the plan is
 * published (the archivo row changes hands, nothing is stored twice).
 */

/** Choosing poster after poster never fills the storage: a person's oldest go beyond this many. */
export const MAX_CARTELES_TEMPORALES = 10;

/** The answer of POST /api/plan/cartel-temporal. */
export interface CartelTemporalApi {
  _id: string;
  urlArchivoTemporal: string;
  nombre: string;
  /** When publishing with it stops working (ISO). */
  caducaEn: string;
}

/** POST /api/plan/cartel-temporal: the posters' checks and variants, kept as the person's for DIAS_CARTEL_TEMPORAL days. */
export async function guardarCartelTemporal(user: SessionUser, cartel: File | null): Promise<CartelTemporalApi> {
  if (!cartel) throw new ApiError(400, mensajes.cartelObligatorio);
  const img = await storeUpload(cartel, "carteles");
  const fila = await writeWithImage(img, async (tx) => {
    const archivo = await tx.archivo.create({ data: img, select: { id: true } });
    return tx.cartelTemporal.create({
      data: { archivoId: archivo.id, usuarioId: user.id },
      select: { archivoId: true, creadoEn: true },
    });
  });
  await borrarCartelesTemporales(
    prisma,
    Prisma.sql`usuario_id = ${user.id} AND archivo_id NOT IN (
      SELECT archivo_id FROM cartel_temporal WHERE usuario_id = ${user.id}
       ORDER BY creado_en DESC, archivo_id LIMIT ${MAX_CARTELES_TEMPORALES})`,
  );
  return {
    _id: fila.archivoId,
    urlArchivoTemporal: absoluteUrl(img.url),
    nombre: img.nombre,
    caducaEn: new Date(fila.creadoEn.getTime() + DIAS_CARTEL_TEMPORAL * 86_400_000).toISOString(),
  };
}

/** The temporary poster a publishing form names (CAMPO_CARTEL_TEMPORAL), or null. */
export function cartelTemporalDelFormulario(form: FormData): string | null {
  const v = form.get(CAMPO_CARTEL_TEMPORAL);
  return typeof v === "string" && !sinValor(v) ? v.trim() : null;
}

/**
 * Inside the transaction that publishes a plan: the person's temporary poster `id` stops being
 * temporary and its archivo id is answered for the plan. Someone else's is refused (403), a
 * missing or expired one too (400); either aborts the transaction, so nothing is created. The
 * row stays locked until the commit: a second publish with it, or the retention, waits and then
 * finds it gone.
 */
export async function tomarCartelTemporal(
  tx: Prisma.TransactionClient,
  usuarioId: string,
  id: string,
): Promise<string> {
  if (!UUID_PATTERN.test(id)) throw new ApiError(400, mensajes.cartelTemporalCaducado);
  const [fila] = await tx.$queryRaw<{ usuario_id: string; caducado: boolean }[]>`
    SELECT usuario_id, ${CADUCADOS} AS caducado FROM cartel_temporal WHERE archivo_id = ${id}::uuid FOR UPDATE`;
  if (fila && fila.usuario_id !== usuarioId) throw new ApiError(403, mensajes.cartelTemporalAjeno);
  if (!fila || fila.caducado) throw new ApiError(400, mensajes.cartelTemporalCaducado);
  await tx.cartelTemporal.delete({ where: { archivoId: id } });
  return id;
}
