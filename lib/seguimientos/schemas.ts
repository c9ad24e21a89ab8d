import { mensajes } from "../messages";
import { CATEGORIAS, RADIO_DEFAULT_KM, RADIO_MAX_KM, type Categoria } from "../plans/constants";
import { EMAIL_PATTERN, z } from "../schemas";

const radio = z
  .number(mensajes.seguirRadioNoValido)
  .int(mensajes.seguirRadioNoValido)
  .min(0, mensajes.seguirRadioNoValido)
  .max(RADIO_MAX_KM, mensajes.seguirRadioNoValido);

/**
 * A follow's categories: 'Otros' (what the home calls 'Todos') or none means all, stored as
 * none; duplicates are dropped.
 */
const categorias = z
  .array(z.enum(CATEGORIAS, mensajes.categoriaNoValida), mensajes.categoriaNoValida)
  .max(CATEGORIAS.length * 2, mensajes.categoriaNoValida)
  .default([])
  .transform((l): Categoria[] => (l.includes("Otros") ? [] : [...new Set(l)]));

/**
 * POST /api/seguimientos: a town (its INE code), radius and categories, or an organization
 * (`organizacionId`); `email` without a session.
 */
export const seguirSchema = z
  .object({
    ine: z
      .string(mensajes.seguirMunicipioNoValido)
      .regex(/^\d{5}$/, mensajes.seguirMunicipioNoValido)
      .optional(),
    organizacionId: z.uuid(mensajes.orgNoEncontrada).optional(),
    radio: radio.default(RADIO_DEFAULT_KM),
    categorias,
    email: z
      .string(mensajes.correoFormato)
      .trim()
      .toLowerCase()
      .max(254, mensajes.correoFormato)
      .refine((v) => v === "" || EMAIL_PATTERN.test(v), mensajes.correoFormato)
      .optional()
      .transform((v) => v || undefined),
  })
  // One or the other: a town, or an organization (no town's INE code then, even a wrong one).
  .refine((d) => (d.ine === undefined) !== (d.organizacionId === undefined), {
    message: mensajes.seguirMunicipioNoValido,
    path: ["ine"],
  });

/** PATCH /api/seguimientos/{id}: the new radius and categories. */
export const cambiarSeguimientoSchema = z.object({ radio, categorias });

/** A token of our links: 43 base64url characters (32 random bytes). */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export type DatosSeguir = z.output<typeof seguirSchema>;
export type CambioSeguimiento = z.output<typeof cambiarSeguimientoSchema>;
