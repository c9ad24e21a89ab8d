import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import { config, type $ZodType } from "zod/v4/core";

// Zod compiles object parsers with `new Function` when it may: under our CSP (no 'unsafe-eval')
// its probe is refused, which the browser reports as a CSP violation and a console error.
// Parsing without the compiler gives the same results. Set here, where the browser's zod
// parsing is, rather than for every page: pages without a form then load no zod at all.
// A component that parses outside react-hook-form imports this module for that effect.
config({ jitless: true });

/**
 * react-hook-form's resolver for one of our zod schemas, typed by the form's values T. The schema
 * gives back fields of T with their types (the API's fields may be optional there); its input is
 * left open, as our schemas also read what any client sends. The form always holds a whole T, so
 * what handleSubmit receives is a T.
 */
export function resolverZod<T extends FieldValues>(schema: $ZodType<Partial<T>>): Resolver<T> {
  return zodResolver(schema as $ZodType<T, T>);
}
