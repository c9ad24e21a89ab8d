import type { FieldErrors, Resolver, ResolverResult } from "react-hook-form";
import type { CamposPlan } from "@/lib/plans/formulario";

/**
 * A react-hook-form resolver from a rule that answers the first message of spec §5 (or null):
 * the message becomes the form's one root error, shown where the form shows its messages.
 */
export function resolverDeRegla<C>(regla: (campos: CamposPlan, contexto: C) => string | null): Resolver<CamposPlan, C> {
  return async (values, contexto): Promise<ResolverResult<CamposPlan>> => {
    const message = regla(values, contexto as C);
    return message ? { values: {}, errors: { root: { type: "reglas", message } } as FieldErrors<CamposPlan> } : { values, errors: {} };
  };
}
