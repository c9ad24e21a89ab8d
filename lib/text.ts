import { z } from "zod";
import { mensajes } from "./messages";

// Control characters never belong in user text (PostgreSQL refuses NUL outright); line breaks
// and tabs only in multi-line fields such as descriptions. Bidirectional embeddings, overrides
// and isolates (U+202A–U+202E, U+2066–U+2069) are refused too: they make text display in an
// order other than the one stored, which disguises e-mail addresses, phones and links.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
const SALTOS = /[\n\r\t]/;

export function tieneControl(texto: string, multilinea = false): boolean {
  return CONTROL.test(texto) || (!multilinea && SALTOS.test(texto.trim()));
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
