import type { FieldErrors, Resolver, ResolverResult } from "react-hook-form";
import type { ErroresFormulario } from "@/lib/formularios";
import type { CamposPlan } from "@/lib/plans/formulario";

/**
 * A react-hook-form resolver from the plan rules (lib/plans): the first message of spec §5 becomes
 * the form's root error, shown where the form shows its messages, and each failing field gets its
 * own error carrying its hint.
 */
export function resolverDeReglas<C>(
  reglas: (campos: CamposPlan, contexto: C) => ErroresFormulario,
): Resolver<CamposPlan, C> {
  return async (values, contexto): Promise<ResolverResult<CamposPlan>> => {
    const { mensaje, campos } = reglas(values, contexto as C);
    if (!mensaje) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = { root: { type: "reglas", message: mensaje } };
    for (const [campo, pista] of Object.entries(campos)) errors[campo] = { type: "regla", message: pista as string };
    return { values: {}, errors: errors as FieldErrors<CamposPlan> };
  };
}
