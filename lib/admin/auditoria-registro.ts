import type { Prisma } from "../generated/prisma/client";
import type { Accion } from "./acciones";

type Tx = Prisma.TransactionClient;

/** What the log knows of an action. `accion` names it (ocultar_plan, descartar_reportes…). */
export interface Entrada {
  accion: Accion;
  objetoTipo:
    | "plan"
    | "reporte"
    | "usuario"
    | "organizacion"
    | "patrocinio"
    | "solicitud"
    | "correo"
    | "fuente"
    | "servidor"
    | "actor";
  objetoId: string;
  motivo?: string | null;
  datos?: Prisma.InputJsonObject;
}

/** Writes one row of the audit log, inside the transaction of the change it records. */
export async function registrar(tx: Tx, gestor: { id: string; email: string }, e: Entrada): Promise<void> {
  await tx.auditoria.create({
    data: {
      actorId: gestor.id,
      actorCorreo: gestor.email,
      accion: e.accion,
      objetoTipo: e.objetoTipo,
      objetoId: e.objetoId,
      motivo: e.motivo ?? null,
      datos: e.datos ?? {},
    },
  });
}
