/**
 * Every failing field of a form, not only the first rule. Each domain writes its rules of spec §5
 * once, as a generator of failures in the spec's order; the API and the form's top message take
 * the first failure's message, and the form also marks every failing field with its own hint.
 * Client-safe: no server imports.
 */

/** One failing rule on one field: the spec's message and the field's short hint. */
export interface Fallo<C extends string = string> {
  mensaje: string;
  campo: C;
  pista: string;
  /**
   * The message speaks of the whole form, not of this field ('Todos los campos son
   * obligatorios.'): said at the field, the hint is what names it.
   */
  general?: boolean;
}

export interface ErroresFormulario<C extends string = string> {
  /** The spec's message of the first failing rule, or null when nothing fails. */
  mensaje: string | null;
  /** Every failing field with its hint (the first one when several rules fail on it), in rule order. */
  campos: Partial<Record<C, string>>;
  /**
   * The first failing rule's field and what to say there, for forms that give each cause one
   * message at its field: the message itself, or the hint when the message is general.
   */
  primero?: { campo: C; texto: string } | null;
}

/** The first failure's message; stops the rules there (the API needs no more). */
export function primerMensaje(fallos: Iterable<Fallo>): string | null {
  for (const f of fallos) return f.mensaje;
  return null;
}

export function reunirFallos<C extends string>(fallos: Iterable<Fallo<C>>): ErroresFormulario<C> {
  let primer: Fallo<C> | null = null;
  const campos: Partial<Record<C, string>> = {};
  for (const f of fallos) {
    primer ??= f;
    campos[f.campo] ??= f.pista;
  }
  return {
    mensaje: primer?.mensaje ?? null,
    campos,
    primero: primer && { campo: primer.campo, texto: primer.general ? primer.pista : primer.mensaje },
  };
}

/** What a zod refinement context needs to take issues (zod 4's `ctx` in superRefine). */
interface ContextoZod {
  addIssue(issue: { code: "custom"; message: string; path: PropertyKey[] }): void;
}

/**
 * A form schema's issues: the first message as react-hook-form's root error (shown by the submit
 * button), then one issue per failing field carrying its hint.
 */
export function issuesDeFallos(ctx: ContextoZod, { mensaje, campos }: ErroresFormulario): void {
  if (!mensaje) return;
  ctx.addIssue({ code: "custom", message: mensaje, path: ["root"] });
  for (const [campo, pista] of Object.entries(campos))
    ctx.addIssue({ code: "custom", message: pista as string, path: [campo] });
}
