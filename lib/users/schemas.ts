import { type Fallo, issuesDeFallos, primerMensaje, reunirFallos } from "../formularios";
import { esIdioma, type Idioma } from "../idiomas";
import { mensajes, pistas } from "../messages";
import { EMAIL_PATTERN, lineaDeTexto, z } from "../schemas";

export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

// Names and e-mails are one line: a NUL, a line break or a bidi override makes a name invalid,
// which the registration and log-in rules then answer like a missing field.
const texto = (max: number) => lineaDeTexto(max, { largo: mensajes.datosNoValidos }).catch("");
// An e-mail with a control character is there but is not an address: the rules answer
// 'El correo electrónico no tiene un formato válido.' (EMAIL_PATTERN refuses this stand-in).
const correo = lineaDeTexto(254, { largo: mensajes.correoFormato, control: mensajes.correoFormato })
  .toLowerCase()
  .catch(({ value }) => (typeof value === "string" && value.trim() ? "no es un correo" : ""));
const password = z.string().max(PASSWORD_MAX, mensajes.datosNoValidos).catch("");

export interface DatosRegistro {
  nombre: string;
  correo: string;
  password: string;
  passwordConfirm?: string;
  privacidad?: boolean;
}

export type CampoRegistro = "nombre" | "correo" | "password" | "passwordConfirm" | "privacidad";

/**
 * The registration rules in the order of spec §5, every failure with its field. The server checks
 * the fields it receives; the form also passes the confirmation and the privacy checkbox.
 */
export function* fallosRegistro(d: DatosRegistro, { formulario = false } = {}): Generator<Fallo<CampoRegistro>> {
  const todos = mensajes.todosObligatoriosRegistro;
  if (!d.nombre) yield { mensaje: todos, campo: "nombre", pista: pistas.nombre };
  if (!d.correo) yield { mensaje: todos, campo: "correo", pista: pistas.correoFalta };
  if (!d.password) yield { mensaje: todos, campo: "password", pista: pistas.passwordFalta };
  if (formulario && !d.passwordConfirm)
    yield { mensaje: todos, campo: "passwordConfirm", pista: pistas.confirmarFalta };
  if (d.password && d.password.length < PASSWORD_MIN)
    yield { mensaje: mensajes.passwordCortaRegistro, campo: "password", pista: pistas.passwordCorta };
  if (formulario && d.password && d.passwordConfirm && d.password !== d.passwordConfirm) {
    yield { mensaje: mensajes.passwordsNoCoinciden, campo: "passwordConfirm", pista: pistas.noCoinciden };
  }
  if (formulario && !d.privacidad)
    yield { mensaje: mensajes.aceptaPrivacidadRegistro, campo: "privacidad", pista: pistas.privacidad };
  if (d.correo && !EMAIL_PATTERN.test(d.correo))
    yield { mensaje: mensajes.correoFormato, campo: "correo", pista: pistas.correo };
}

/** The first message of spec §5 for a registration, or null. */
export function primerErrorRegistro(d: DatosRegistro, opciones: { formulario?: boolean } = {}): string | null {
  return primerMensaje(fallosRegistro(d, opciones));
}

function conReglas<T extends z.ZodType<DatosRegistro>>(schema: T, formulario: boolean) {
  return schema.superRefine((d, ctx) => {
    // The form marks every failing field; the API answers the first message.
    if (formulario) return issuesDeFallos(ctx, reunirFallos(fallosRegistro(d, { formulario })));
    const error = primerErrorRegistro(d);
    if (error) ctx.addIssue({ code: "custom", message: error, path: [] });
  });
}

/**
 * The language the person signed up in (the web sends its page's): optional, and anything but one
 * of the site's languages is Spanish, never an error (apps sending nothing keep working).
 */
const idioma = z
  .unknown()
  .optional()
  .transform((v): Idioma | undefined => (esIdioma(v) ? v : undefined));

export const registroSchema = conReglas(z.object({ nombre: texto(100), correo, password, idioma }), false);

export const registroFormSchema = conReglas(
  z.object({ nombre: texto(100), correo, password, passwordConfirm: password, privacidad: z.boolean().catch(false) }),
  true,
);

export const loginSchema = z.object({ correo, password });

export const correoSchema = z
  .object({ correo })
  .refine((d) => EMAIL_PATTERN.test(d.correo), { message: mensajes.correoFormato });

/** Where a Google sign-in comes from; the account keeps the latest. */
export const PLATAFORMAS_GOOGLE = ["web", "android", "ios"] as const;
export type PlataformaGoogle = (typeof PLATAFORMAS_GOOGLE)[number];

