/** Every action the audit log records, with the words the back-office shows for it. */
export const ACCIONES = {
  ocultar_plan: "Ocultar plan",
  mostrar_plan: "Publicar de nuevo",
  descartar_reportes: "Descartar reportes",
  destacar_plan: "Destacar plan",
  asignar_rol: "Cambiar rol",
  suspender_usuario: "Suspender cuenta",
  restaurar_usuario: "Restaurar cuenta",
} as const;

export type Accion = keyof typeof ACCIONES;
