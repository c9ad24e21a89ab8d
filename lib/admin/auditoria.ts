import "server-only";
import { prisma } from "../db";
import { paginaKeyset } from "./cursor";

import { registrar, type Entrada } from "./auditoria-registro";

export { registrar, type Entrada };

/**
 * An idempotent back-office change and its row of the log, in one transaction: `cambiar` makes
 * the change if it is still to be made (and throws when the thing is not there) and says whether
 * it changed anything, which the row records as `datos.cambio`. A second click, or a second
 * member of the team at once, changes nothing and is logged too.
 */
export async function cambioRegistrado(
  gestor: { id: string; email: string },
  entrada: Omit<Entrada, "datos">,
  cambiar: (tx: Parameters<typeof registrar>[0]) => Promise<boolean>,
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const cambio = await cambiar(tx);
    await registrar(tx, gestor, { ...entrada, datos: { cambio } });
    return cambio;
  });
}

export const POR_PAGINA_AUDITORIA = 50;

export interface FiltroAuditoria {
  actor?: string;
  accion?: string;
  objetoTipo?: string;
  objetoId?: string;
  /** Keyset cursor: the last row of the previous page. */
  antesDe?: { creadoEn: Date; id: string };
}

/** A page of the log, newest first, with the cursor of the next page (keyset, never OFFSET). */
export async function leerAuditoria(f: FiltroAuditoria) {
  const filas = await prisma.auditoria.findMany({
    where: {
      ...(f.actor ? { actorCorreo: { contains: f.actor, mode: "insensitive" } } : {}),
      ...(f.accion ? { accion: f.accion } : {}),
      ...(f.objetoTipo ? { objetoTipo: f.objetoTipo } : {}),
      ...(f.objetoId ? { objetoId: f.objetoId } : {}),
      ...(f.antesDe
        ? { OR: [{ creadoEn: { lt: f.antesDe.creadoEn } }, { creadoEn: f.antesDe.creadoEn, id: { lt: f.antesDe.id } }] }
        : {}),
    },
    orderBy: [{ creadoEn: "desc" }, { id: "desc" }],
    take: POR_PAGINA_AUDITORIA + 1,
  });
  const { pagina, siguiente } = paginaKeyset(
    filas,
    (ultima) => ({ creadoEn: ultima.creadoEn, id: ultima.id }),
    POR_PAGINA_AUDITORIA,
  );
  return { filas: pagina, siguiente };
}
