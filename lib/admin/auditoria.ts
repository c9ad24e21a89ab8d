import "server-only";
import { prisma } from "../db";
import { paginaKeyset } from "./cursor";

export { registrar, type Entrada } from "./auditoria-registro";

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
