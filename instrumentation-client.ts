import { config } from "zod/v4/core";

/**
 * Runs in the browser before the app's own code. Zod compiles object parsers with
 * `new Function` when it may: under our CSP (no 'unsafe-eval') its probe is refused, which
 * the browser reports as a CSP violation and a console error. Parsing without the compiler
 * gives the same results, so the browser never tries.
 */
config({ jitless: true });
