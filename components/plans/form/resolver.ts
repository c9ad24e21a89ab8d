import type { FieldErrors, Resolver, ResolverResult } from "react-hook-form";
import type { ErroresFormulario } from "@/lib/formularios";
import type { CamposPlan } from "@/lib/plans/formulario";

/** The root error's type when the form's message is said at its field, not by the button. */
export const EN_CAMPO = "en-campo";
/** The type of the field error that says the form's message (the first cause), announced as an alert. */
export const CAUSA = "causa";

/**
 * A react-hook-form resolver from the plan rules (lib/plans): one message per cause. Each
 * failing field gets its own error carrying its hint, except the first rule's field, which says
 * the form's message itself (or its hint, when the message is general); the form's message is
 * also the root error, marked as said at a field so the button does not repeat it. A message
 * without a field (a malformed form) stays the root error, shown by the button.
 */
export function resolverDeReglas<C>(
  reglas: (campos: CamposPlan, contexto: C) => ErroresFormulario,
): Resolver<CamposPlan, C> {
  return async (values, contexto): Promise<ResolverResult<CamposPlan>> => {
    const { mensaje, campos, primero } = reglas(values, contexto as C);
    if (!mensaje) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {
      root: { type: primero ? EN_CAMPO : "reglas", message: mensaje },
    };
    for (const [campo, pista] of Object.entries(campos)) errors[campo] = { type: "regla", message: pista as string };
    if (primero) errors[primero.campo] = { type: CAUSA, message: primero.texto };
    return { values: {}, errors: errors as FieldErrors<CamposPlan> };
  };
}

/** The form's message for the button: none when a field already says it. */
export function mensajeDelBoton(errors: FieldErrors<CamposPlan>): string | undefined {
  const raiz = errors.root;
  return raiz && raiz.type !== EN_CAMPO && typeof raiz.message === "string" ? raiz.message : undefined;
}
