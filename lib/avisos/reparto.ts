import { createHash } from "node:crypto";
import type { PrismaClient } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import { cuandoEventoTexto, diaYHora } from "../dates";
import type { Email } from "../mail/transport";
import { enqueueEmails } from "../mail/outbox";
import { correoPlanCambiado, correoPlanPublicado } from "../mail/templates";
import { IDIOMA_POR_DEFECTO, IDIOMAS, type Idioma } from "../idiomas";
import { espacioDe } from "../catalogo";
import { conDatos } from "../con-datos";
import { organizacionPath } from "../organizaciones/paths";
import { planPath } from "../plans/plan";
import { absoluta } from "../site";
import { aviso, encolarPush, type AvisoPush } from "./cola";
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

const cuandoDe = (a: AvisoPlan, idioma: Idioma = IDIOMA_POR_DEFECTO) =>
  cuandoEventoTexto(a.fecha_inicio?.toISOString() ?? null, a.fecha_fin?.toISOString() ?? null, idioma);

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
  // One notification per language of the followers: each reads it in the language of their profile.
  const cargaEn = (idioma: Idioma): AvisoPush => {
    const t = espacioDe(idioma, "avisos");
    const linea = (a: AvisoPlan) => {
      const cuando = cuandoDe(a, idioma);
      return `${a.titulo}${cuando ? ` · ${cuando}` : ""} · ${a.municipio}`;
    };
    if (planes.length === 1) {
      return aviso(
        conDatos(t.avisoPublicado, { organizacion: organizacion.nombre }),
        linea(primero),
        planPath(primero.titulo, primero.plan_id),
        idioma,
      );
    }
    const resto = planes.length - TITULOS_EN_AVISO;
    const titulos = planes
      .slice(0, TITULOS_EN_AVISO)
      .map((p) => p.titulo)
      .join(" · ");
    return aviso(
      conDatos(t.avisoPublicados, { organizacion: organizacion.nombre, n: String(planes.length) }),
      resto > 0 ? conDatos(t.yMas, { titulos, n: String(resto) }) : titulos,
      organizacion.url,
      idioma,
    );
  };
  const clave =
    planes.length === 1
      ? `publicado:${primero.plan_id}`
      : `publicados:${createHash("sha256")
          .update(
            planes
              .map((p) => p.plan_id)
              .sort()
              .join(","),
          )
          .digest("base64url")}`;
  let push = 0;
  for (const idioma of IDIOMAS) {
    push += await encolarPush(
      tx,
      Prisma.sql`
        SELECT s.usuario_id FROM seguimiento s JOIN usuario u ON u.id = s.usuario_id
        WHERE s.organizacion_id = ${primero.organizacion_id}::uuid AND s.confirmado_en IS NOT NULL
          AND u.publicaciones_push AND u.suspendido_en IS NULL AND u.idioma = ${idioma}`,
      clave,
      cargaEn(idioma),
      ahora,
    );
  }
  const porCorreo = await tx.$queryRaw<{ email: string; name: string; idioma: Idioma }[]>`
    SELECT u.email, u.name, u.idioma FROM seguimiento s JOIN usuario u ON u.id = s.usuario_id
    WHERE s.organizacion_id = ${primero.organizacion_id}::uuid AND s.confirmado_en IS NOT NULL
      AND ${CORREO_DE_PUBLICACIONES_SQL} AND u.email_verified AND u.suspendido_en IS NULL`;
  // Each follower's e-mail in their language: its dates and its links.
  const lista = (idioma: Idioma) =>
    planes.map((p) => ({
      titulo: p.titulo,
      cuando: cuandoDe(p, idioma),
      municipio: p.municipio,
      url: absoluta(idioma, planPath(p.titulo, p.plan_id)),
    }));
  await enqueueEmails(
    tx,
    porCorreo.map((u) =>
      correoPlanPublicado(
        u.email,
        u.name,
        { nombre: organizacion.nombre, url: absoluta(u.idioma, organizacion.url) },
        lista(u.idioma),
        u.idioma,
      ),
    ),
  );
  return push;
}

/** What a notice to a plan's savers says, in a language: title, text, its button and where it leads. */
function textoDelCambio(a: AvisoPlan, idioma: Idioma): { titulo: string; texto: string; url: string; boton: string } {
  const t = espacioDe(idioma, "avisos");
  // A cancelled plan has no page any more: its savers go to their saved plans.
  const url = a.tipo === "cancelado" ? "/planes-favoritos" : planPath(a.titulo, a.plan_id);
  const boton = a.tipo === "cancelado" ? t.verGuardados : t.verPlan;
  if (a.tipo === "fecha_movida" || a.tipo === "fecha_cancelada") {
    const datos = {
      titulo: a.titulo,
      acto: a.fecha_titulo ? ` (${a.fecha_titulo})` : "",
      antes: diaYHora(a.fecha_antes!, idioma),
      cuando: diaYHora(a.fecha_inicio!, idioma),
      municipio: a.municipio,
    };
    return a.tipo === "fecha_movida"
      ? { titulo: t.avisoFechaMovida, texto: conDatos(t.avisoFechaMovidaCuerpo, datos), url, boton }
      : { titulo: t.avisoFechaCancelada, texto: conDatos(t.avisoFechaCanceladaCuerpo, datos), url, boton };
  }
  const movido = a.tipo === "movido";
  const datos = { titulo: a.titulo, municipio: a.municipio, cuando: cuandoDe(a, idioma) ?? "" };
  return {
    titulo: movido ? t.avisoMovido : t.avisoCancelado,
    texto: conDatos(movido ? t.avisoMovidoCuerpo : t.avisoCanceladoCuerpo, datos),
    url,
    boton,
  };
}

/** A saved plan, or one of its dates, moved or was cancelled: its savers, as each chose, each in their language. */
async function cambiado(tx: Tx, a: AvisoPlan, ahora: Date): Promise<number> {
  const quienes = await tx.$queryRaw<
    {
      id: string;
      email: string;
      name: string;
      idioma: Idioma;
      cambios_push: boolean;
      cambios_correo: boolean;
      email_verified: boolean;
    }[]
  >`SELECT id, email, name, idioma, cambios_push, cambios_correo, email_verified FROM usuario
    WHERE id = ANY(${a.usuarios}::text[]) AND suspendido_en IS NULL`;
  let push = 0;
  for (const idioma of IDIOMAS) {
    const suyos = quienes.filter((u) => u.idioma === idioma);
    if (suyos.length === 0) continue;
    const { titulo, texto, url, boton } = textoDelCambio(a, idioma);
    push += await encolarPush(
      tx,
      suyos.filter((u) => u.cambios_push).map((u) => u.id),
      `${a.tipo}:${a.plan_id}:${a.id}`,
      aviso(titulo, texto, url, idioma),
      ahora,
    );
    const correos: Email[] = suyos
      .filter((q) => q.cambios_correo && q.email_verified)
      .map((u) =>
        correoPlanCambiado(u.email, u.name, { asunto: titulo, texto, url: absoluta(idioma, url), boton }, idioma),
      );
    await enqueueEmails(tx, correos);
  }
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
