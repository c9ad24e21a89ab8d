import "server-only";
import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { ApiError } from "../http";
import type { StoredImage } from "../media/images";
import { archivoDe, borrarArchivos, borrarConImagen, escribirConImagen, guardarImagenSubida } from "../media/upload";
import { mensajes } from "../messages";
import type { SessionUser } from "../users/session";
import { PLAN_JOINS, PLAN_SELECT } from "./queries";
import { leerDatosPlan, primerErrorPlan, type DatosPlan } from "./input";
import { UUID_PATTERN } from "./schemas";
import { serializePlan, type PlanRow } from "./serialize";

async function comprobarOrganizacion(usuarioId: string, organizacionId: string | null | undefined): Promise<void> {
  if (!organizacionId) return;
  const org = await prisma.organizacion.findFirst({ where: { id: organizacionId, usuarioId }, select: { id: true } });
  if (!org) throw new ApiError(403, mensajes.organizacionAjena);
}

function datosDelFormulario(form: FormData): DatosPlan {
  const leido = leerDatosPlan(form);
  if ("error" in leido) throw new ApiError(400, leido.error);
  return leido.datos;
}

/** The municipality of the gazetteer with that name nearest to the point (for links and stats). */
const INE_DEL_MUNICIPIO = (municipio: string, lng: number, lat: number) => Prisma.sql`(
  SELECT m.ine FROM municipio_clave c JOIN municipio m ON m.ine = c.ine
  WHERE c.clave = planazo_normaliza(${municipio}) AND m.lat IS NOT NULL
  ORDER BY ST_Distance(ST_MakePoint(m.lng, m.lat)::geography, ST_MakePoint(${lng}, ${lat})::geography)
  LIMIT 1)`;

async function leerPlan(id: string, db: Pick<Prisma.TransactionClient, "$queryRaw"> = prisma): Promise<PlanRow> {
  const [row] = await db.$queryRaw<PlanRow[]>`SELECT ${PLAN_SELECT} FROM plan p ${PLAN_JOINS} WHERE p.id = ${id}::uuid`;
  return row;
}

