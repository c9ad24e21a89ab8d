import "server-only";
import { Prisma } from "../generated/prisma/client";
import { prisma } from "../db";
import { ApiError } from "../http";
import { mensajes } from "../messages";
import type { Gestor } from "./acceso";
import { cambioRegistrado } from "./auditoria";
import { dondeFiltros, paginaKeyset, POR_PAGINA_GESTION } from "./cursor";
import { mensajesGestion } from "../mensajes-gestion";

/**
 * Marks an organization verified, or takes the mark away. Idempotent: asking for the state it
 * already has changes nothing (and no search cache moves) but is logged like any other click.
 * The change is an UPDATE of organizacion, whose statement trigger moves the search version on, so the
 * very next search answer is read afresh.
 */
export async function verificarOrganizacion(
  gestor: Gestor,
  id: string,
  verificada: boolean,
  motivo: string | null,
): Promise<{ mensaje: string; cambio: boolean }> {
  const entrada = {
    accion: verificada ? "verificar_organizacion" : "quitar_verificacion",
    objetoTipo: "organizacion",
    objetoId: id,
    motivo,
  } as const;
  const cambio = await cambioRegistrado(gestor, entrada, async (tx) => {
    const [o] = await tx.$queryRaw<
      { verificada: boolean }[]
    >`SELECT verificada FROM organizacion WHERE id = ${id}::uuid FOR UPDATE`;
    if (!o) throw new ApiError(404, mensajes.orgNoEncontrada);
    const cambia = o.verificada !== verificada;
    // Raw SQL: the organization's `fechaActualizacion` is about its own data, not the team's mark.
    if (cambia)
      await tx.$executeRaw`UPDATE organizacion SET verificada = ${verificada}, verificada_en = ${verificada ? new Date() : null} WHERE id = ${id}::uuid`;
    return cambia;
  });
  const mensaje = verificada
    ? cambio
      ? mensajesGestion.orgVerificada
      : mensajesGestion.orgYaVerificada
    : cambio
      ? mensajesGestion.orgVerificacionQuitada
      : mensajesGestion.orgNoVerificada;
  return { mensaje, cambio };
}

export interface OrganizacionGestion {
  id: string;
  nombre: string;
  propietario: string;
  logo: string | null;
  verificada: boolean;
  verificada_en: Date | null;
  fecha_creacion: Date;
  planes: number;
}

/** Organizations by a piece of their name or their owner's e-mail, newest first (keyset on fecha_creacion, id). */
export async function buscarOrganizaciones(f: { q: string; despues: { fecha: Date; id: string } | null }) {
  const q = f.q.trim().toLowerCase();
  const condiciones: Prisma.Sql[] = [];
  if (q) {
    const patron = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condiciones.push(Prisma.sql`(lower(o.nombre) LIKE ${patron} OR lower(u.email) LIKE ${patron})`);
  }
  if (f.despues) condiciones.push(Prisma.sql`(o.fecha_creacion, o.id) < (${f.despues.fecha}, ${f.despues.id}::uuid)`);
  const filas = await prisma.$queryRaw<OrganizacionGestion[]>`
    SELECT o.id, o.nombre, u.email AS propietario, a.url AS logo, o.verificada, o.verificada_en, o.fecha_creacion,
           (SELECT count(*)::int FROM plan p WHERE p.organizacion_id = o.id) AS planes
    FROM organizacion o
    JOIN usuario u ON u.id = o.usuario_id
    LEFT JOIN archivo a ON a.id = o.archivo_logo_id
    ${dondeFiltros(condiciones)}
    ORDER BY o.fecha_creacion DESC, o.id DESC
    LIMIT ${POR_PAGINA_GESTION + 1}`;
  const { pagina, siguiente } = paginaKeyset(filas, (ultima) => ({ fecha: ultima.fecha_creacion, id: ultima.id }));
  return { organizaciones: pagina, siguiente };
}
