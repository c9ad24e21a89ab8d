import { createHash } from "node:crypto";
import type { PrismaClient } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { format } from "date-fns";
import { es } from "date-fns/locale";
import { cuandoEventoTexto, enMadrid } from "../dates";
import type { Email } from "../mail/transport";
import { enqueueEmails } from "../mail/outbox";
import { correoPlanCambiado, correoPlanPublicado } from "../mail/templates";
import { conDatos } from "../messages";
import { organizacionPath } from "../organizaciones/paths";
import { planPath } from "../plans/plan";
import { site } from "../site";
import { aviso, encolarPush, type AvisoPush } from "./cola";
import { mensajesAvisos } from "./mensajes";
import { CORREO_DE_PUBLICACIONES_SQL } from "./preferencias";

interface AvisoPlan {
  id: bigint;
  tipo: "publicado" | "movido" | "cancelado" | "fecha_movida" | "fecha_cancelada";
  plan_id: string;
  titulo: string;
  municipio: string;
  fecha_inicio: Date | null;
  fecha_fin: Date | null;
  organizacion_id: string | null;
  organizacion: string | null;
  usuarios: string[];
  intentos: number;
  /** A date of a plan of several dates: its own title and its start before the change. */
  fecha_titulo: string | null;
  fecha_antes: Date | null;
}

type Tx = Prisma.TransactionClient;

/** A row that failed this many fan-outs is set aside with its error: the rows after it go on. */
const MAX_INTENTOS = 5;
/** The titles a notification of several plans names. */
const TITULOS_EN_AVISO = 3;

const cuandoDe = (a: AvisoPlan) =>
  cuandoEventoTexto(a.fecha_inicio?.toISOString() ?? null, a.fecha_fin?.toISOString() ?? null);

/**
 * A followed organization published, one plan or several at once (a calendar it connected
 * brings many): one notification for every device of its followers who want them, in one
 * statement (10,000 followers are one INSERT … SELECT, not 10,000 round trips), and one e-mail to
 * those who chose e-mail. Plans hidden or deleted since are left out.
 */
async function publicados(tx: Tx, filas: AvisoPlan[], ahora: Date): Promise<number> {
  const vigentes = new Set(
    (
      await tx.$queryRaw<{ id: string }[]>`
        SELECT id::text FROM plan WHERE id = ANY(${filas.map((f) => f.plan_id)}::uuid[]) AND visible`
    ).map((p) => p.id),
  );
  const planes = filas.filter((f) => vigentes.has(f.plan_id));
  const [primero] = planes;
  if (!primero?.organizacion_id || !primero.organizacion) return 0;
  const organizacion = {
    nombre: primero.organizacion,
    url: organizacionPath(primero.organizacion, primero.organizacion_id),
  };
  const linea = (a: AvisoPlan) => {
    const cuando = cuandoDe(a);
    return `${a.titulo}${cuando ? ` · ${cuando}` : ""} · ${a.municipio}`;
  };
  let carga: AvisoPush;
  let clave: string;
  if (planes.length === 1) {
    carga = aviso(
      conDatos(mensajesAvisos.avisoPublicado, { organizacion: organizacion.nombre }),
      linea(primero),
      planPath(primero.titulo, primero.plan_id),
    );
    clave = `publicado:${primero.plan_id}`;
  } else {
    const resto = planes.length - TITULOS_EN_AVISO;
    carga = aviso(
      conDatos(mensajesAvisos.avisoPublicados, { organizacion: organizacion.nombre, n: String(planes.length) }),
      planes
        .slice(0, TITULOS_EN_AVISO)
        .map((p) => p.titulo)
        .join(" · ") + (resto > 0 ? ` y ${resto} más` : ""),
      organizacion.url,
    );
    const ids = planes.map((p) => p.plan_id).sort();
    clave = `publicados:${createHash("sha256").update(ids.join(",")).digest("base64url")}`;
  }
  const push = await encolarPush(
    tx,
    Prisma.sql`
      SELECT s.usuario_id FROM seguimiento s JOIN usuario u ON u.id = s.usuario_id
      WHERE s.organizacion_id = ${primero.organizacion_id}::uuid AND s.confirmado_en IS NOT NULL
        AND u.publicaciones_push AND u.suspendido_en IS NULL`,
    clave,
    carga,
    ahora,
  );
  const porCorreo = await tx.$queryRaw<{ email: string; name: string }[]>`
    SELECT u.email, u.name FROM seguimiento s JOIN usuario u ON u.id = s.usuario_id
    WHERE s.organizacion_id = ${primero.organizacion_id}::uuid AND s.confirmado_en IS NOT NULL
      AND ${CORREO_DE_PUBLICACIONES_SQL} AND u.email_verified AND u.suspendido_en IS NULL`;
  const { url } = site();
  const lista = planes.map((p) => ({
    titulo: p.titulo,
    cuando: cuandoDe(p),
    municipio: p.municipio,
    url: `${url}${planPath(p.titulo, p.plan_id)}`,
  }));
  await enqueueEmails(
    tx,
    porCorreo.map((u) =>
      correoPlanPublicado(u.email, u.name, { nombre: organizacion.nombre, url: `${url}${organizacion.url}` }, lista),
    ),
  );
  return push;
}

/** "sáb 15 ago a las 20:00": a date of a plan of several dates in a notice. */
const fechaDelAviso = (d: Date) => format(enMadrid(d), "EEE d MMM 'a las' HH:mm", { locale: es });

