import type { PrismaClient } from "../db/client";
import { diaEnMadrid, horaTexto, instanteEnMadrid, sumarDias } from "../dates";
import { enqueueEmail } from "../mail/outbox";
import { correoRecordatorio } from "../mail/templates";

interface Fila {
  usuario_id: string;
  email: string;
  name: string;
  titulo: string;
  municipio: string;
  fecha_inicio: Date;
}

/**
 * E-mails every user who wants reminders about the saved plans that start tomorrow (Madrid
 * day), one e-mail per user with all of them, through the outbox. Each saved plan is claimed
 * by setting favorito.recordatorio_enviado in the same transaction as the e-mail rows, so a
 * second run (or two at once: the second waits on the row locks, then finds them claimed)
 * sends nothing again. Works with any client: the app's, or a script's.
 */
export async function enviarRecordatorios(
  prisma: PrismaClient,
  ahora = new Date(),
): Promise<{ usuarios: number; planes: number }> {
  const manana = sumarDias(diaEnMadrid(ahora), 1);
  const desde = instanteEnMadrid(manana, "00:00");
  const hasta = instanteEnMadrid(sumarDias(manana, 1), "00:00");
  return prisma.$transaction(async (tx) => {
    const filas = await tx.$queryRaw<Fila[]>`
      WITH reclamados AS (
        UPDATE favorito f SET recordatorio_enviado = now()
        FROM plan p, usuario u
        WHERE f.plan_id = p.id AND f.usuario_id = u.id AND f.recordatorio_enviado IS NULL
          AND u.recordatorios AND u.email_verified AND p.visible
          AND p.fecha_inicio >= ${desde} AND p.fecha_inicio < ${hasta}
        RETURNING f.usuario_id, f.plan_id)
      SELECT r.usuario_id, u.email, u.name, p.titulo, p.municipio, p.fecha_inicio
      FROM reclamados r JOIN usuario u ON u.id = r.usuario_id JOIN plan p ON p.id = r.plan_id
      ORDER BY r.usuario_id, p.fecha_inicio, p.titulo`;
    const porUsuario = new Map<string, Fila[]>();
    for (const f of filas) porUsuario.set(f.usuario_id, [...(porUsuario.get(f.usuario_id) ?? []), f]);
    for (const planes of porUsuario.values()) {
      const { email, name } = planes[0];
      await enqueueEmail(
        tx,
        correoRecordatorio(
          email,
          name,
          planes.map((p) => ({
            titulo: p.titulo,
            municipio: p.municipio,
            hora: horaTexto(p.fecha_inicio.toISOString()),
          })),
        ),
      );
    }
    return { usuarios: porUsuario.size, planes: filas.length };
  });
}

/** Turns the reminder e-mails on or off for a user. */
export async function cambiarRecordatorios(prisma: PrismaClient, usuarioId: string, activos: boolean): Promise<void> {
  await prisma.user.update({ where: { id: usuarioId }, data: { recordatorios: activos } });
}

export async function recordatoriosActivos(prisma: PrismaClient, usuarioId: string): Promise<boolean> {
  const u = await prisma.user.findUnique({ where: { id: usuarioId }, select: { recordatorios: true } });
  return u?.recordatorios ?? false;
}
