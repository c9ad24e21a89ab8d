import "server-only";
import { prisma } from "../db";
import { ApiError } from "../http";
import type { StoredImage } from "../media/images";
import { archivoDe, borrarArchivos, borrarConImagen, escribirConImagen, guardarImagenSubida } from "../media/upload";
import { mensajes } from "../messages";
import { PLAN_JOINS, PLAN_LISTED, PLAN_SELECT } from "../plans/queries";
import { UUID_PATTERN } from "../plans/schemas";
import { serializeArchivo, serializePlan, type PlanRow } from "../plans/serialize";
import type { SessionUser } from "../users/session";
import { camposOrganizacionSchema, primerErrorOrganizacion, type CamposOrganizacion } from "./schemas";

/** The text fields of the multipart form (files under a text field's name are ignored). */
function leer(form: FormData): CamposOrganizacion {
  const campos = Object.keys(camposOrganizacionSchema.shape).flatMap((k) => {
    const v = form.get(k);
    return typeof v === "string" ? [[k, v]] : [];
  });
  return camposOrganizacionSchema.parse(Object.fromEntries(campos));
}

type OrgConLogo = {
  id: string; nombre: string; descripcion: string | null; direccion: string; emailContacto: string; telefonoContacto: string | null;
  usuarioId: string; fechaCreacion: Date;
  archivoLogo: { url: string; nombre: string; contentType: string; md5sum: string; hash: string; width: number; height: number } | null;
};

export function serializeOrganizacion(o: OrgConLogo) {
  return {
    _id: o.id,
    nombre: o.nombre,
    descripcion: o.descripcion,
    direccion: o.direccion,
    emailContacto: o.emailContacto,
    telefonoContacto: o.telefonoContacto,
    archivoLogo: serializeArchivo(o.archivoLogo),
    usuario: o.usuarioId,
    fechaCreacion: o.fechaCreacion.toISOString(),
  };
}

const CON_LOGO = { archivoLogo: true } as const;

export async function crearOrganizacion(user: SessionUser, form: FormData) {
  const d = leer(form);
  const logo = archivoDe(form, "archivoLogo");
  const error = primerErrorOrganizacion(d, { modo: "crear", conLogo: logo !== null });
  if (error) throw new ApiError(400, error);
  const img = await guardarImagenSubida(logo!, "logos");
  const org = await escribirConImagen(img, (tx) =>
    tx.organizacion.create({
      data: {
        nombre: d.nombre!, direccion: d.direccion ?? "", emailContacto: d.emailContacto!, telefonoContacto: d.telefonoContacto || null,
        descripcion: d.descripcion || null, usuario: { connect: { id: user.id } }, archivoLogo: { create: img },
      },
      include: CON_LOGO,
    }),
  );
  return { mensaje: mensajes.orgCreada, organizacion: serializeOrganizacion(org) };
}

function buscarOrganizacion(id: string) {
  return UUID_PATTERN.test(id) ? prisma.organizacion.findUnique({ where: { id }, include: CON_LOGO }) : null;
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
  const logo = archivoDe(form, "archivoLogo");
  const error = primerErrorOrganizacion(d, { modo: "actualizar", conLogo: logo !== null || actual.archivoLogo !== null });
  if (error) throw new ApiError(400, error);
  const img: StoredImage | null = logo ? await guardarImagenSubida(logo, "logos") : null;
  const org = await escribirConImagen(img, async (tx) => {
    const nuevo = img ? await tx.archivo.create({ data: img, select: { id: true } }) : null;
    const updated = await tx.organizacion.update({
      where: { id },
      data: {
        nombre: d.nombre, direccion: d.direccion, emailContacto: d.emailContacto, telefonoContacto: d.telefonoContacto || null,
        descripcion: d.descripcion || null, ...(nuevo ? { archivoLogoId: nuevo.id } : {}),
      },
      include: CON_LOGO,
    });
    if (nuevo && actual.archivoLogo) await tx.archivo.delete({ where: { id: actual.archivoLogo.id } });
    return updated;
  });
  if (img && actual.archivoLogo) await borrarArchivos([actual.archivoLogo]);
  return { mensaje: mensajes.datosActualizados, organizacion: serializeOrganizacion(org) };
}

/** Deletes an organization; its plans stay, without organization (the foreign key sets NULL). */
export async function eliminarOrganizacion(user: SessionUser, id: string) {
  const actual = await organizacionPropia(user, id);
  await borrarConImagen((tx) => tx.organizacion.delete({ where: { id } }), actual.archivoLogo);
  return { mensaje: mensajes.orgEliminada };
}

export async function organizacionesDeUsuario(usuarioId: string) {
  const orgs = await prisma.organizacion.findMany({ where: { usuarioId }, include: CON_LOGO, orderBy: [{ fechaCreacion: "asc" }, { id: "asc" }] });
  return orgs.map(serializeOrganizacion);
}

/** The public organization page's data: the organization and its listed plans. */
export async function organizacionConPlanes(id: string) {
  const org = await buscarOrganizacion(id);
  if (!org) return null;
  const planes = await prisma.$queryRaw<PlanRow[]>`
    SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS}
    WHERE p.organizacion_id = ${id}::uuid AND ${PLAN_LISTED}
    ORDER BY p.fecha_inicio NULLS FIRST, p.id`;
  return { ...serializeOrganizacion(org), planes: planes.map(serializePlan) };
}
