/**
 * Whether PostgreSQL was found unreachable a moment ago, in this process. Set where a failure
 * is seen (an API error answer, a page's render error in instrumentation.ts) and read by
 * proxy.ts, which answers page requests with a quick Spanish 503 meanwhile instead of rendering
 * pages that will fail. While it is set, page requests ask PostgreSQL again through one shared
 * probe (registered at start-up, at most one at a time): the first answer clears the mark, so
 * pages come back as soon as the database does, like the API, instead of waiting out a pause
 * that every failure in between had renewed. Kept on globalThis because proxy, pages and route
 * handlers are separate bundles of one process. No imports: the proxy reads it cheaply.
 */
const CLAVE = Symbol.for("planazo.baseDeDatosCaidaHasta");
const SONDA = Symbol.for("planazo.sondaBaseDeDatos");
const SONDA_EN_CURSO = Symbol.for("planazo.sondaBaseDeDatosEnCurso");
/** Without a probe (scripts, tests of this module) the mark simply expires after this. */
const PAUSA_MS = 2_000;

type ConMarca = typeof globalThis & {
  [CLAVE]?: number;
  [SONDA]?: () => Promise<boolean>;
  [SONDA_EN_CURSO]?: Promise<boolean>;
};
const g = () => globalThis as ConMarca;

export function marcarBaseDeDatosCaida(ahora = Date.now()): void {
  g()[CLAVE] = ahora + PAUSA_MS;
}

/** The check the proxy runs while the mark is set: true when PostgreSQL answers again. */
export function registrarSondaBaseDeDatos(sonda: () => Promise<boolean>): void {
  g()[SONDA] = sonda;
}

/** Whether pages should be answered 503 now. */
export async function baseDeDatosCaida(ahora = Date.now()): Promise<boolean> {
  const estado = g();
  if ((estado[CLAVE] ?? 0) <= ahora) return false;
  const sonda = estado[SONDA];
  if (!sonda) return true;
  estado[SONDA_EN_CURSO] ??= sonda()
    .catch(() => false)
    .finally(() => {
      estado[SONDA_EN_CURSO] = undefined;
    });
  const viva = await estado[SONDA_EN_CURSO];
  if (viva) estado[CLAVE] = 0;
  return !viva;
}
