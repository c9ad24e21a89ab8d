import { destinoSeguro } from "../safe-redirect";

/** Pages that need a logged-in user (spec §2 'login' routes). */
export const PROTECTED_PREFIXES = [
  "/gestion",
  "/planes-favoritos",
  "/publicar",
  "/perfil",
  "/mis-planes",
  "/editar-plan",
  "/crear-organizacion",
  "/tus-organizaciones",
] as const;

export const LOGIN_PATH = "/iniciar-sesion";
export const REGISTRO_PATH = "/registro";

/** The way back after logging in: a path of this site (read by lib/favoritos/vuelta.ts). */
export const PARAM_REDIRIGIR = "redirigir";
/** The plan to save once logged in (a tap on a heart without a session). */
export const PARAM_GUARDAR = "guardar";

export interface Vuelta {
  /** Where to go after logging in; "/" (the spec's default) is left out of the address. */
  redirigir?: string;
  /** The id of the plan to save once logged in. */
  guardar?: string;
}

/** The login or registration page carrying the way back and the plan to save after it. */
export function conVuelta(pagina: typeof LOGIN_PATH | typeof REGISTRO_PATH, { redirigir, guardar }: Vuelta): string {
  const q = new URLSearchParams();
  if (redirigir && redirigir !== "/") q.set(PARAM_REDIRIGIR, redirigir);
  if (guardar) q.set(PARAM_GUARDAR, guardar);
  const query = q.toString();
  return query ? `${pagina}?${query}` : pagina;
}

/** The login page with the way back after it, and the plan to save on the way when there is one. */
export function loginConVuelta(vuelta: string, guardar?: string): string {
  return conVuelta(LOGIN_PATH, { redirigir: vuelta, guardar });
}

/**
 * Where to go after logging in when the plan to save no longer exists: its own page would be a
 * 404, so the home page instead; any other way back (a search) stays.
 */
export function vueltaSinPlan(destino: string, planId: string): string {
  const ruta = destino.split(/[?#]/)[0];
  return ruta.startsWith("/plan/") && ruta.endsWith(`/${planId}`) ? "/" : destino;
}

/**
 * The way back a login or registration page was given, as far as the address can tell: a path
 * of this site (anything else is "/", destinoSeguro) and the plan to save, still unchecked (a
 * page looks it up: lib/favoritos/vuelta.ts). A parameter repeated in the address counts as absent.
 */
export function leerVuelta(params: Record<string, string | string[] | undefined>): {
  destino: string;
  guardar?: string;
} {
  const guardar = params[PARAM_GUARDAR];
  return {
    destino: destinoSeguro(params[PARAM_REDIRIGIR]),
    guardar: typeof guardar === "string" && guardar ? guardar : undefined,
  };
}

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
