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

/** The login page with the way back after it (read by destinoSeguro in lib/safe-redirect.ts). */
export function loginConVuelta(vuelta: string): string {
  return `${LOGIN_PATH}?redirigir=${encodeURIComponent(vuelta)}`;
}

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