/** Any platform a client sends is read liberally: a known one in any case, anything else is the web's. */
export function plataformaGoogle(v: unknown): PlataformaGoogle {
  const p = typeof v === "string" ? v.trim().toLowerCase() : "";
  return (PLATAFORMAS_GOOGLE as readonly string[]).includes(p) ? (p as PlataformaGoogle) : "web";
}

export const googleSchema = z.object({
  id_token: z
    .string({ error: mensajes.googleNoVerificado })
    .min(10, mensajes.googleNoVerificado)
    .max(10_000, mensajes.googleNoVerificado),
  platform: z.unknown().optional().transform(plataformaGoogle),
});

/** PATCH /api/usuario/recordatorios: the reminder e-mails on or off. */
export const recordatoriosSchema = z.object({ recordatorios: z.boolean() });

const cambiarNombre = z.object({
  nombre: lineaDeTexto(100, { tipo: mensajes.campoVacio, largo: mensajes.datosNoValidos }).min(1, mensajes.campoVacio),
});
const cambiarCorreo = z
  .object({
    correo: lineaDeTexto(254, {
      tipo: mensajes.campoVacio,
      largo: mensajes.correoFormato,
      control: mensajes.correoFormato,
    })
      .toLowerCase()
      .min(1, mensajes.campoVacio),
  })
  .refine((d) => EMAIL_PATTERN.test(d.correo), { message: mensajes.correoFormato });
const cambiarPassword = z.object({
  passwordPerfilActual: z
    .string({ error: mensajes.campoVacio })
    .min(1, mensajes.campoVacio)
    .max(PASSWORD_MAX, mensajes.datosNoValidos),
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
  if ("passwordPerfilActual" in b || "passwordPerfilNueva" in b)
    return { tipo: "password", ...cambiarPassword.parse(b) };
  if ("correo" in b) return { tipo: "correo", ...cambiarCorreo.parse(b) };
  return { tipo: "nombre", ...cambiarNombre.parse(b) };
}

export interface DatosRestablecer {
  passwordNueva: string;
  passwordConfirm: string;
}

/** Password reset, rules in the order of spec §5, every failure with its field. */
export function* fallosRestablecer(d: DatosRestablecer): Generator<Fallo<keyof DatosRestablecer>> {
  if (d.passwordNueva !== d.passwordConfirm)
    yield { mensaje: mensajes.passwordsNoCoinciden, campo: "passwordConfirm", pista: pistas.noCoinciden };
  if (d.passwordNueva.length < PASSWORD_MIN)
    yield { mensaje: mensajes.passwordNuevaCorta, campo: "passwordNueva", pista: pistas.passwordCorta };
}

export interface DatosCambioPassword {
  actual: string;
  nueva: string;
  confirmar: string;
}

/** Change password (spec §5): only the confirmation is checked in the browser; the server checks the rest. */
export function* fallosCambioPassword(d: DatosCambioPassword): Generator<Fallo<keyof DatosCambioPassword>> {
  if (d.nueva !== d.confirmar)
    yield { mensaje: mensajes.passwordConfirmarDistinta, campo: "confirmar", pista: pistas.noCoinciden };
}

/** The reset form: every failing field marked, the first message of spec §5 on top. */
export const restablecerFormSchema = z
  .object({ passwordNueva: z.string(), passwordConfirm: z.string() })
  .superRefine((d, ctx) => issuesDeFallos(ctx, reunirFallos(fallosRestablecer(d))));

/** The change-password form of /perfil: the confirmation must repeat the new password. */
export const cambioPasswordFormSchema = z
  .object({ actual: z.string(), nueva: z.string(), confirmar: z.string() })
  .superRefine((d, ctx) => issuesDeFallos(ctx, reunirFallos(fallosCambioPassword(d))));

/**
 * The name or e-mail modal of /perfil: an empty value is refused before the call (the API's own
 * rule, cambiarNombre and cambiarCorreo above). The message marks the one field; it has no hint.
 */
export const cambioDatoFormSchema = z.object({ valor: z.string() }).superRefine((d, ctx) => {
  if (!d.valor.trim()) ctx.addIssue({ code: "custom", message: mensajes.campoVacio, path: ["valor"] });
});

export const restablecerSchema = z
  .object({ passwordNueva: password, passwordConfirm: password })
  .superRefine((d, ctx) => {
    const error = primerMensaje(fallosRestablecer(d));
    if (error) ctx.addIssue({ code: "custom", message: error });
  });
