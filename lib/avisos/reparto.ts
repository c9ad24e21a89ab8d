import type { PrismaClient } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { cuandoEventoTexto } from "../dates";
import { enqueueEmail } from "../mail/outbox";
import { correoPlanCambiado, correoPlanPublicado } from "../mail/templates";
import { conDatos, mensajes } from "../messages";
import { planPath } from "../plans/plan";
import { site } from "../site";
import { aviso, encolarPush } from "./cola";
import { cuandoSePuedeAvisar } from "./silencio";

interface AvisoPlan {
  id: bigint;
  tipo: "publicado" | "movido" | "cancelado";
  plan_id: string;
  titulo: string;
  municipio: string;
  fecha_inicio: Date | null;
  fecha_fin: Date | null;
  organizacion_id: string | null;
  organizacion: string | null;
  usuarios: string[];
}

type Tx = Prisma.TransactionClient;

/** How many of aviso_plan's rows one transaction fans out. */
const POR_TANDA = 20;

const cuandoDe = (a: AvisoPlan) =>
  cuandoEventoTexto(a.fecha_inicio?.toISOString() ?? null, a.fecha_fin?.toISOString() ?? null);

/**
 * A followed organization published: one notification for every device of its followers who
 * want them, in one statement (10,000 followers are one INSERT … SELECT, not 10,000 round
 * trips), and an e-mail to those who chose e-mail.
 */
async function publicado(tx: Tx, a: AvisoPlan, ahora: Date): Promise<number> {
  const url = planPath(a.titulo, a.plan_id);
  const cuando = cuandoDe(a);
  const organizacion = a.organizacion ?? "";
  const carga = aviso(
    conDatos(mensajes.avisoPublicado, { organizacion }),
    `${a.titulo}${cuando ? ` · ${cuando}` : ""} · ${a.municipio}`,
    url,
  );
  const push = await tx.$executeRaw`
    INSERT INTO push_envio (suscripcion_id, clave, carga, proximo_intento_en)
    SELECT ps.id, ${`publicado:${a.plan_id}`}, ${JSON.stringify(carga)}::jsonb, ${cuandoSePuedeAvisar(ahora)}
    FROM seguimiento s
    JOIN usuario u ON u.id = s.usuario_id
    JOIN push_suscripcion ps ON ps.usuario_id = s.usuario_id
    WHERE s.organizacion_id = ${a.organizacion_id}::uuid AND s.confirmado_en IS NOT NULL
      AND u.publicaciones_push AND u.suspendido_en IS NULL
    ON CONFLICT (suscripcion_id, clave) DO NOTHING`;
  const porCorreo = await tx.$queryRaw<{ email: string; name: string }[]>`
    SELECT u.email, u.name FROM seguimiento s JOIN usuario u ON u.id = s.usuario_id
    WHERE s.organizacion_id = ${a.organizacion_id}::uuid AND s.confirmado_en IS NOT NULL
      AND u.publicaciones_correo AND u.email_verified AND u.suspendido_en IS NULL`;
  for (const u of porCorreo) {
    await enqueueEmail(
      tx,
      correoPlanPublicado(u.email, u.name, organizacion, {
        titulo: a.titulo,
        cuando,
        municipio: a.municipio,
        url: `${site().url}${url}`,
      }),
    );
  }
  return push;
}

/** A saved plan moved or was cancelled: its savers, as each chose. */
async function cambiado(tx: Tx, a: AvisoPlan, ahora: Date): Promise<number> {
  const movido = a.tipo === "movido";
  const datos = { titulo: a.titulo, municipio: a.municipio, cuando: cuandoDe(a) ?? "" };
  const titulo = movido ? mensajes.avisoMovido : mensajes.avisoCancelado;
  const texto = conDatos(movido ? mensajes.avisoMovidoCuerpo : mensajes.avisoCanceladoCuerpo, datos);
  // A cancelled plan has no page any more: its savers go to their saved plans.
  const url = movido ? planPath(a.titulo, a.plan_id) : "/planes-favoritos";
  const quienes = await tx.$queryRaw<
    {
      id: string;
      email: string;
      name: string;
      cambios_push: boolean;
      cambios_correo: boolean;
      email_verified: boolean;
    }[]
  >`SELECT id, email, name, cambios_push, cambios_correo, email_verified FROM usuario
    WHERE id = ANY(${a.usuarios}::text[]) AND suspendido_en IS NULL`;
  const push = await encolarPush(
    tx,
    quienes.filter((u) => u.cambios_push).map((u) => u.id),
    `${a.tipo}:${a.plan_id}:${a.id}`,
    aviso(titulo, texto, url),
    ahora,
  );
  for (const u of quienes.filter((q) => q.cambios_correo && q.email_verified)) {
    await enqueueEmail(
      tx,
      correoPlanCambiado(u.email, u.name, {
        asunto: titulo,
        texto,
        url: `${site().url}${url}`,
        boton: movido ? "Ver el plan" : "Ver mis planes guardados",
      }),
    );
  }
  return push;
}

/**
 * Turns what happened to plans (aviso_plan, written by the plan table's trigger in the change's
 * own transaction) into notifications and e-mails. Each row is claimed FOR UPDATE SKIP LOCKED
 * and marked in the transaction that writes what it causes: several instances and the cron
 * script can run this at once, and a row is fanned out once.
 */
export async function repartirAvisos(
  prisma: PrismaClient,
  ahora = new Date(),
): Promise<{ avisos: number; envios: number }> {
  let avisos = 0;
  let envios = 0;
  for (;;) {
    const hechos = await prisma.$transaction(
      async (tx) => {
        const filas = await tx.$queryRaw<AvisoPlan[]>`
          SELECT a.id, a.tipo, a.plan_id::text, a.titulo, a.municipio, a.fecha_inicio, a.fecha_fin,
                 a.organizacion_id::text, o.nombre AS organizacion, a.usuarios
          FROM aviso_plan a LEFT JOIN organizacion o ON o.id = a.organizacion_id
          WHERE a.repartido_en IS NULL
          ORDER BY a.id LIMIT ${POR_TANDA}
          FOR UPDATE OF a SKIP LOCKED`;
        for (const a of filas) {
          // An organization deleted since it published has no followers left to tell.
          if (a.tipo === "publicado") envios += a.organizacion_id ? await publicado(tx, a, ahora) : 0;
          else envios += await cambiado(tx, a, ahora);
        }
        if (filas.length > 0)
          await tx.$executeRaw`UPDATE aviso_plan SET repartido_en = now() WHERE id = ANY(${filas.map((f) => f.id)}::bigint[])`;
        return filas.length;
      },
      { timeout: 60_000 },
    );
    avisos += hechos;
    if (hechos < POR_TANDA) return { avisos, envios };
  }
}