/** POST /api/plan: validates (spec §5), stores the poster, then writes plan and slots in one transaction. */
export async function crearPlan(user: SessionUser, form: FormData) {
  const d = datosDelFormulario(form);
  const cartel = archivoDe(form, "archivoCartel");
  const error = primerErrorPlan(d, { modo: "crear", conCartel: cartel !== null });
  if (error) throw new ApiError(400, error);
  await comprobarOrganizacion(user.id, d.organizacionId);
  const img = await guardarImagenSubida(cartel!, "carteles");
  // The answer's row is read inside the transaction: once it has committed, nothing can fail
  // and take the poster's files away from a plan that exists.
  const row = await escribirConImagen(img, async (tx) => {
    const archivo = await tx.archivo.create({ data: img, select: { id: true } });
    const { lng, lat } = d.ubicacion!;
    const [{ id }] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO plan (titulo, descripcion, tipo, precio, municipio, municipio_ine, direccion, ubicacion, fecha_inicio, fecha_fin,
                        categorias, enlace_web_exterior, email_contacto, telefono_contacto, archivo_cartel_id, usuario_id, organizacion_id)
      VALUES (${d.titulo}, ${d.descripcion ?? ""}, ${d.tipo}::tipo_plan, ${d.precio ?? null}::numeric, ${d.municipio},
              ${INE_DEL_MUNICIPIO(d.municipio!, lng, lat)}, ${d.direccion},
              ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography, ${d.fechaInicio ?? null}, ${d.fechaFin ?? null},
              ${d.categorias ?? ["Otros"]}::text[]::categoria[], ${d.enlaceWebExterior ?? null}, ${d.emailContacto ?? null},
              ${d.telefonoContacto ?? null}, ${archivo.id}::uuid, ${user.id}, ${d.organizacionId ?? null}::uuid)
      RETURNING id`;
    if (d.tipo === "experiencia") {
      await tx.horarioDisponible.createMany({ data: d.horariosDisponibles!.map((h) => ({ ...h, planId: id })) });
    }
    return leerPlan(id, tx);
  });
  return { mensaje: mensajes.planPublicado, plan: serializePlan(row) };
}

/** The plan if it exists and is the user's: 404 otherwise, 403 for someone else's. */
export async function planPropio(user: SessionUser, id: string) {
  const plan = UUID_PATTERN.test(id) ? await prisma.plan.findUnique({ where: { id }, include: { archivoCartel: true } }) : null;
  if (!plan) throw new ApiError(404, mensajes.planNoEncontrado);
  if (plan.usuarioId !== user.id) throw new ApiError(403, mensajes.planAjeno);
  return plan;
}

/** PATCH /api/plan/{id}: fields present replace the plan's; a new poster replaces the old files after the commit. */
export async function actualizarPlan(user: SessionUser, id: string, form: FormData) {
  const actual = await planPropio(user, id);
  const fila = await leerPlan(id);
  const cambios = datosDelFormulario(form);
  // The web form sends the contact fields only while its contact switch is on.
  if (cambios.titulo !== undefined) {
    cambios.emailContacto ??= null;
    cambios.telefonoContacto ??= null;
  }
  const d: DatosPlan = {
    titulo: fila.titulo, descripcion: fila.descripcion, tipo: fila.tipo, categorias: fila.categorias as DatosPlan["categorias"],
    direccion: fila.direccion, municipio: fila.municipio, ubicacion: { lng: fila.lng, lat: fila.lat },
    fechaInicio: fila.fecha_inicio, fechaFin: fila.fecha_fin, horariosDisponibles: fila.horarios ?? [],
    precio: fila.precio === null ? null : Number(fila.precio), organizacionId: fila.organizacion_id,
    emailContacto: fila.email_contacto, telefonoContacto: fila.telefono_contacto, enlaceWebExterior: fila.enlace_web_exterior,
    ...Object.fromEntries(Object.entries(cambios).filter(([, v]) => v !== undefined)),
  };
  const cartel = archivoDe(form, "archivoCartel");
  const error = primerErrorPlan(d, { modo: "actualizar", conCartel: cartel !== null || actual.archivoCartel !== null });
  if (error) throw new ApiError(400, error);
  if (d.organizacionId !== actual.organizacionId) await comprobarOrganizacion(user.id, d.organizacionId);
  const img: StoredImage | null = cartel ? await guardarImagenSubida(cartel, "carteles") : null;
  await escribirConImagen(img, async (tx) => {
    const nuevo = img ? await tx.archivo.create({ data: img, select: { id: true } }) : null;
    const { lng, lat } = d.ubicacion!;
    await tx.$executeRaw`
      UPDATE plan SET titulo = ${d.titulo}, descripcion = ${d.descripcion ?? ""}, tipo = ${d.tipo}::tipo_plan,
        precio = ${d.precio ?? null}::numeric, municipio = ${d.municipio}, municipio_ine = ${INE_DEL_MUNICIPIO(d.municipio!, lng, lat)},
        direccion = ${d.direccion}, ubicacion = ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography,
        fecha_inicio = ${d.fechaInicio ?? null}, fecha_fin = ${d.fechaFin ?? null},
        categorias = ${d.categorias ?? ["Otros"]}::text[]::categoria[], enlace_web_exterior = ${d.enlaceWebExterior ?? null},
        email_contacto = ${d.emailContacto ?? null}, telefono_contacto = ${d.telefonoContacto ?? null},
        organizacion_id = ${d.organizacionId ?? null}::uuid,
        archivo_cartel_id = coalesce(${nuevo?.id ?? null}::uuid, archivo_cartel_id), fecha_actualizacion = now()
      WHERE id = ${id}::uuid`;
    await tx.horarioDisponible.deleteMany({ where: { planId: id } });
    if (d.tipo === "experiencia") {
      await tx.horarioDisponible.createMany({ data: d.horariosDisponibles!.map((h) => ({ ...h, planId: id })) });
    }
    if (nuevo && actual.archivoCartel) await tx.archivo.delete({ where: { id: actual.archivoCartel.id } });
  });
  if (img && actual.archivoCartel) await borrarArchivos([actual.archivoCartel]);
  return { mensaje: mensajes.planActualizado, plan: serializePlan(await leerPlan(id)) };
}

/** DELETE /api/plan/{id}: the plan, its slots, favourites and poster row go together; the files after. */
export async function eliminarPlan(user: SessionUser, id: string) {
  const actual = await planPropio(user, id);
  await borrarConImagen((tx) => tx.plan.delete({ where: { id } }), actual.archivoCartel);
  return { mensaje: mensajes.planEliminado };
}
