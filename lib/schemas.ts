import { z } from "zod";
import { mensajes } from "./messages";
import { tieneControl } from "./text";

// zod pieces that the domains' own schemas share, and zod itself for them: every schema that
// reads a request imports `z` from here, so this setting is in force wherever one parses.

// A rule without a message of its own (a field of the wrong type, a body that is not an object…)
// answers with the catalogue's generic message, never zod's English default.
z.config({ customError: () => mensajes.datosNoValidos });

export { z };

/**
 * What the existing clients send for an empty field: a FormData turns `undefined` and `null`
 * into the strings 'undefined' and 'null'. Optional fields read all three as "no value".
 */
export function sinValor(v: string): boolean {
  const t = v.trim();
  return t === "" || t === "undefined" || t === "null";
}

/**
 * A one-line text field of a JSON body or a query: a string (else `tipo`), trimmed, at most
 * `max` characters (else `largo`), with no control characters (else `control`).
 */
export function lineaDeTexto(max: number, { tipo, largo, control = mensajes.datosNoValidos }: { tipo?: string; largo: string; control?: string }) {
  return z
    .string(tipo === undefined ? undefined : { error: tipo })
    .trim()
    .max(max, largo)
    .refine((v) => !tieneControl(v), control);
}
