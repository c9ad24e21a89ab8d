import { zodResolver } from "@hookform/resolvers/zod";
import { config } from "zod/v4/core";

// Zod compiles object parsers with `new Function` when it may: under our CSP (no 'unsafe-eval')
// its probe is refused, which the browser reports as a CSP violation and a console error.
// Parsing without the compiler gives the same results. Set here, where the browser's zod
// parsing is, rather than for every page: pages without a form then load no zod at all.
// A component that parses outside react-hook-form imports this module for that effect.
config({ jitless: true });

/** react-hook-form's resolver for one of our zod schemas (the forms' own types are looser). */
export function resolverZod(schema: Parameters<typeof zodResolver>[0]): never {
  return zodResolver(schema) as never;
}
