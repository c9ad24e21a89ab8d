import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { diaEnMadrid, ZONA } from "../dates";
import type { Categoria } from "./constants";
import { leerDatosPlan, primerErrorPlan, type Horario } from "./input";
import type { PlanApi } from "./serialize";

/**
 * The plan as the publishing wizard and the edit page hold it, and the bridge to the API: the
 * forms build the very multipart form they send and check it with the API's own reader and rules
 * (lib/plans/input.ts), so the browser and the server give the same message in the same order.
 * Client-safe: no server imports.
 */

export type TipoPlan = "evento" | "experiencia";
export type { Horario };

export interface CamposPlan {
  tipo: TipoPlan | "";
  categorias: Categoria[];
  titulo: string;
  municipio: string;
  direccion: string;
  ubicacion: { lng: number; lat: number } | null;
  /** Wall-clock time in Madrid, 'yyyy-MM-ddTHH:mm', as a datetime-local input holds it ('' when unset). */
  fechaInicio: string;
  fechaFin: string;
  horarios: Horario[];
  descripcion: string;
  precio: string;
  organizacionId: string;
  /** The edit page's contact switch (spec §2); the wizard always shows the contact fields. */
  contacto: boolean;
  emailContacto: string;
  telefonoContacto: string;
  privacidad: boolean;
  /** A newly chosen poster (kept apart from the JSON draft). */
  cartel: File | null;
}

export const CAMPOS_INICIALES: CamposPlan = {
  tipo: "",
  categorias: ["Otros"],
  titulo: "",
  municipio: "",
  direccion: "",
  ubicacion: null,
  fechaInicio: "",
  fechaFin: "",
  horarios: [],
  descripcion: "",
  precio: "",
  organizacionId: "",
  contacto: true,
  emailContacto: "",
  telefonoContacto: "",
  privacidad: false,
  cartel: null,
};

/** Date pickers move in 15-minute steps (spec §9), in seconds as the inputs' `step` wants them. */
export const PASO_FECHA_S = 15 * 60;
const LOCAL = "yyyy-MM-dd'T'HH:mm";

/** The instant of a Madrid wall-clock 'yyyy-MM-ddTHH:mm', or null when empty or malformed. */
export function instanteDeLocal(valor: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(valor);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number);
  return new Date(new TZDate(y, mo - 1, d, h, mi, ZONA).getTime());
}

/** The Madrid wall-clock value of an instant, for a datetime-local input. */
export function localDeInstante(iso: string | null): string {
  return iso ? format(new TZDate(new Date(iso).getTime(), ZONA), LOCAL) : "";
}

/** A picker value as the spec shows dates: dd/MM/yyyy HH:mm. */
export function fechaVisible(valor: string): string {
  const d = instanteDeLocal(valor);
  return d ? format(new TZDate(d.getTime(), ZONA), "dd/MM/yyyy HH:mm") : "";
}

/** The earliest a picker offers: today at 00:00 in Madrid (spec §2: no dates before today). */
export function minimoFecha(ahora: Date = new Date()): string {
  const { year, month, day } = diaEnMadrid(ahora);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T00:00`;
}

/** Which fields a form sends: the wizard checks its data step alone before the optional one. */
export type Parte = "datos" | "todo";

/**
 * The multipart form of POST and PATCH /api/plan (spec §7), text trimmed. Dates are sent even
 * when empty, so an update can clear them; the contact fields only while the contact switch is on.
 */
export function formularioPlan(c: CamposPlan, parte: Parte = "todo"): FormData {
  const f = new FormData();
  f.set("tipo", c.tipo);
  f.set("categorias", c.categorias.join(","));
  f.set("titulo", c.titulo.trim());
  f.set("direccion", c.direccion.trim());
  f.set("municipio", c.municipio.trim());
  f.set("ubicacion", c.ubicacion ? JSON.stringify({ type: "Point", coordinates: [c.ubicacion.lng, c.ubicacion.lat] }) : "");
  f.set("fechaInicio", instanteDeLocal(c.fechaInicio)?.toISOString() ?? "");
  f.set("fechaFin", instanteDeLocal(c.fechaFin)?.toISOString() ?? "");
  if (c.tipo === "experiencia") f.set("horariosDisponibles", JSON.stringify(c.horarios));
  if (c.cartel) f.set("archivoCartel", c.cartel, c.cartel.name);
  if (parte === "todo") {
    f.set("descripcion", c.descripcion.trim());
    f.set("precio", c.precio.trim());
    f.set("organizacionId", c.organizacionId);
    if (c.contacto) {
      f.set("emailContacto", c.emailContacto.trim());
      f.set("telefonoContacto", c.telefonoContacto.trim());
    }
  }
  return f;
}

export interface ContextoReglas {
  modo: "crear" | "actualizar";
  parte: Parte;
  /** The plan already has a stored poster (edit page). */
  cartelGuardado?: boolean;
  ahora?: number;
}

/**
 * The first message of spec §5 for what the form would send, or null. The privacy checkbox counts
 * on the optional step of the wizard, and on the edit page while the contact switch is on.
 */
export function errorFormularioPlan(c: CamposPlan, { modo, parte, cartelGuardado = false, ahora }: ContextoReglas): string | null {
  const leido = leerDatosPlan(formularioPlan(c, parte));
  if ("error" in leido) return leido.error;
  return primerErrorPlan(leido.datos, {
    modo,
    conCartel: c.cartel !== null || cartelGuardado,
    privacidad: parte === "todo" && c.contacto ? c.privacidad : undefined,
    cartelNombre: c.cartel?.name,
    ahora,
  });
}

/** The edit page's starting values (spec §2: dates as picker values, the switch on if there is contact data). */
export function camposDePlan(p: PlanApi): CamposPlan {
  const contacto = Boolean(p.emailContacto || p.telefonoContacto);
  return {
    tipo: p.tipo,
    categorias: (p.categorias.length > 0 ? p.categorias : ["Otros"]) as Categoria[],
    titulo: p.titulo,
    municipio: p.municipio,
    direccion: p.direccion,
    ubicacion: { lng: p.ubicacion.coordinates[0], lat: p.ubicacion.coordinates[1] },
    fechaInicio: localDeInstante(p.fechaInicio),
    fechaFin: localDeInstante(p.fechaFin),
    horarios: p.horariosDisponibles.map(({ diaSemana, horaInicio, horaFin }) => ({ diaSemana, horaInicio, horaFin })),
    descripcion: p.descripcion,
    precio: p.precio === null ? "" : String(p.precio),
    organizacionId: p.organizacionId ?? "",
    contacto,
    emailContacto: p.emailContacto ?? "",
    telefonoContacto: p.telefonoContacto ?? "",
    // Publishing contact data again means accepting the policy again (spec §5, plan update).
    privacidad: false,
    cartel: null,
  };
}

/**
 * The wizard's starting values for publishing a plan again ('Duplicar' in 'Planes Creados'):
 * everything of the original but its dates, which a monthly market sets anew (an experience's
 * old start and end would mostly be past too), and the privacy acceptance, given again. The
 * wizard always sends the contact fields it shows.
 */
export function camposParaDuplicar(p: PlanApi): CamposPlan {
  return { ...camposDePlan(p), fechaInicio: "", fechaFin: "", contacto: true, privacidad: false };
}
