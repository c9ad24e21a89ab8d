import type { FieldErrors } from "react-hook-form";

/** The one message a form shows: the first failed rule (the schema's rules stop at the first). */
export function primerError(errors: FieldErrors): string | undefined {
  const primero = Object.values(errors)[0];
  return typeof primero?.message === "string" ? primero.message : undefined;
}
