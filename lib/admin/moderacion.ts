import type { Idioma } from "../idiomas";
import "server-only";
import { fechaHora, sumarMeses } from "../dates";
import { prisma } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { ApiError } from "../http";
import { enqueueEmail } from "../mail/outbox";
import { deliverSoon } from "../mail/send";
import { correoPlanOculto } from "../mail/templates";
import { conDatos, mensajes } from "../messages";
import type { Gestor } from "./acceso";
import { cambioRegistrado, registrar } from "./auditoria";
import { destacarPlan } from "./destacar";

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
export async function ocultarPlan(
  gestor: Gestor,
  planId: string,
  motivo: string,
): Promise<{ mensaje: string; cambio: boolean }> {
  await existePlan(planId);
  const cambio = await prisma.$transaction(async (tx) => {
    const [oculto] = await tx.$queryRaw<{ titulo: string; nombre: string; email: string; idioma: Idioma }[]>`
      UPDATE plan p SET visible = false, oculto_motivo = ${motivo}, oculto_por_suspension = false
      FROM usuario u WHERE p.id = ${planId}::uuid AND (p.visible OR p.oculto_por_suspension) AND u.id = p.usuario_id
      RETURNING p.titulo, u.name AS nombre, u.email, u.idioma`;
    const cerrados = await tx.reporte.updateMany({
      where: { planId, cerradoEn: null },
      data: { cerradoEn: new Date(), cerradoPor: gestor.email, resolucion: "ocultado" },
    });
    if (oculto)
      await enqueueEmail(tx, correoPlanOculto(oculto.email, oculto.nombre, oculto.titulo, motivo, oculto.idioma));
    await registrar(tx, gestor, {
      accion: "ocultar_plan",
      objetoTipo: "plan",
      objetoId: planId,
      motivo,
      datos: { cambio: Boolean(oculto), reportesCerrados: cerrados.count },
    });
    return Boolean(oculto);
  });
  if (cambio) deliverSoon();
  return { mensaje: cambio ? mensajesGestion.planOcultado : mensajesGestion.planYaOculto, cambio };
}

/** Publishes a hidden plan again (its reports stay closed). */
export async function mostrarPlan(
  gestor: Gestor,
  planId: string,
  motivo: string | null,
): Promise<{ mensaje: string; cambio: boolean }> {
  await existePlan(planId);
  const entrada = { accion: "mostrar_plan", objetoTipo: "plan", objetoId: planId, motivo } as const;
  const cambio = await cambioRegistrado(gestor, entrada, async (tx) => {
    const [duena] = await tx.$queryRaw<{ suspendido: boolean }[]>`
      SELECT u.suspendido_en IS NOT NULL AS suspendido FROM plan p JOIN usuario u ON u.id = p.usuario_id WHERE p.id = ${planId}::uuid FOR UPDATE OF u`;
    if (duena?.suspendido) throw new ApiError(409, mensajesGestion.planDeCuentaSuspendida);
    const n =
      await tx.$executeRaw`UPDATE plan SET visible = true, oculto_motivo = NULL, oculto_por_suspension = false WHERE id = ${planId}::uuid AND NOT visible`;
    return n > 0;
  });
  return { mensaje: cambio ? mensajesGestion.planMostrado : mensajesGestion.planYaVisible, cambio };
}

/**
 * Dismisses the open reports of a plan (the plan stays as it is), or one report that names no
 * plan of ours (`reporteId`).
 */
export async function descartarReportes(
  gestor: Gestor,
  cual: { planId: string } | { reporteId: string },
  motivo: string | null,
): Promise<{ mensaje: string; cambio: boolean }> {
  const donde = "planId" in cual ? { planId: cual.planId } : { id: cual.reporteId };
  const n = await prisma.$transaction(async (tx) => {
    const cerrados = await tx.reporte.updateMany({
      where: { ...donde, cerradoEn: null },
      data: { cerradoEn: new Date(), cerradoPor: gestor.email, resolucion: "descartado" },
    });
    await registrar(tx, gestor, {
      accion: "descartar_reportes",
      objetoTipo: "planId" in cual ? "plan" : "reporte",
      objetoId: "planId" in cual ? cual.planId : cual.reporteId,
      motivo,
      datos: { reportesCerrados: cerrados.count },
    });
    return cerrados.count;
  });
  return { mensaje: n > 0 ? mensajesGestion.reportesDescartados : mensajesGestion.sinReportesAbiertos, cambio: n > 0 };
}

import type { PeriodoDestacado } from "../solicitudes/schemas";
import { mensajesGestion } from "../mensajes-gestion";

/**
 * Features a plan for a week or a month more (from its current end while it is still featured,
 * so a renewal adds up), or stops featuring it (`quitar`). The plan is featured until that
 * instant and stops by itself (lib/plans/queries.ts PLAN_DESTACADO). In its own transaction, or
 * in the caller's (`tx`: featuring from a request changes the request in the same one).
 */
export async function destacar(
  gestor: Gestor,
  planId: string,
  periodo: PeriodoDestacado | "quitar",
  motivo: string | null,
  tx?: Prisma.TransactionClient,
): Promise<{ mensaje: string; cambio: boolean; hasta: string | null }> {
  if (!tx) return prisma.$transaction((t) => destacar(gestor, planId, periodo, motivo, t));
  const [fila] = await tx.$queryRaw<
    { hasta: Date | null; visible: boolean }[]
  >`SELECT destacado_hasta AS hasta, visible FROM plan WHERE id = ${planId}::uuid FOR UPDATE`;
  if (!fila) throw new ApiError(404, mensajes.planNoEncontrado);
  // The weeks paid for would run out while nobody can see it.
  if (!fila.visible && periodo !== "quitar") throw new ApiError(409, mensajesGestion.destacarOculto);
  const ahora = new Date();
  const desde = fila.hasta && fila.hasta > ahora ? fila.hasta : ahora;
  const hasta =
    periodo === "quitar"
      ? null
      : periodo === "semana"
        ? new Date(desde.getTime() + 7 * 86_400_000)
        : sumarMeses(desde, 1);
  const cambio = await destacarPlan(tx, planId, hasta);
  await registrar(tx, gestor, {
    accion: "destacar_plan",
    objetoTipo: "plan",
    objetoId: planId,
    motivo,
    datos: { periodo, hasta: hasta?.toISOString() ?? null, antes: fila.hasta?.toISOString() ?? null, cambio },
  });
  return {
    mensaje: hasta
      ? conDatos(mensajesGestion.destacadoHasta, { fecha: fechaHora(hasta) })
      : mensajesGestion.destacadoQuitado,
    cambio,
    hasta: hasta?.toISOString() ?? null,
  };
}
