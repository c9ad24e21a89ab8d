/** Every action the audit log records, with the words the back-office shows for it. */
export const ACCIONES = {
  ocultar_plan: "Ocultar plan",
  mostrar_plan: "Publicar de nuevo",
  descartar_reportes: "Descartar reportes",
  destacar_plan: "Destacar plan",
  asignar_rol: "Cambiar rol",
  suspender_usuario: "Suspender cuenta",
  restaurar_usuario: "Restaurar cuenta",
  verificar_organizacion: "Verificar organización",
  quitar_verificacion: "Quitar verificación",
  marcar_contactado: "Marcar como contactado",
  reintentar_correo: "Reintentar correo",
  reintentar_correos: "Reintentar todos los correos",
  retencion: "Borrar solicitudes de más de un año",
  solicitud_contactada: "Marcar solicitud como contactada",
  solicitud_descartada: "Descartar solicitud",
  solicitud_destacada: "Destacar desde una solicitud",
  solicitud_notas: "Editar notas de una solicitud",
  crear_patrocinio: "Crear patrocinio",
  editar_patrocinio: "Editar patrocinio",
  pausar_patrocinio: "Pausar patrocinio",
  reanudar_patrocinio: "Reanudar patrocinio",
  ordenar_patrocinio: "Cambiar el turno de un patrocinio",
  borrar_patrocinio: "Borrar patrocinio",
} as const;

export type Accion = keyof typeof ACCIONES;
