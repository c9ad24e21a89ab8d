import type { Idioma } from "../idiomas";
import "server-only";
import { Prisma } from "../generated/prisma/client";
import { prisma } from "../db";
import { ApiError } from "../http";
import { enqueueEmail } from "../mail/outbox";
import { deliverSoon } from "../mail/send";
import { correoCuentaSuspendida } from "../mail/templates";
import { mensajes } from "../messages";
import type { Gestor } from "./acceso";
import { registrar } from "./auditoria";
import { dondeFiltros, paginaKeyset, POR_PAGINA_GESTION } from "./cursor";
import type { Rol } from "../users/roles";
import { mensajesGestion } from "../mensajes-gestion";

/**
 * Suspends an account: its sessions are revoked at once (the next request of any of its
 * devices is anonymous), log-in is refused (lib/users/auth.ts), its visible plans are hidden and
 * marked as hidden by the suspension, and the person is e-mailed why. One transaction.
 */
export async function suspenderUsuario(
  gestor: Gestor,
  usuarioId: string,
  motivo: string,
): Promise<{ mensaje: string; cambio: boolean }> {
  if (usuarioId === gestor.id) throw new ApiError(400, mensajes.noAutorizado);
  const resultado = await prisma.$transaction(async (tx) => {
    const [u] = await tx.$queryRaw<{ email: string; name: string; idioma: Idioma; suspendido: boolean }[]>`
      SELECT email, name, idioma, suspendido_en IS NOT NULL AS suspendido FROM usuario WHERE id = ${usuarioId} FOR UPDATE`;
    if (!u) throw new ApiError(404, mensajesGestion.usuarioNoEncontrado);
    let planes = 0;
    if (!u.suspendido) {
      await tx.user.update({ where: { id: usuarioId }, data: { suspendidoEn: new Date(), suspendidoMotivo: motivo } });
      await tx.session.deleteMany({ where: { userId: usuarioId } });
      planes =
        await tx.$executeRaw`UPDATE plan SET visible = false, oculto_por_suspension = true WHERE usuario_id = ${usuarioId} AND visible`;
      await enqueueEmail(tx, correoCuentaSuspendida(u.email, u.name, motivo, u.idioma));
    }
    await registrar(tx, gestor, {
      accion: "suspender_usuario",
      objetoTipo: "usuario",
      objetoId: usuarioId,
      motivo,
      datos: { cambio: !u.suspendido, planesOcultados: planes },
    });
    return !u.suspendido;
  });
  if (resultado) deliverSoon();
  return {
    mensaje: resultado ? mensajesGestion.usuarioSuspendido : mensajesGestion.usuarioYaSuspendido,
    cambio: resultado,
  };
}

/** Lifts a suspension: log-in works again and exactly the plans the suspension hid are published. */
export async function restaurarUsuario(
  gestor: Gestor,
  usuarioId: string,
  motivo: string | null,
): Promise<{ mensaje: string; cambio: boolean }> {
  const cambio = await prisma.$transaction(async (tx) => {
    const [u] = await tx.$queryRaw<
      { suspendido: boolean }[]
    >`SELECT suspendido_en IS NOT NULL AS suspendido FROM usuario WHERE id = ${usuarioId} FOR UPDATE`;
    if (!u) throw new ApiError(404, mensajesGestion.usuarioNoEncontrado);
    let planes = 0;
    if (u.suspendido) {
      await tx.user.update({ where: { id: usuarioId }, data: { suspendidoEn: null, suspendidoMotivo: null } });
      planes =
        await tx.$executeRaw`UPDATE plan SET visible = true, oculto_por_suspension = false WHERE usuario_id = ${usuarioId} AND oculto_por_suspension`;
    }
    await registrar(tx, gestor, {
      accion: "restaurar_usuario",
      objetoTipo: "usuario",
      objetoId: usuarioId,
      motivo,
      datos: { cambio: u.suspendido, planesPublicados: planes },
    });
    return u.suspendido;
  });
  return { mensaje: cambio ? mensajesGestion.usuarioRestaurado : mensajesGestion.usuarioNoSuspendido, cambio };
}

export interface UsuarioGestion {
  id: string;
  name: string;
  email: string;
  rol: Rol;
  created_at: Date;
  suspendido_en: Date | null;
  suspendido_motivo: string | null;
  planes: number;
}

/** People by a piece of their e-mail or name, newest first (keyset on created_at, id). */
export async function buscarUsuarios(f: { q: string; despues: { creado: Date; id: string } | null }) {
  const q = f.q.trim().toLowerCase();
  const condiciones: Prisma.Sql[] = [];
  if (q) {
    const patron = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(Prisma.sql`(lower(u.email) LIKE ${patron} OR lower(u.name) LIKE ${patron})`);
  }
  if (f.despues) condiciones.push(Prisma.sql`(u.created_at, u.id) < (${f.despues.creado}, ${f.despues.id})`);
  const filas = await prisma.$queryRaw<UsuarioGestion[]>`
    SELECT u.id, u.name, u.email, u.rol::text AS rol, u.created_at, u.suspendido_en, u.suspendido_motivo,
           (SELECT count(*)::int FROM plan p WHERE p.usuario_id = u.id) AS planes
    FROM usuario u
    ${dondeFiltros(condiciones)}
    ORDER BY u.created_at DESC, u.id DESC
    LIMIT ${POR_PAGINA_GESTION + 1}`;
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ creado: ultima.created_at, id: ultima.id }));
  return { usuarios: pagina, siguiente };
}
