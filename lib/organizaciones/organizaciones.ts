import "server-only";
import { prisma, readDb } from "../db";
import { ApiError } from "../http";
import type { StoredImage } from "../media/images";
import { fileField, removeImageFiles, deleteWithImage, writeWithImage, storeUpload } from "../media/upload";
import { mensajes } from "../messages";
import { camposDeTexto } from "../schemas";
import { Prisma } from "../generated/prisma/client";
import { PLAN_JOINS, PLAN_LISTED, PLAN_SELECT } from "../plans/queries";
import { UUID_PATTERN } from "../schemas";
import type { PlanRow } from "../plans/plan";
import type { SessionUser } from "../users/session";
import { camposOrganizacionSchema, primerErrorOrganizacion, type CamposOrganizacion } from "./schemas";
import { serializeOrganizacion } from "./serialize";

/** The text fields of the multipart form. */
const leer = (form: FormData): CamposOrganizacion => camposDeTexto(form, camposOrganizacionSchema);

const CON_LOGO = { archivoLogo: true } as const;

export async function crearOrganizacion(user: SessionUser, form: FormData) {
  const d = leer(form);
  const logo = fileField(form, "archivoLogo");
  const error = primerErrorOrganizacion(d, { modo: "crear", conLogo: logo !== null });
  if (error) throw new ApiError(400, error);
  const img = await storeUpload(logo!, "logos");
  const org = await writeWithImage(img, (tx) =>
    tx.organizacion.create({
      data: {
        nombre: d.nombre!,
        direccion: d.direccion ?? "",
        emailContacto: d.emailContacto!,
        telefonoContacto: d.telefonoContacto || null,
        descripcion: d.descripcion || null,
        usuario: { connect: { id: user.id } },
        archivoLogo: { create: img },
      },
      include: CON_LOGO,
    }),
  );
  return { mensaje: mensajes.orgCreada, organizacion: serializeOrganizacion(org) };
}

function buscarOrganizacion(id: string, db = prisma) {
  return UUID_PATTERN.test(id) ? db.organizacion.findUnique({ where: { id }, include: CON_LOGO }) : null;
}

async function organizacionPropia(user: SessionUser, id: string) {
  const org = await buscarOrganizacion(id);
  if (!org) throw new ApiError(404, mensajes.orgNoEncontrada);
  if (org.usuarioId !== user.id) throw new ApiError(403, mensajes.orgAjena);
  return org;
}

export async function actualizarOrganizacion(user: SessionUser, id: string, form: FormData) {
  const actual = await organizacionPropia(user, id);
  const cambios = leer(form);
  const d: CamposOrganizacion = {
    nombre: cambios.nombre ?? actual.nombre,
    direccion: cambios.direccion ?? actual.direccion,
    emailContacto: cambios.emailContacto ?? actual.emailContacto,
    telefonoContacto: cambios.telefonoContacto ?? actual.telefonoContacto ?? "",
    // The spec's client sends the description only when it is not empty.
    descripcion: cambios.descripcion || actual.descripcion || "",
  };
  const logo = fileField(form, "archivoLogo");
  const error = primerErrorOrganizacion(d, {
    modo: "actualizar",
    conLogo: logo !== null || actual.archivoLogo !== null,
  });
  if (error) throw new ApiError(400, error);
  const img: StoredImage | null = logo ? await storeUpload(logo, "logos") : null;
  const org = await writeWithImage(img, async (tx) => {
    const nuevo = img ? await tx.archivo.create({ data: img, select: { id: true } }) : null;
    const updated = await tx.organizacion.update({
      where: { id },
      data: {
        nombre: d.nombre,
        direccion: d.direccion,
        emailContacto: d.emailContacto,
        telefonoContacto: d.telefonoContacto || null,
        descripcion: d.descripcion || null,
        ...(nuevo ? { archivoLogoId: nuevo.id } : {}),
      },
      include: CON_LOGO,
    });
    if (nuevo && actual.archivoLogo) await tx.archivo.delete({ where: { id: actual.archivoLogo.id } });
    return updated;
  });
  if (img && actual.archivoLogo) await removeImageFiles([actual.archivoLogo]);
  return { mensaje: mensajes.datosActualizados, organizacion: serializeOrganizacion(org) };
}

/** Deletes an organization; its plans stay, without organization (the foreign key sets NULL). */
export async function eliminarOrganizacion(user: SessionUser, id: string) {
  const actual = await organizacionPropia(user, id);
  await deleteWithImage((tx) => tx.organizacion.delete({ where: { id } }), actual.archivoLogo);
  return { mensaje: mensajes.orgEliminada };
}

export async function organizacionesDeUsuario(usuarioId: string) {
  const orgs = await prisma.organizacion.findMany({
    where: { usuarioId },
    include: CON_LOGO,
    orderBy: [{ fechaCreacion: "asc" }, { id: "asc" }],
  });
  return orgs.map((o) => serializeOrganizacion(o));
}

/**
 * The user's organizations with their `planes` (GET /api/organizacion/organizaciones-usuario):
 * all of them, hidden and finished ones too, as the owner's list of plans shows them.
 */
export async function organizacionesDeUsuarioConPlanes(usuarioId: string) {
  const orgs = await prisma.organizacion.findMany({
    where: { usuarioId },
    include: CON_LOGO,
    orderBy: [{ fechaCreacion: "asc" }, { id: "asc" }],
  });
  const planes =
    orgs.length === 0
      ? []
      : await prisma.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS}
    WHERE p.organizacion_id = ANY(${orgs.map((o) => o.id)}::uuid[])
    ORDER BY p.fecha_inicio NULLS FIRST, p.id`;
  return orgs.map((o) =>
    serializeOrganizacion(
      o,
      planes.filter((p) => p.organizacion_id === o.id),
    ),
  );
}

/**
 * An organization's listed plans (rows), soonest first. Bounded for its feeds: only those that
 * start by `hasta` (or have no start), at most `limite`.
 */
function planesDeOrganizacion(
  db: Awaited<ReturnType<typeof readDb>>,
  id: string,
  tope?: { hasta: Date; limite: number },
): Promise<PlanRow[]> {
  return db.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS}
    WHERE p.organizacion_id = ${id}::uuid AND ${PLAN_LISTED}
      ${tope ? Prisma.sql`AND (p.fecha_inicio IS NULL OR p.fecha_inicio <= ${tope.hasta})` : Prisma.empty}
    ORDER BY p.fecha_inicio NULLS FIRST, p.id
    ${tope ? Prisma.sql`LIMIT ${tope.limite}` : Prisma.empty}`;
}

/** The public organization page's data: the organization and its listed plans (from the read replica when there is one). */
export async function organizacionConPlanes(id: string) {
  const db = await readDb();
  const org = await buscarOrganizacion(id, db);
  if (!org) return null;
  return serializeOrganizacion(org, await planesDeOrganizacion(db, id));
}

/** An organization's feeds (lib/difusion/feeds.ts): the organization and the rows of its plans that start by `hasta`, at most `limite`. */
export async function organizacionParaFeed(id: string, hasta: Date, limite: number) {
  const db = await readDb();
  const org = await buscarOrganizacion(id, db);
  if (!org) return null;
  return { org: serializeOrganizacion(org), filas: await planesDeOrganizacion(db, id, { hasta, limite }) };
}
