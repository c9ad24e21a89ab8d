import "server-only";
import { prisma } from "../db";
import { Prisma } from "../generated/prisma/client";
import { ApiError } from "../http";
import type { StoredImage } from "../media/images";
import { fileField, removeImageFiles, deleteWithImage, writeWithImage, storeUpload } from "../media/upload";
import { mensajes } from "../messages";
import type { SessionUser } from "../users/session";
import { cartelTemporalDelFormulario, tomarCartelTemporal } from "./cartel-temporal";
import { leerDatosPlan, primerErrorPlan } from "./input";
import { datosDeFila, serializePlan, type DatosPlan, type PlanRow } from "./plan";
import { actualizarFilaPlan, escribirFechas, insertarPlan, leerPlan, lugaresEnElMunicipio } from "./queries";
import { mensajesFechas } from "./mensajes-fechas";
import { conDatos } from "../con-datos";

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

/**
 * POST /api/plan: validates (spec §5), stores the poster, then writes plan and slots in one
 * transaction. The poster is a file (`archivoCartel`), or else one the person stored in advance
 * (CAMPO_CARTEL_TEMPORAL), which the plan takes over in that same transaction.
 */
export async function crearPlan(user: SessionUser, form: FormData) {
  const d = datosDelFormulario(form);
  const cartel = fileField(form, "archivoCartel");
  const temporal = cartel ? null : cartelTemporalDelFormulario(form);
  const error = primerErrorPlan(d, { modo: "crear", conCartel: cartel !== null || temporal !== null });
  if (error) throw new ApiError(400, error);
  await comprobarOrganizacion(user.id, d.organizacionId);
  const img = cartel ? await storeUpload(cartel, "carteles") : null;
  // The answer's row is read inside the transaction: once it has committed, nothing can fail
  // and take the poster's files away from a plan that exists.
  const row = await writeWithImage(img, async (tx) => {
    const archivoId = img
      ? (await tx.archivo.create({ data: img, select: { id: true } })).id
      : await tomarCartelTemporal(tx, user.id, temporal!);
    const id = await insertarPlan(tx, d, [
      ["archivo_cartel_id", "uuid", archivoId],
      ["usuario_id", "text", user.id],
    ]);
    await escribirHorariosNuevos(tx, [{ planId: id, datos: d }]);
    await escribirFechasDe(tx, id, d);
    return (await leerPlan(id, { ocultos: true, db: tx }))!;
  });
  return { mensaje: mensajes.planPublicado, plan: serializePlan(row) };
}

/**
 * An evento's dates, when the form or the API gave them (otherwise its one date follows its
 * fechaInicio/fechaFin, migration 20261208000000_plan_fechas), each place in the plan's town.
 */
async function escribirFechasDe(tx: Prisma.TransactionClient, planId: string, d: DatosPlan) {
  if (d.tipo !== "evento" || !d.fechas) return;
  await escribirFechas(tx, planId, d.fechas);
  if (!(await lugaresEnElMunicipio(tx, planId, d.fechas)))
    throw new ApiError(400, conDatos(mensajesFechas.fechaLugarOtroMunicipio, { municipio: d.municipio ?? "" }));
}

/** An experience's weekly slots replace whatever the plan had (an event has none). */
export async function escribirHorarios(tx: Prisma.TransactionClient, planId: string, d: DatosPlan) {
  await tx.horarioDisponible.deleteMany({ where: { planId } });
  await escribirHorariosNuevos(tx, [{ planId, datos: d }]);
}

/** The weekly slots of plans that have none yet (new ones), in one INSERT. */
export async function escribirHorariosNuevos(
  tx: Prisma.TransactionClient,
  planes: { planId: string; datos: DatosPlan }[],
) {
  const data = planes.flatMap(({ planId, datos }) =>
    datos.tipo === "experiencia" ? datos.horariosDisponibles!.map((h) => ({ ...h, planId })) : [],
  );
  if (data.length === 0) return;
  // One statement over four arrays: a sync writes thousands of slots, and the model API's
  // createMany costs several times the rows' size in memory on the way to the driver.
  await tx.$executeRaw`
    INSERT INTO horario_disponible (plan_id, dia_semana, hora_inicio, hora_fin)
    SELECT * FROM unnest(${data.map((h) => h.planId)}::uuid[], ${data.map((h) => h.diaSemana)}::smallint[],
                         ${data.map((h) => h.horaInicio)}::text[], ${data.map((h) => h.horaFin)}::text[])`;
}

