import { espacioDe } from "../catalogo";
import type { Idioma } from "../idiomas";
import { createHash } from "node:crypto";
import type { PrismaClient } from "../db/client";
import { aviso, encolarPush } from "../avisos/cola";
import { conDatos } from "../con-datos";
import { diaEnMadrid, horaTexto, instanteEnMadrid, sumarDias, todoElDia } from "../dates";
import { enqueueEmail } from "../mail/outbox";
import { correoRecordatorio } from "../mail/templates";

interface Fila {
  usuario_id: string;
  email: string;
  name: string;
  idioma: Idioma;
  plan_id: string;
  por_correo: boolean;
  por_push: boolean;
  titulo: string;
  municipio: string;
  fecha_inicio: Date;
  fecha_fin: Date | null;
  /** A plan of several dates: the title of tomorrow's first date (an act), if it has one. */
  acto: string | null;
}

/** A reminded plan's start: its time, or "Todo el día" for a plan of whole days (todoElDia). */
const horaDe = (p: Fila): string | null =>
  todoElDia({ fechaInicio: p.fecha_inicio, fechaFin: p.fecha_fin }) ? null : horaTexto(p.fecha_inicio.toISOString());

/** A reminded plan's name: a programme's act with its plan's title. */
const tituloDe = (p: Fila): string => (p.acto ? `${p.titulo}: ${p.acto}` : p.titulo);

/**
 * Reminds every user who wants reminders about the saved plans that start tomorrow (Madrid
 * day), or of several dates, that have one tomorrow (the next one rather than the first: someone
 * who saved a course after its first session hears of the next): one e-mail per user with all of them through the outbox, and/or one notification on
 * their devices, as each chose. Each saved plan is claimed by setting
 * favorito.recordatorio_enviado in the same transaction as the e-mail and notification rows, so
 * a second run (or two at once: the second waits on the row locks, then finds them claimed)
 * sends nothing again. Works with any client: the app's, or a script's.
 */
export async function enviarRecordatorios(
  prisma: PrismaClient,
  ahora = new Date(),
): Promise<{ usuarios: number; planes: number; avisos: number }> {
  const manana = sumarDias(diaEnMadrid(ahora), 1);
  const desde = instanteEnMadrid(manana, "00:00");
  const hasta = instanteEnMadrid(sumarDias(manana, 1), "00:00");
  return prisma.$transaction(async (tx) => {
    const filas = await tx.$queryRaw<Fila[]>`
      WITH reclamados AS (
        UPDATE favorito f SET recordatorio_enviado = now()
        FROM plan p, usuario u
        WHERE f.plan_id = p.id AND f.usuario_id = u.id AND f.recordatorio_enviado IS NULL
          AND ((u.recordatorios AND u.email_verified) OR u.recordatorios_push) AND p.visible
          AND ((p.fecha_inicio >= ${desde} AND p.fecha_inicio < ${hasta})
            OR (p.fechas_varias > 0 AND EXISTS (
              SELECT 1 FROM plan_fecha d WHERE d.plan_id = p.id AND d.inicio >= ${desde} AND d.inicio < ${hasta})))
        RETURNING f.usuario_id, f.plan_id)
      SELECT r.usuario_id, u.email, u.name, u.idioma, p.id::text AS plan_id, p.titulo, p.municipio,
             coalesce(d.inicio, p.fecha_inicio) AS fecha_inicio, CASE WHEN d.id IS NULL THEN p.fecha_fin ELSE d.fin END AS fecha_fin,
             d.titulo AS acto, u.recordatorios AND u.email_verified AS por_correo, u.recordatorios_push AS por_push
      FROM reclamados r JOIN usuario u ON u.id = r.usuario_id JOIN plan p ON p.id = r.plan_id
        -- A plan of several dates: the first of tomorrow's (a course's next session, the fiestas' first act).
        LEFT JOIN LATERAL (
          SELECT g.id, g.inicio, g.fin, g.titulo FROM plan_fecha g
          WHERE p.fechas_varias > 0 AND g.plan_id = p.id AND g.inicio >= ${desde} AND g.inicio < ${hasta}
          ORDER BY g.inicio, g.orden LIMIT 1) d ON true
      ORDER BY r.usuario_id, coalesce(d.inicio, p.fecha_inicio), p.titulo`;
    const porUsuario = new Map<string, Fila[]>();
    for (const f of filas) porUsuario.set(f.usuario_id, [...(porUsuario.get(f.usuario_id) ?? []), f]);
    let avisos = 0;
    for (const [usuarioId, planes] of porUsuario) {
      const { email, name, idioma, por_correo, por_push } = planes[0];
      if (por_push) {
        const t = espacioDe(idioma, "avisos");
        const titulo =
          planes.length === 1 ? t.avisoManana : conDatos(t.avisoMananaVarios, { n: String(planes.length) });
        const cuerpo = planes
          .map((p) => `${horaDe(p) ?? t.avisoTodoElDia} · ${tituloDe(p)} (${p.municipio})`)
          .join("\n");
        const ids = planes
          .map((p) => p.plan_id)
          .sort()
          .join(",");
        const clave = `recordatorio:${createHash("sha256").update(ids).digest("base64url")}`;
        avisos += await encolarPush(tx, [usuarioId], clave, aviso(titulo, cuerpo, "/planes-favoritos", idioma), ahora);
      }
      if (!por_correo) continue;
      await enqueueEmail(
        tx,
        correoRecordatorio(
          email,
          name,
          planes.map((p) => ({
            titulo: tituloDe(p),
            municipio: p.municipio,
            hora: horaDe(p),
          })),
          idioma,
        ),
      );
    }
    return { usuarios: porUsuario.size, planes: filas.length, avisos };
  });
}

/** Turns the reminder e-mails on or off for a user. */
export async function cambiarRecordatorios(prisma: PrismaClient, usuarioId: string, activos: boolean): Promise<void> {
  await prisma.user.update({ where: { id: usuarioId }, data: { recordatorios: activos } });
}
