import "server-only";
import { prisma } from "../db";
import { ApiError } from "../http";
import { enqueueEmail } from "../mail/outbox";
import { deliverSoon } from "../mail/send";
import { correoPlanOculto } from "../mail/templates";
import { mensajes } from "../messages";
import type { Gestor } from "./acceso";
import { registrar } from "./auditoria";

/**
 * Moderation of a plan. Each action is one transaction: the change, the reports it closes, the
 * owner's e-mail and the audit row. The change is a conditional UPDATE, so two moderators acting
 * at once make one change and two log rows (the second says nothing changed), never an error.
 */

async function existePlan(id: string): Promise<void> {
  const plan = await prisma.plan.findUnique({ where: { id }, select: { id: true } });
  if (!plan) throw new ApiError(404, mensajes.planNoEncontrado);
}

/** Hides a plan from the public with a reason; its open reports close as 'ocultado'; its owner is told why. */
export async function ocultarPlan(gestor: Gestor, planId: string, motivo: string): Promise<{ mensaje: string; cambio: boolean }> {
  await existePlan(planId);
  const cambio = await prisma.$transaction(async (tx) => {
    const [oculto] = await tx.$queryRaw<{ titulo: string; nombre: string; email: string }[]>`
      UPDATE plan p SET visible = false, oculto_motivo = ${motivo}
      FROM usuario u WHERE p.id = ${planId}::uuid AND p.visible AND u.id = p.usuario_id
      RETURNING p.titulo, u.name AS nombre, u.email`;
    const cerrados = await tx.reporte.updateMany({
      where: { planId, cerradoEn: null },
      data: { cerradoEn: new Date(), cerradoPor: gestor.email, resolucion: "ocultado" },
    });
    if (oculto) await enqueueEmail(tx, correoPlanOculto(oculto.email, oculto.nombre, oculto.titulo, motivo));
    await registrar(tx, gestor, { accion: "ocultar_plan", objetoTipo: "plan", objetoId: planId, motivo, datos: { cambio: Boolean(oculto), reportesCerrados: cerrados.count } });
    return Boolean(oculto);
  });
  if (cambio) deliverSoon();
  return { mensaje: cambio ? mensajes.planOcultado : mensajes.planYaOculto, cambio };
}

/** Publishes a hidden plan again (its reports stay closed). */
export async function mostrarPlan(gestor: Gestor, planId: string, motivo: string | null): Promise<{ mensaje: string; cambio: boolean }> {
  await existePlan(planId);
  const cambio = await prisma.$transaction(async (tx) => {
    const n = await tx.$executeRaw`UPDATE plan SET visible = true, oculto_motivo = NULL WHERE id = ${planId}::uuid AND NOT visible`;
    await registrar(tx, gestor, { accion: "mostrar_plan", objetoTipo: "plan", objetoId: planId, motivo, datos: { cambio: n > 0 } });
    return n > 0;
  });
  return { mensaje: cambio ? mensajes.planMostrado : mensajes.planYaVisible, cambio };
}

/**
 * Dismisses the open reports of a plan (the plan stays as it is), or one report that names no
 * plan of ours (`reporteId`).
 */
export async function descartarReportes(gestor: Gestor, cual: { planId: string } | { reporteId: string }, motivo: string | null): Promise<{ mensaje: string; cambio: boolean }> {
  const donde = "planId" in cual ? { planId: cual.planId } : { id: cual.reporteId };
  const n = await prisma.$transaction(async (tx) => {
    const cerrados = await tx.reporte.updateMany({ where: { ...donde, cerradoEn: null }, data: { cerradoEn: new Date(), cerradoPor: gestor.email, resolucion: "descartado" } });
    await registrar(tx, gestor, {
      accion: "descartar_reportes",
      objetoTipo: "planId" in cual ? "plan" : "reporte",
      objetoId: "planId" in cual ? cual.planId : cual.reporteId,
      motivo,
      datos: { reportesCerrados: cerrados.count },
    });
    return cerrados.count;
  });
  return { mensaje: n > 0 ? mensajes.reportesDescartados : mensajes.sinReportesAbiertos, cambio: n > 0 };
}
