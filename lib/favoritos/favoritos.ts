import "server-only";
import { prisma } from "../db";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import { PLAN_JOINS, PLAN_LISTED, PLAN_SELECT } from "../plans/queries";
import { UUID_PATTERN } from "../schemas";
import { serializePlan, type PlanRow } from "../plans/plan";

/** A plan that can be saved (a public one): its id and title, or null for any other id. */
export async function planParaGuardar(planId: string): Promise<{ id: string; titulo: string } | null> {
  if (!UUID_PATTERN.test(planId)) return null;
  return prisma.plan.findFirst({ where: { id: planId, visible: true }, select: { id: true, titulo: true } });
}

async function planVisible(planId: string): Promise<void> {
  if (!(await planParaGuardar(planId))) throw new ApiError(404, mensajes.planNoEncontrado);
}

/** Saves a plan; saving it again changes nothing. */
export async function agregarFavorito(usuarioId: string, planId: string): Promise<string> {
  await planVisible(planId);
  await prisma.favorito.upsert({
    where: { usuarioId_planId: { usuarioId, planId } },
    create: { usuarioId, planId },
    update: {},
  });
  return mensajes.favoritoGuardado;
}

/** Removes a saved plan; removing one that is not saved changes nothing. */
export async function eliminarFavorito(usuarioId: string, planId: string): Promise<string> {
  if (!UUID_PATTERN.test(planId)) throw new ApiError(404, mensajes.planNoEncontrado);
  await prisma.favorito.deleteMany({ where: { usuarioId, planId } });
  return mensajes.favoritoEliminado;
}

/**
 * The user's saved plans that are still visible: those still to come, most recently saved first,
 * then those that have ended (as planTerminado reads them), most recently saved first. The web's
 * page (`conCancelados`) also keeps, marked, the ones their source cancelled, so the person learns
 * it there rather than finding them gone; the apps' list keeps its documented shape.
 */
export async function planesFavoritos(usuarioId: string, { conCancelados = false } = {}) {
  const rows = await prisma.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM favorito f JOIN plan p ON p.id = f.plan_id ${PLAN_JOINS}
    WHERE f.usuario_id = ${usuarioId}
      AND (p.visible OR (${conCancelados} AND p.oculto_motivo = ${mensajes.canceladoEnLaFuente}))
    ORDER BY NOT (${PLAN_LISTED}), f.created_at DESC, p.id`;
  return rows.map((r) => (r.visible ? serializePlan(r) : { ...serializePlan(r), canceladoEnLaFuente: true }));
}

/** The ids of every plan the user has saved: what a page of cards needs to fill its hearts. */
export async function idsFavoritos(usuarioId: string): Promise<string[]> {
  const rows = await prisma.favorito.findMany({ where: { usuarioId }, select: { planId: true } });
  return rows.map((r) => r.planId);
}
