import "server-only";
import type { z } from "zod";
import { prisma } from "../db";
import { deliverSoon } from "../mail/send";
import { enqueueEmail } from "../mail/outbox";
import { avisoInterno } from "../mail/templates";
import { mensajes } from "../messages";
import { planPropio } from "../plans/mutations";
import { LIMITES, enforceLimits } from "../rate-limit";
import type { SessionUser } from "../users/session";
import type { destacadoSchema, euronaSchema } from "./schemas";

/** A request to feature a plan: stored with the user's own name and address, and e-mailed to the team. */
export async function solicitarDestacado(user: SessionUser, datos: z.infer<typeof destacadoSchema>): Promise<string> {
  await enforceLimits(LIMITES.destacado(user.id));
  // Only the user's own plan may be featured: 404 unknown, 403 someone else's.
  const plan = datos.idPlan ? await planPropio(user, datos.idPlan) : null;
  const nombrePlan = (plan?.titulo ?? datos.nombrePlan ?? "").slice(0, 50);
  await prisma.$transaction(async (tx) => {
    await tx.solicitudDestacado.create({
      data: {
        telefono: datos.telefono,
        nombre: (datos.nombre || user.name).slice(0, 50),
        correo: user.email,
        nombrePlan,
        origen: "Web app",
        idUser: user.id,
        planId: plan?.id ?? null,
      },
    });
    await enqueueEmail(
      tx,
      avisoInterno("Solicitud para destacar un plan", {
        Plan: nombrePlan,
        Teléfono: datos.telefono,
        Nombre: datos.nombre || user.name,
        Correo: user.email,
        Origen: "Web app",
      }),
    );
  });
  deliverSoon();
  return mensajes.destacadoEnviado;
}

/** A satellite internet information request (/eurona). */
export async function solicitarInformacionEurona(datos: z.infer<typeof euronaSchema>, ip: string): Promise<string> {
  await enforceLimits(LIMITES.eurona(ip));
  await prisma.$transaction(async (tx) => {
    await tx.solicitudInformacion.create({ data: { nombre: datos.nombre ?? "", telefono: datos.telefono } });
    await enqueueEmail(
      tx,
      avisoInterno("Solicitud de información de internet por satélite", {
        Nombre: datos.nombre,
        Teléfono: datos.telefono,
      }),
    );
  });
  deliverSoon();
  return mensajes.euronaEnviado;
}
