import "server-only";
import type { z } from "zod";
import { prisma } from "../db";
import { deliverSoon } from "../mail/send";
import { enqueueEmail } from "../mail/outbox";
import { avisoInterno } from "../mail/templates";
import { mensajes } from "../messages";
import { LIMITES, enforceLimits } from "../rate-limit";
import { etiquetaMotivo } from "./motivos";
import type { reporteSchema } from "./schemas";

const UUID_IN_URL = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:[?#].*)?$/i;

/** A misuse report: stored with its reason (plan resolved from its URL when it exists) and e-mailed to the team. */
export async function reportarPlan(
  datos: z.infer<typeof reporteSchema>,
  ip: string,
  usuarioId: string | null,
): Promise<string> {
  await enforceLimits(LIMITES.reporte(ip));
  const posible = datos.urlPlan.match(UUID_IN_URL)?.[1];
  const plan = posible ? await prisma.plan.findUnique({ where: { id: posible }, select: { id: true } }) : null;
  await prisma.$transaction(async (tx) => {
    await tx.reporte.create({
      data: {
        titulo: datos.titulo,
        urlArchivo: datos.urlArchivo ?? null,
        urlPlan: datos.urlPlan,
        planId: plan?.id ?? null,
        usuarioId,
        motivo: datos.motivo,
        detalle: datos.detalle,
      },
    });
    await enqueueEmail(
      tx,
      avisoInterno("Plan reportado", {
        Plan: datos.titulo,
        Enlace: datos.urlPlan,
        Cartel: datos.urlArchivo,
        Motivo: etiquetaMotivo(datos.motivo),
        Detalle: datos.detalle,
        "Id del plan": plan?.id ?? "no encontrado",
        Usuario: usuarioId ?? "anónimo",
      }),
    );
  });
  deliverSoon();
  return mensajes.reporteEnviado;
}
