import { z } from "zod";
import { mensajes } from "./messages";
import { tieneControl } from "./text";

// zod pieces that the domains' own schemas share.

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