/** What a notice to a plan's savers says: title, text and where it leads. */
function textoDelCambio(a: AvisoPlan): { titulo: string; texto: string; url: string } {
  // A cancelled plan has no page any more: its savers go to their saved plans.
  const url = a.tipo === "cancelado" ? "/planes-favoritos" : planPath(a.titulo, a.plan_id);
  if (a.tipo === "fecha_movida" || a.tipo === "fecha_cancelada") {
    const datos = {
      titulo: a.titulo,
      acto: a.fecha_titulo ? ` (${a.fecha_titulo})` : "",
      antes: fechaDelAviso(a.fecha_antes!),
      cuando: fechaDelAviso(a.fecha_inicio!),
      municipio: a.municipio,
    };
    return a.tipo === "fecha_movida"
      ? { titulo: mensajesAvisos.avisoFechaMovida, texto: conDatos(mensajesAvisos.avisoFechaMovidaCuerpo, datos), url }
      : {
          titulo: mensajesAvisos.avisoFechaCancelada,
          texto: conDatos(mensajesAvisos.avisoFechaCanceladaCuerpo, datos),
          url,
        };
  }
  const movido = a.tipo === "movido";
  const datos = { titulo: a.titulo, municipio: a.municipio, cuando: cuandoDe(a) ?? "" };
  return {
    titulo: movido ? mensajesAvisos.avisoMovido : mensajesAvisos.avisoCancelado,
    texto: conDatos(movido ? mensajesAvisos.avisoMovidoCuerpo : mensajesAvisos.avisoCanceladoCuerpo, datos),
    url,
  };
}

/** A saved plan, or one of its dates, moved or was cancelled: its savers, as each chose. */
async function cambiado(tx: Tx, a: AvisoPlan, ahora: Date): Promise<number> {
  const { titulo, texto, url } = textoDelCambio(a);
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
  const correos: Email[] = quienes
    .filter((q) => q.cambios_correo && q.email_verified)
    .map((u) =>
      correoPlanCambiado(u.email, u.name, {
        asunto: titulo,
        texto,
        url: `${site().url}${url}`,
        boton: a.tipo === "cancelado" ? "Ver mis planes guardados" : "Ver el plan",
      }),
    );
  await enqueueEmails(tx, correos);
  return push;
}

/**
 * Turns what happened to plans (aviso_plan, written by the plan table's trigger in the change's
 * own transaction) into notifications and e-mails, oldest first. Each transaction takes one
 * change, or every pending publication of one organization together (a connected calendar's
 * first sync is one notice, not one per plan), claimed FOR UPDATE SKIP LOCKED and marked in the
 * transaction that writes what it causes: several instances and the cron script can run this at
 * once, and a row is fanned out once. A failure is counted on its rows in a transaction of its
 * own; after MAX_INTENTOS they are set aside with the error, so one bad row never holds the rest.
 */
export async function repartirAvisos(
  prisma: PrismaClient,
  ahora = new Date(),
): Promise<{ avisos: number; envios: number }> {
  let avisos = 0;
  let envios = 0;
  const fallidos = new Set<bigint>();
  for (;;) {
    let tomadas: bigint[] = [];
    try {
      const hecho = await prisma.$transaction(
        async (tx) => {
          const [siguiente] = await tx.$queryRaw<AvisoPlan[]>`
            SELECT a.id, a.tipo, a.organizacion_id::text FROM aviso_plan a
            WHERE a.repartido_en IS NULL AND NOT (a.id = ANY(${[...fallidos]}::bigint[]))
            ORDER BY a.id LIMIT 1 FOR UPDATE SKIP LOCKED`;
          if (!siguiente) return null;
          const grupo = siguiente.tipo === "publicado" && siguiente.organizacion_id;
          const filas = await tx.$queryRaw<AvisoPlan[]>`
            SELECT a.id, a.tipo, a.plan_id::text, a.titulo, a.municipio, a.fecha_inicio, a.fecha_fin,
                   a.organizacion_id::text, o.nombre AS organizacion, a.usuarios, a.intentos,
                   a.fecha_titulo, a.fecha_antes
            FROM aviso_plan a LEFT JOIN organizacion o ON o.id = a.organizacion_id
            WHERE a.repartido_en IS NULL AND NOT (a.id = ANY(${[...fallidos]}::bigint[]))
              AND (a.id = ${siguiente.id}
                   OR (${Boolean(grupo)} AND a.tipo = 'publicado' AND a.organizacion_id = ${siguiente.organizacion_id}::uuid))
            ORDER BY a.id
            FOR UPDATE OF a SKIP LOCKED`;
          tomadas = filas.map((f) => f.id);
          const n =
            siguiente.tipo === "publicado" ? await publicados(tx, filas, ahora) : await cambiado(tx, filas[0], ahora);
          await tx.$executeRaw`UPDATE aviso_plan SET repartido_en = now() WHERE id = ANY(${tomadas}::bigint[])`;
          return { filas: filas.length, envios: n };
        },
        { timeout: 60_000 },
      );
      if (!hecho) return { avisos, envios };
      avisos += hecho.filas;
      envios += hecho.envios;
    } catch (error) {
      if (tomadas.length === 0) throw error;
      // Counted apart (the fan-out's transaction rolled back); this run leaves them alone.
      for (const id of tomadas) fallidos.add(id);
      const mensaje = String((error as Error).message ?? error).slice(0, 2000);
      await prisma.$executeRaw`
        UPDATE aviso_plan SET intentos = intentos + 1, ultimo_error = ${mensaje},
          repartido_en = CASE WHEN intentos + 1 >= ${MAX_INTENTOS} THEN now() END
        WHERE id = ANY(${tomadas}::bigint[])`;
      console.error("[avisos] reparto fallido:", mensaje);
    }
  }
}
