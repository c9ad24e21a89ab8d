import type { Idioma } from "../idiomas";
import { site } from "../site";
import type { TextoPlan } from "./idiomas";
import { ACCESIBLE_TEXTO, type Categoria } from "./constants";
import { fechaApi, fechaDeFila, type FechaFila, type FechaPlan, type FechaTarjetaFila } from "./fechas";

/**
 * The plan's shape, once: its weekly slot, its File object, its database row (as
 * lib/plans/queries.ts selects it), what a form or the API says of it (DatosPlan), the documented
 * API shape (serializePlan) and the row read back as data (datosDeFila). A new plan field is
 * declared here, selected and written in queries.ts, read and checked in input.ts, and asked for
 * in the form; a yes/no field is one line of SI_NO_PLAN, which all of those read. Client-safe:
 * the forms import it.
 */

/**
 * The plan's yes/no fields: the API's name, its column and the forms' checkbox label. A new one
 * is one line here (plus its column in a migration and in prisma/schema.prisma): the API reads
 * and answers it, INSERT and UPDATE write it (false unless said), the wizard and the edit page
 * ask for it, and the wizard's draft keeps it.
 */
export const SI_NO_PLAN = {
  accesible: { columna: "accesible", etiqueta: ACCESIBLE_TEXTO },
} as const;

export type CampoSiNo = keyof typeof SI_NO_PLAN;
export const CAMPOS_SI_NO = Object.keys(SI_NO_PLAN) as CampoSiNo[];

/** Every yes/no field with its value, by API name. */
export type SiNoPlan = { [K in CampoSiNo]: boolean };
/** The same by column, as a row has them. */
type SiNoFila = { [K in CampoSiNo as (typeof SI_NO_PLAN)[K]["columna"]]: boolean };

/** The yes/no fields all set to `valor` (false: what a new plan has unless said). */
export function siNoTodos(valor = false): SiNoPlan {
  return Object.fromEntries(CAMPOS_SI_NO.map((k) => [k, valor])) as SiNoPlan;
}

/** Just the yes/no fields of a plan in the API's shape (or a form's). */
export function siNoDe(p: SiNoPlan): SiNoPlan {
  return Object.fromEntries(CAMPOS_SI_NO.map((k) => [k, p[k]])) as SiNoPlan;
}

/** A row's yes/no fields by API name. */
function siNoDeFila(p: SiNoFila): SiNoPlan {
  return Object.fromEntries(CAMPOS_SI_NO.map((k) => [k, p[SI_NO_PLAN[k].columna]])) as SiNoPlan;
}

/** A weekly slot of an experience: 0 = Sunday … 6 = Saturday, 'HH:mm'. */
export interface Horario {
  diaSemana: number;
  horaInicio: string;
  horaFin: string;
}

/** A plan as the form or the API describes it (the text fields of POST/PATCH /api/plan; absent: unchanged). */
export interface DatosPlan extends Partial<SiNoPlan> {
  titulo?: string;
  descripcion?: string;
  tipo?: string;
  categorias?: Categoria[];
  direccion?: string;
  municipio?: string;
  ubicacion?: { lng: number; lat: number } | null;
  fechaInicio?: Date | null;
  fechaFin?: Date | null;
  /** An evento's dates (lib/plans/fechas.ts); fechaInicio/fechaFin are then their span. */
  fechas?: FechaPlan[];
  horariosDisponibles?: Horario[];
  precio?: number | null;
  organizacionId?: string | null;
  emailContacto?: string | null;
  telefonoContacto?: string | null;
  enlaceWebExterior?: string | null;
  /** The language it is written in, and its text in others (lib/plans/idiomas.ts); left as they are when not given. */
  idioma?: Idioma;
  textos?: Partial<Record<Idioma, TextoPlan>>;
}

/** A plan row as lib/plans/queries.ts selects it. */
export interface PlanRow extends SiNoFila {
  id: string;
  titulo: string;
  descripcion: string;
  tipo: "evento" | "experiencia";
  destacado: boolean;
  visible: boolean;
  precio: string | null;
  municipio: string;
  direccion: string;
  lng: number;
  lat: number;
  fecha_inicio: Date | null;
  fecha_fin: Date | null;
  categorias: string[];
  enlace_web_exterior: string | null;
  email_contacto: string | null;
  telefono_contacto: string | null;
  usuario_id: string;
  organizacion_id: string | null;
  organizacion_nombre: string | null;
  fecha_creacion: Date;
  /** Last edit (the Atom feeds' entry `updated`); never in the API. Absent in rows built by hand. */
  fecha_actualizacion?: Date;
  horarios: Horario[] | null;
  /** A search's rows: an evento's dates, compact (lib/busqueda/fecha-buscada.ts); never in the API as such. */
  fechas_tarjeta?: FechaTarjetaFila[] | null;
  /** An evento's dates, when the read asked for them (leerPlan does; a search's rows do not). */
  fechas?: FechaFila[] | null;
  /** The poster's row (for replacing or deleting its files); never in the API. */
  archivo_cartel_id: string | null;
  /** Why the team hid it, shown to its owner and the team; never in the API. */
  oculto_motivo: string | null;
  cartel: ArchivoRow | null;
  distancia_m?: number | null;
}

