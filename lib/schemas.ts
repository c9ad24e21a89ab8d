import { z } from "zod";
import { mensajes } from "./messages";
import { saltosDeLinea, tieneControl, tieneControlDeEnlace } from "./text";

// zod pieces that the domains' own schemas share, and zod itself for them: every schema that
// reads a request imports `z` from here, so this setting is in force wherever one parses.

// A rule without a message of its own (a field of the wrong type, a body that is not an object…)
// answers with the catalogue's generic message, never zod's English default.
z.config({ customError: () => mensajes.datosNoValidos });

export { z };
export { fechaIso, sinValor, siNo } from "./valores";
import { sinValor } from "./valores";

/**
 * The one check of an e-mail address, in every form and call: spec §5's pattern (non-space
 * text, @, non-space text, a dot, at least two letters) as strictly as better-auth checks an
 * account's (zod's email), so whatever we accept it accepts too. One @, no spaces, no control
 * characters, no percent-escapes: `x@example.com%0d%0aBcc:y@example.org` is not an address.
 */
export const EMAIL_PATTERN = z.regexes.email;

/** Our ids of plans, organizations, files…: a UUID. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A one-line text field of a JSON body or a query: a string (else `tipo`), trimmed, at most
 * `max` characters (else `largo`), with no control characters (else `control`).
 */
export function lineaDeTexto(
  max: number,
  { tipo, largo, control = mensajes.datosNoValidos }: { tipo?: string; largo: string; control?: string },
) {
  return z
    .string(tipo === undefined ? undefined : { error: tipo })
    .trim()
    .max(max, largo)
    .refine((v) => !tieneControl(v), control);
}

/**
 * A web address a person gives in a JSON body (a calendar's feed, a browser's push endpoint, the
 * plan a report is about): a string, trimmed, at most `max` characters, without a control
 * character anywhere (tieneControlDeEnlace), every refusal with the field's own `mensaje`. Its
 * field's schema then says which addresses it takes.
 */
export function direccionWeb(mensaje: string, max = 2000) {
  return z
    .string({ error: mensaje })
    .trim()
    .max(max, { error: mensaje, abort: true })
    .refine((v) => !tieneControlDeEnlace(v), { error: mensaje, abort: true });
}

/**
 * A text field of a multipart form, as the domains' field schemas read it: no control characters
 * (line breaks only when `multilinea`, kept as typed), trimmed; an `opcional` one reads '',
 * 'undefined' and 'null' as empty (sinValor); absent stays absent.
 */
export function campoDeTexto({
  multilinea = false,
  opcional = false,
  control = mensajes.datosNoValidos as string,
} = {}) {
  return z
    .string()
    .refine((v) => !tieneControl(v, multilinea), control)
    .transform((v) => (opcional && sinValor(v) ? "" : (multilinea ? saltosDeLinea(v) : v).trim()))
    .optional();
}

/**
 * The text fields of a multipart form that `schema` knows, parsed by it (a file sent under a
 * text field's name is ignored). `alias` names other spellings a field is read under when its
 * own is absent.
 */
export function camposDeTexto<S extends z.ZodObject>(
  form: FormData,
  schema: S,
  alias: Record<string, string> = {},
): z.infer<S> {
  const valor = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : undefined;
  };
  const otros = Object.fromEntries(Object.entries(alias).map(([otro, campo]) => [campo, otro]));
  const campos = Object.keys(schema.shape).flatMap((k) => {
    const v = valor(k) ?? (otros[k] ? valor(otros[k]) : undefined);
    return v === undefined ? [] : [[k, v]];
  });
  return schema.parse(Object.fromEntries(campos));
}
