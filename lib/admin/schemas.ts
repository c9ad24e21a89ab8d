import { z } from "../schemas";
import { mensajes } from "../messages";
import { UUID_PATTERN } from "../schemas";
import { ROLES } from "../users/roles";
import { mensajesGestion } from "../mensajes-gestion";

/** The reason the team types for an action: required, trimmed, at most 500 characters. */
export const motivoSchema = z
  .string({ error: mensajesGestion.motivoObligatorio })
  .trim()
  .min(1, mensajesGestion.motivoObligatorio)
  .max(500, mensajesGestion.motivoLargo);

export const idPlanSchema = z.string().regex(UUID_PATTERN, mensajes.planNoEncontrado);

/** POST /api/gestion/planes/{id}/ocultar and /api/gestion/usuarios/{id}/suspender: a reason is required. */
export const ocultarSchema = z.object({ motivo: motivoSchema });

/** POST /api/gestion/planes/{id}/mostrar and …/reportes/descartar: a note is optional. */
export const notaSchema = z.object({ motivo: z.string().trim().max(500, mensajesGestion.motivoLargo).optional() });

/** POST /api/gestion/reportes/descartar: the reports of a plan, or one report without a plan. */
export const descartarSchema = notaSchema
  .extend({
    planId: idPlanSchema.optional(),
    reporteId: z.string().regex(UUID_PATTERN, mensajes.recursoNoEncontrado).optional(),
  })
  .refine((d) => Boolean(d.planId) !== Boolean(d.reporteId), mensajes.datosNoValidos);

/** POST /api/gestion/usuarios/{id}/rol (admin). */
export const rolSchema = z.object({ rol: z.enum(ROLES, { error: mensajesGestion.rolNoValido }), motivo: motivoSchema });

/** POST /api/gestion/planes/{id}/destacar: a week or a month more, or stop featuring it. */
export const destacarSchema = notaSchema.extend({
  periodo: z.enum(["semana", "mes", "quitar"], { error: mensajes.datosNoValidos }),
});

/** The id in /api/gestion/contactos/{id}/contactado. */
export const idContactoSchema = z.string().regex(UUID_PATTERN, mensajesGestion.contactoNoEncontrado);

/** The id in /api/gestion/correos/{id}/reintentar. */
export const idCorreoSchema = z.string().regex(UUID_PATTERN, mensajesGestion.correoNoEncontrado);

/** The id in /api/gestion/solicitudes/{id}/…. */
export const idSolicitudSchema = z.string().regex(UUID_PATTERN, mensajesGestion.solicitudNoEncontrada);

/** POST /api/gestion/solicitudes/{id}/destacar: the week or the month agreed. */
export const destacarSolicitudSchema = z.object({
  periodo: z.enum(["semana", "mes"], { error: mensajes.datosNoValidos }),
});

/** POST /api/gestion/solicitudes/{id}/notas: the notes as they should read (may be empty). */
export const notasSolicitudSchema = z.object({
  notas: z.string({ error: mensajes.datosNoValidos }).max(2000, mensajesGestion.solicitudNotasLargas),
});

/** POST /api/gestion/organizaciones/{id}/verificar: the state wanted, and an optional note. */
export const verificarSchema = notaSchema.extend({ verificada: z.boolean({ error: mensajes.datosNoValidos }) });

/** POST /api/gestion/patrocinios/{id}/pausar: the state wanted, and an optional note. */
export const pausarSchema = notaSchema.extend({ pausado: z.boolean({ error: mensajes.datosNoValidos }) });

/** POST /api/gestion/patrocinios/{id}/orden: the turn wanted, 1 first (beyond the last: the last). */
export const ordenSchema = z.object({
  posicion: z.coerce
    .number({ error: mensajes.datosNoValidos })
    .int(mensajes.datosNoValidos)
    .min(1, mensajes.datosNoValidos)
    .max(10_000, mensajes.datosNoValidos),
});
