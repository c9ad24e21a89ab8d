import { mensajes } from "../messages";
import { lineaDeTexto, z } from "../schemas";

/** Spec §5: non-space text, @, non-space text, a dot, at least two letters. */
export const EMAIL_PATTERN = /^\S+@\S+\.[A-Za-z]{2,}$/;
export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

// Names and e-mails are one line: a NUL, a line break or a bidi override makes them invalid,
// which the registration and log-in rules then answer like a missing field.
const texto = (max: number) => lineaDeTexto(max, { largo: mensajes.datosNoValidos }).catch("");
const correo = lineaDeTexto(254, { largo: mensajes.correoFormato, control: mensajes.correoFormato }).toLowerCase().catch("");
const password = z.string().max(PASSWORD_MAX, mensajes.datosNoValidos).catch("");

export interface DatosRegistro {
  nombre: string;
  correo: string;
  password: string;
  passwordConfirm?: string;
  privacidad?: boolean;
}

/**
 * The registration rules in the order of spec §5, first failure only. The server checks the
 * fields it receives; the form also passes the confirmation and the privacy checkbox.
 */
export function primerErrorRegistro(d: DatosRegistro, { formulario = false } = {}): string | null {
  if (!d.nombre || !d.correo || !d.password || (formulario && !d.passwordConfirm)) return mensajes.todosObligatoriosRegistro;
  if (d.password.length < PASSWORD_MIN) return mensajes.passwordCortaRegistro;
  if (formulario && d.password !== d.passwordConfirm) return mensajes.passwordsNoCoinciden;
  if (formulario && !d.privacidad) return mensajes.aceptaPrivacidadRegistro;
  if (!EMAIL_PATTERN.test(d.correo)) return mensajes.correoFormato;
  return null;
}

function conReglas<T extends z.ZodType<DatosRegistro>>(schema: T, formulario: boolean) {
  return schema.superRefine((d, ctx) => {
    const error = primerErrorRegistro(d, { formulario });
    if (error) ctx.addIssue({ code: "custom", message: error, path: [] });
  });
}

export const registroSchema = conReglas(z.object({ nombre: texto(100), correo, password }), false);

export const registroFormSchema = conReglas(
  z.object({ nombre: texto(100), correo, password, passwordConfirm: password, privacidad: z.boolean().catch(false) }),
  true,
);

export const loginSchema = z.object({ correo, password });

export const correoSchema = z.object({ correo }).refine((d) => EMAIL_PATTERN.test(d.correo), { message: mensajes.correoFormato });

/** Where a Google sign-in comes from; the account keeps the latest. */
export const PLATAFORMAS_GOOGLE = ["web", "android", "ios"] as const;
export type PlataformaGoogle = (typeof PLATAFORMAS_GOOGLE)[number];

/** Any platform a client sends is read liberally: a known one in any case, anything else is the web's. */
export function plataformaGoogle(v: unknown): PlataformaGoogle {
  const p = typeof v === "string" ? v.trim().toLowerCase() : "";
  return (PLATAFORMAS_GOOGLE as readonly string[]).includes(p) ? (p as PlataformaGoogle) : "web";
}

export const googleSchema = z.object({
  id_token: z.string({ error: mensajes.googleNoVerificado }).min(10, mensajes.googleNoVerificado).max(10_000, mensajes.googleNoVerificado),
  platform: z.unknown().optional().transform(plataformaGoogle),
});

/** PATCH /api/usuario/recordatorios: the reminder e-mails on or off. */
export const recordatoriosSchema = z.object({ recordatorios: z.boolean() });

const cambiarNombre = z.object({
  nombre: lineaDeTexto(100, { tipo: mensajes.campoVacio, largo: mensajes.datosNoValidos }).min(1, mensajes.campoVacio),
});
const cambiarCorreo = z
  .object({
    correo: lineaDeTexto(254, { tipo: mensajes.campoVacio, largo: mensajes.correoFormato, control: mensajes.correoFormato })
      .toLowerCase()
      .min(1, mensajes.campoVacio),
  })
  .refine((d) => EMAIL_PATTERN.test(d.correo), { message: mensajes.correoFormato });
const cambiarPassword = z.object({
  passwordPerfilActual: z.string({ error: mensajes.campoVacio }).min(1, mensajes.campoVacio).max(PASSWORD_MAX, mensajes.datosNoValidos),
  passwordPerfilNueva: z
    .string({ error: mensajes.campoVacio })
    .min(1, mensajes.campoVacio)
    .max(PASSWORD_MAX, mensajes.datosNoValidos)
    .refine((p) => p.length >= PASSWORD_MIN, mensajes.passwordNuevaCorta),
});

export type CambioDatos =
  | ({ tipo: "nombre" } & z.infer<typeof cambiarNombre>)
  | ({ tipo: "correo" } & z.infer<typeof cambiarCorreo>)
  | ({ tipo: "password" } & z.infer<typeof cambiarPassword>);

/** PATCH /api/usuario/cambiar-datos takes one of three changes, told apart by its fields. */
export function parseCambioDatos(body: unknown): CambioDatos {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  if ("passwordPerfilActual" in b || "passwordPerfilNueva" in b) return { tipo: "password", ...cambiarPassword.parse(b) };
  if ("correo" in b) return { tipo: "correo", ...cambiarCorreo.parse(b) };
  return { tipo: "nombre", ...cambiarNombre.parse(b) };
}

/** Password reset, rules in the order of spec §5. */
export const restablecerSchema = z
  .object({ passwordNueva: password, passwordConfirm: password })
  .superRefine((d, ctx) => {
    if (d.passwordNueva !== d.passwordConfirm) ctx.addIssue({ code: "custom", message: mensajes.passwordsNoCoinciden });
    else if (d.passwordNueva.length < PASSWORD_MIN) ctx.addIssue({ code: "custom", message: mensajes.passwordNuevaCorta });
  });
