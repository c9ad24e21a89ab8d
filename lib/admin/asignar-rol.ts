import type { PrismaClient } from "../db/client";
import { registrar } from "./auditoria-registro";
import type { Rol } from "../users/roles";

/** Who acts from the command line (`npm run admin:grant`), as the audit log names them. */
export const CONSOLA = { id: "consola", email: "consola" } as const;

/** Who acts in a scheduled job (`npm run retencion`, /api/tareas/*), as the audit log names them. */
export const TAREA = { id: "tarea", email: "tarea" } as const;

/**
 * Gives the account (by e-mail or id) a role, with its audit row in the same transaction.
 * Returns the previous role, or null when there is no such account.
 */
export async function asignarRol(
  prisma: PrismaClient,
  cuenta: { correo: string } | { id: string },
  rol: Rol,
  actor: { id: string; email: string },
  motivo: string | null = null,
): Promise<Rol | null> {
  return prisma.$transaction(async (tx) => {
    const [fila] = await ("correo" in cuenta
      ? tx.$queryRaw<
          { id: string; rol: Rol }[]
        >`SELECT id, rol::text AS rol FROM usuario WHERE lower(email) = ${cuenta.correo.trim().toLowerCase()} FOR UPDATE`
      : tx.$queryRaw<
          { id: string; rol: Rol }[]
        >`SELECT id, rol::text AS rol FROM usuario WHERE id = ${cuenta.id} FOR UPDATE`);
    if (!fila) return null;
    if (fila.rol !== rol) await tx.user.update({ where: { id: fila.id }, data: { rol } });
    await registrar(tx, actor, {
      accion: "asignar_rol",
      objetoTipo: "usuario",
      objetoId: fila.id,
      motivo,
      datos: { antes: fila.rol, despues: rol, cambio: fila.rol !== rol },
    });
    return fila.rol;
  });
}
