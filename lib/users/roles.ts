/** Back-office roles, lowest first: everyone is a usuario; the team are moderadores and admins. */
export const ROLES = ["usuario", "moderador", "admin"] as const;
export type Rol = (typeof ROLES)[number];

/** Whether `rol` may do what needs `necesario` (each role may do everything of the ones below it). */
export function alcanza(rol: Rol, necesario: Rol): boolean {
  return ROLES.indexOf(rol) >= ROLES.indexOf(necesario);
}

export function esRol(valor: string): valor is Rol {
  return (ROLES as readonly string[]).includes(valor);
}
