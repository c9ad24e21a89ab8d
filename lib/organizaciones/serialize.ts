import { serializeArchivo, serializePlan, type ArchivoRow, type PlanApi, type PlanRow } from "../plans/plan";

/** An organization row with its logo, as lib/organizaciones/organizaciones.ts reads it. */
export interface OrganizacionRow {
  id: string;
  nombre: string;
  descripcion: string | null;
  direccion: string;
  emailContacto: string;
  telefonoContacto: string | null;
  usuarioId: string;
  fechaCreacion: Date;
  archivoLogo: ArchivoRow | null;
}

function organizacion(o: OrganizacionRow) {
  return {
    _id: o.id,
    nombre: o.nombre,
    descripcion: o.descripcion,
    direccion: o.direccion,
    emailContacto: o.emailContacto,
    telefonoContacto: o.telefonoContacto,
    archivoLogo: serializeArchivo(o.archivoLogo),
    usuario: o.usuarioId,
    fechaCreacion: o.fechaCreacion.toISOString(),
  };
}

export type OrganizacionApi = ReturnType<typeof organizacion>;

/** The documented organization shape (spec §3), with its `planes` when the call lists them. */
export function serializeOrganizacion(o: OrganizacionRow): OrganizacionApi;
export function serializeOrganizacion(o: OrganizacionRow, planes: PlanRow[]): OrganizacionApi & { planes: PlanApi[] };
export function serializeOrganizacion(o: OrganizacionRow, planes?: PlanRow[]) {
  return planes ? { ...organizacion(o), planes: planes.map(serializePlan) } : organizacion(o);
}