export interface ArchivoRow {
  url: string;
  nombre: string;
  /** The storage key (spec §3 `path`); its variants stay private. */
  path: string;
  contentType: string;
  md5sum: string;
  hash: string;
  width: number;
  height: number;
}

/** Absolute URL of a stored file: local storage keeps site-relative URLs. */
export function absoluteUrl(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${site().url}${url}`;
}

/** The File object of spec §3 for a stored image (not its variants), with an absolute URL. */
export function serializeArchivo(a: ArchivoRow | null): ArchivoRow | null {
  return (
    a && {
      url: absoluteUrl(a.url),
      nombre: a.nombre,
      path: a.path,
      contentType: a.contentType,
      md5sum: a.md5sum,
      hash: a.hash,
      width: a.width,
      height: a.height,
    }
  );
}

/** The title in a plan's URL: spaces become hyphens (spec §2). */
export function tituloEnUrl(titulo: string): string {
  return titulo.trim().replace(/\s+/g, "-");
}

export function planPath(titulo: string, id: string): string {
  return `/plan/${encodeURIComponent(tituloEnUrl(titulo))}/${id}`;
}

/** Distance as the API has always written it: whole kilometres, e.g. '5km'. */
export function distanciaTexto(metros: number): string {
  return `${Math.round(metros / 1000)}km`;
}

/**
 * The documented plan shape (`_id`, GeoJSON `[lng, lat]`, `organizacion: { _id, nombre }`, …) in
 * its two parts around `distancia`, which only a search answer has: the search's cards keep
 * each part's JSON, written once, and join them around each answer's distance (lib/busqueda/buscar.ts).
 */
export function partesDelPlan(p: PlanRow) {
  return [
    {
      _id: p.id,
      titulo: p.titulo,
      descripcion: p.descripcion,
      tipo: p.tipo,
      destacado: p.destacado,
      visible: p.visible,
      precio: p.precio === null ? null : Number(p.precio),
      municipio: p.municipio,
      direccion: p.direccion,
      ubicacion: { type: "Point" as const, coordinates: [p.lng, p.lat] as [number, number] },
    },
    {
      fechaInicio: p.fecha_inicio?.toISOString() ?? null,
      fechaFin: p.fecha_fin?.toISOString() ?? null,
      archivoCartel: serializeArchivo(p.cartel),
      enlaceWebExterior: p.enlace_web_exterior,
      urlPlan: `${site().url}${planPath(p.titulo, p.id)}`,
      categorias: p.categorias,
      horariosDisponibles: p.horarios ?? [],
      emailContacto: p.email_contacto,
      telefonoContacto: p.telefono_contacto,
      ...siNoDeFila(p),
      usuario: p.usuario_id,
      organizacion: p.organizacion_id ? { _id: p.organizacion_id, nombre: p.organizacion_nombre ?? "" } : null,
      organizacionId: p.organizacion_id,
      fechaCreacion: p.fecha_creacion.toISOString(),
    },
  ] as const;
}

/**
 * The documented plan shape, with its distance when the row has one (a search's), and its dates
 * when the row has them (a plan's detail: `fechas`, a field the apps may not know).
 */
export function serializePlan(p: PlanRow) {
  const [antes, despues] = partesDelPlan(p);
  return {
    ...antes,
    ...(p.distancia_m === undefined || p.distancia_m === null ? {} : { distancia: distanciaTexto(p.distancia_m) }),
    ...despues,
    ...(p.fechas === undefined ? {} : { fechas: (p.fechas ?? []).map(fechaApi) }),
  };
}

export type PlanApi = ReturnType<typeof serializePlan>;

/**
 * The row as the data a form or the API speaks of: what an update starts from before its changes
 * (its languages aside, which an update leaves as they are).
 */
export function datosDeFila(p: PlanRow): Required<Omit<DatosPlan, "idioma" | "textos">> {
  return {
    titulo: p.titulo,
    descripcion: p.descripcion,
    tipo: p.tipo,
    categorias: p.categorias as Categoria[],
    direccion: p.direccion,
    municipio: p.municipio,
    ubicacion: { lng: p.lng, lat: p.lat },
    fechaInicio: p.fecha_inicio,
    fechaFin: p.fecha_fin,
    fechas: (p.fechas ?? []).map(fechaDeFila),
    horariosDisponibles: p.horarios ?? [],
    precio: p.precio === null ? null : Number(p.precio),
    organizacionId: p.organizacion_id,
    emailContacto: p.email_contacto,
    telefonoContacto: p.telefono_contacto,
    enlaceWebExterior: p.enlace_web_exterior,
    ...siNoDeFila(p),
  };
}