/** The plan if it exists and is the user's, hidden or finished too: 404 otherwise, 403 for someone else's. */
export async function planPropio(user: SessionUser, id: string): Promise<PlanRow> {
  const plan = await leerPlan(id, { ocultos: true });
  if (!plan) throw new ApiError(404, mensajes.planNoEncontrado);
  if (plan.usuario_id !== user.id) throw new ApiError(403, mensajes.planAjeno);
  return plan;
}

/** The stored poster's row (id and files) of a plan, if it has one. */
const cartelDe = (plan: PlanRow) =>
  plan.archivo_cartel_id
    ? prisma.archivo.findUnique({ where: { id: plan.archivo_cartel_id }, select: { id: true, variantes: true } })
    : null;

/** PATCH /api/plan/{id}: fields present replace the plan's; a new poster replaces the old files after the commit. */
export async function actualizarPlan(user: SessionUser, id: string, form: FormData) {
  const actual = await planPropio(user, id);
  const cambios = datosDelFormulario(form);
  // The web form sends the contact fields only while its contact switch is on.
  if (cambios.titulo !== undefined) {
    cambios.emailContacto ??= null;
    cambios.telefonoContacto ??= null;
  }
  const d: DatosPlan = {
    ...datosDeFila(actual),
    ...Object.fromEntries(Object.entries(cambios).filter(([, v]) => v !== undefined)),
  };
  if (cambios.fechas === undefined) {
    // Without `fechas`, a plan of several dates keeps them while its span is not moved (the apps
    // always send fechaInicio/fechaFin, and edit its dates nowhere); one of one date follows them.
    const varias = d.tipo === "evento" && (actual.fechas?.length ?? 0) > 1;
    const movida = (k: "fechaInicio" | "fechaFin", antes: Date | null) =>
      cambios[k] !== undefined && (cambios[k]?.getTime() ?? null) !== (antes?.getTime() ?? null);
    if (varias && (movida("fechaInicio", actual.fecha_inicio) || movida("fechaFin", actual.fecha_fin)))
      throw new ApiError(400, mensajesFechas.fechasEnLaWeb);
    if (!varias) d.fechas = undefined;
  }
  const cartel = fileField(form, "archivoCartel");
  const error = primerErrorPlan(d, {
    modo: "actualizar",
    conCartel: cartel !== null || actual.archivo_cartel_id !== null,
  });
  if (error) throw new ApiError(400, error);
  if (d.organizacionId !== actual.organizacion_id) await comprobarOrganizacion(user.id, d.organizacionId);
  const viejo = cartel ? await cartelDe(actual) : null;
  const img: StoredImage | null = cartel ? await storeUpload(cartel, "carteles") : null;
  await writeWithImage(img, async (tx) => {
    const nuevo = img ? await tx.archivo.create({ data: img, select: { id: true } }) : null;
    await actualizarFilaPlan(tx, id, d, [
      ["archivo_cartel_id", Prisma.sql`coalesce(${nuevo?.id ?? null}::uuid, archivo_cartel_id)`],
      ["fecha_actualizacion", Prisma.sql`now()`],
      // An imported plan its owner edits is theirs from now on: its source stops overwriting it.
      ["editado_por_duena", Prisma.sql`editado_por_duena OR fuente_id IS NOT NULL`],
    ]);
    await escribirHorarios(tx, id, d);
    if (cambios.fechas !== undefined) await escribirFechasDe(tx, id, d);
    if (nuevo && viejo) await tx.archivo.delete({ where: { id: viejo.id } });
  });
  if (img && viejo) await removeImageFiles([viejo]);
  return { mensaje: mensajes.planActualizado, plan: serializePlan((await leerPlan(id, { ocultos: true }))!) };
}

/** DELETE /api/plan/{id}: the plan, its slots, favourites and poster row go together; the files after. */
export async function eliminarPlan(user: SessionUser, id: string) {
  const actual = await planPropio(user, id);
  await deleteWithImage((tx) => tx.plan.delete({ where: { id } }), await cartelDe(actual));
  return { mensaje: mensajes.planEliminado };
}
