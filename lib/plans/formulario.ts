import { diaEnMadrid, instanteDeLocal, instanteEnMadrid, localDeInstante } from "../dates";
import { IDIOMA_POR_DEFECTO, IDIOMAS, type Idioma } from "../idiomas";
import { mensajes, pistas } from "../messages";
import type { Categoria } from "./constants";
import { reunirFallos, type ErroresFormulario, type Fallo } from "../formularios";
import { spanDeFechas } from "./fechas";
import {
  campoDeFechaApi,
  type FechaCampo,
  type FechasEnviadas,
  fechasEnviadas,
  type FormaFechas,
} from "./formulario-fechas";
import { CAMPO_CARTEL_TEMPORAL, fallosPlan, leerDatosPlan, type CampoPlan } from "./input";
import type { IdiomasDelPlan, TextoPlan } from "./idiomas";
import { mensajesFechas } from "./mensajes-fechas";
import { CAMPOS_SI_NO, siNoDe, siNoTodos, type Horario, type PlanApi, type SiNoPlan } from "./plan";

/**
 * The plan as the publishing wizard and the edit page hold it, and the bridge to the API: the
 * forms build the very multipart form they send and check it with the API's own reader and rules
 * (lib/plans/input.ts), so the browser and the server give the same message in the same order.
 * Client-safe: no server imports.
 */

export type TipoPlan = "evento" | "experiencia";

/** A poster stored in advance for this plan (POST /api/plan/cartel-temporal): what the draft keeps of it. */
export interface ArchivoTemporal {
  _id: string;
  urlArchivoTemporal: string;
  nombre: string;
}

export interface CamposPlan extends SiNoPlan {
  tipo: TipoPlan | "";
  categorias: Categoria[];
  titulo: string;
  municipio: string;
  direccion: string;
  ubicacion: { lng: number; lat: number } | null;
  /** Wall-clock time in Madrid, 'yyyy-MM-ddTHH:mm' ('' when unset): what the date picker holds. */
  fechaInicio: string;
  fechaFin: string;
  /** An evento's shape of dates: "una" is fechaInicio/fechaFin; the other two, the list `fechas`. */
  formaFechas: FormaFechas;
  fechas: FechaCampo[];
  horarios: Horario[];
  descripcion: string;
  /** The language the title and description are written in. */
  idioma: Idioma;
  /**
   * The publisher's translations of title and description, every language's (empty when none),
   * on the edit page; null on the wizard, which sends none.
   */
  textos: Record<Idioma, TextoPlan> | null;
  /** 'Es gratis': sends price 0. Off with an empty price means the price is not given (null). */
  gratis: boolean;
  precio: string;
  organizacionId: string;
  /** The edit page's contact switch (spec §2); the wizard always shows the contact fields. */
  contacto: boolean;
  emailContacto: string;
  telefonoContacto: string;
  privacidad: boolean;
  /** A newly chosen poster (kept apart from the JSON draft). */
  cartel: File | null;
  /** The wizard's poster once stored in advance: published by its id, and the draft keeps it. */
  archivoTemporal: ArchivoTemporal | null;
  /** The programme's text as pasted to be read: kept with the draft, never sent. */
  textoPrograma: string;
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
  formaFechas: "una",
  fechas: [],
  horarios: [],
  descripcion: "",
  idioma: IDIOMA_POR_DEFECTO,
  textos: null,
  gratis: false,
  precio: "",
  organizacionId: "",
  contacto: true,
  emailContacto: "",
  telefonoContacto: "",
  ...siNoTodos(),
  privacidad: false,
  cartel: null,
  archivoTemporal: null,
  textoPrograma: "",
};

/** Date pickers move in 15-minute steps (spec §9), in seconds as a time input's `step` wants them. */
export const PASO_FECHA_S = 15 * 60;

/** The hours a picker offers: every 15 minutes of a day, 'HH:mm'. */
export const HORAS_DEL_DIA = Array.from({ length: (24 * 3600) / PASO_FECHA_S }, (_, i) => {
  const minutos = (i * PASO_FECHA_S) / 60;
  return `${String(Math.floor(minutos / 60)).padStart(2, "0")}:${String(minutos % 60).padStart(2, "0")}`;
});

export type ValorFecha = { valor: string } | { error: string };

/**
 * A date a person typed as the spec shows dates (dd/MM/yyyy HH:mm; one-digit day, month or hour
 * and 'h' or '.' before the minutes are read too) as a picker value, or the hint that says why it
 * cannot be: not a date, or minutes off the 15-minute steps. A past day is read as it is: the
 * calendar offers none, and the plan rules answer an end in the past with the spec's message.
 */
export function leerFechaEscrita(texto: string): ValorFecha {
  const t = texto.trim();
  if (t === "") return { valor: "" };
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2})[:.h](\d{2})$/.exec(t);
  if (!m) return { error: pistas.fechaFormato };
  const [d, mo, y, h, mi] = m.slice(1).map(Number);
  const dia = new Date(Date.UTC(y, mo - 1, d));
  if (dia.getUTCFullYear() !== y || dia.getUTCMonth() !== mo - 1 || dia.getUTCDate() !== d || h > 23 || mi > 59)
    return { error: pistas.fechaFormato };
  if ((mi * 60) % PASO_FECHA_S !== 0) return { error: pistas.fechaPaso };
  const dos = (n: number) => String(n).padStart(2, "0");
  return { valor: `${y}-${dos(mo)}-${dos(d)}T${dos(h)}:${dos(mi)}` };
}

/** A day a person typed as dd/MM/yyyy as a day picker's value 'yyyy-MM-dd', or why it cannot be. */
export function leerDiaEscrito(texto: string): ValorFecha {
  const t = texto.trim();
  if (t === "") return { valor: "" };
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (!m) return { error: mensajesFechas.diaFormato };
  const [d, mo, y] = m.slice(1).map(Number);
  const dia = new Date(Date.UTC(y, mo - 1, d));
  if (dia.getUTCFullYear() !== y || dia.getUTCMonth() !== mo - 1 || dia.getUTCDate() !== d)
    return { error: mensajesFechas.diaFormato };
  const dos = (n: number) => String(n).padStart(2, "0");
  return { valor: `${y}-${dos(mo)}-${dos(d)}` };
}

/** A day picker's value 'yyyy-MM-dd' as the person reads it, dd/MM/yyyy ('' for none). */
export function diaVisible(valor: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(valor);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}

/** The earliest a picker offers: today at 00:00 in Madrid (spec §2: no dates before today). */
export function minimoFecha(ahora: Date = new Date()): string {
  return localDeInstante(instanteEnMadrid(diaEnMadrid(ahora), "00:00"));
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
  f.set("idioma", c.idioma);
  f.set("direccion", c.direccion.trim());
  f.set("municipio", c.municipio.trim());
  f.set(
    "ubicacion",
    c.ubicacion ? JSON.stringify({ type: "Point", coordinates: [c.ubicacion.lng, c.ubicacion.lat] }) : "",
  );
  f.set("fechaInicio", instanteDeLocal(c.fechaInicio)?.toISOString() ?? "");
  f.set("fechaFin", instanteDeLocal(c.fechaFin)?.toISOString() ?? "");
  // Several dates go as `fechas`, and the plan's own two as their span, what the apps read.
  const enviadas = fechasEnviadas(c);
  if (enviadas && enviadas.fechas.length > 0) {
    const span = spanDeFechas(enviadas.fechas);
    f.set("fechaInicio", span.fechaInicio.toISOString());
    f.set("fechaFin", span.fechaFin?.toISOString() ?? "");
    f.set("fechas", JSON.stringify(enviadas.fechas));
  }
  if (c.tipo === "experiencia") f.set("horariosDisponibles", JSON.stringify(c.horarios));
  // The poster stored in advance, else the file itself (when it could not be stored, or on the edit page).
  if (c.archivoTemporal) f.set(CAMPO_CARTEL_TEMPORAL, c.archivoTemporal._id);
  else if (c.cartel) f.set("archivoCartel", c.cartel, c.cartel.name);
  if (parte === "todo") {
    f.set("descripcion", c.descripcion.trim());
    f.set("precio", c.gratis ? "0" : c.precio.trim());
    f.set("organizacionId", c.organizacionId);
    for (const k of CAMPOS_SI_NO) f.set(k, c[k] ? "true" : "false");
    if (c.textos) f.set("textos", JSON.stringify(textosEnviados(c.idioma, c.textos)));
    if (c.contacto) {
      f.set("emailContacto", c.emailContacto.trim());
      f.set("telefonoContacto", c.telefonoContacto.trim());
    }
  }
  return f;
}

/** The translations worth sending: the other languages' with a title, trimmed (an edit replaces them all). */
export function textosEnviados(idioma: Idioma, textos: Record<Idioma, TextoPlan>): Partial<Record<Idioma, TextoPlan>> {
  const enviados: Partial<Record<Idioma, TextoPlan>> = {};
  for (const i of IDIOMAS) {
    const titulo = textos[i].titulo.trim();
    if (i !== idioma && titulo) enviados[i] = { titulo, descripcion: textos[i].descripcion.trim() };
  }
  return enviados;
}

export interface ContextoReglas {
  modo: "crear" | "actualizar";
  parte: Parte;
  /** The plan already has a stored poster (edit page). */
  cartelGuardado?: boolean;
  ahora?: number;
}

/**
 * Spec §5 for what the form would send: the first rule's message, and every failing field with its
 * hint. The privacy checkbox counts on the optional step of the wizard, and on the edit page while
 * the contact switch is on.
 */
export function erroresFormularioPlan(
  c: CamposPlan,
  { modo, parte, cartelGuardado = false, ahora }: ContextoReglas,
): ErroresFormulario<CampoPlan> {
  const leido = leerDatosPlan(formularioPlan(c, parte));
  if ("error" in leido) return { mensaje: leido.error, campos: {} };
  const fallos = fallosPlan(leido.datos, {
    modo,
    conCartel: c.cartel !== null || c.archivoTemporal !== null || cartelGuardado,
    privacidad: parte === "todo" && c.contacto ? c.privacidad : undefined,
    cartelArchivo: c.cartel && !c.archivoTemporal ? { nombre: c.cartel.name, bytes: c.cartel.size } : undefined,
    ahora,
  });
  const enviadas = fechasEnviadas(c);
  return reunirFallos(enviadas ? enSusFilas(fallos, enviadas, c.formaFechas === "una") : fallos);
}

const DE_FECHAS = (campo: string) => campo === "fechaInicio" || campo === "fechaFin" || campo.startsWith("fecha");

/**
 * The dates' failures where the form shows them. The rules number a plan's dates by start; the
 * form's rows are in the person's order, and each says its own failure, short (the row is which
 * date). The plan's span has no field of its own in a list: its failures go to the one row, or
 * to the list. "Una fecha" on a plan that had several says them at its end, as always.
 */
function* enSusFilas(
  fallos: Iterable<Fallo<CampoPlan>>,
  { fechas, sinInicio, porOrden }: FechasEnviadas,
  una: boolean,
): Generator<Fallo<CampoPlan>> {
  if (una) {
    for (const f of fallos) yield f.campo.startsWith("fecha-") ? { ...f, campo: "fechaFin" } : f;
    return;
  }
  const enLaFila = (i: number, texto: string): Fallo<CampoPlan> => ({
    mensaje: texto,
    campo: `fecha-${i}`,
    pista: texto,
  });
  const vacia = fechas.length === 0 && sinInicio.length === 0;
  let dichas = false;
  function* antes() {
    if (dichas) return;
    dichas = true;
    if (vacia) yield { mensaje: mensajesFechas.sinFechas, campo: "fechas", pista: mensajesFechas.sinFechas } as const;
    for (const i of sinInicio) yield enLaFila(i, mensajesFechas.fechaSinInicio);
  }
  for (const f of fallos) {
    if (!DE_FECHAS(f.campo)) {
      yield f;
      continue;
    }
    yield* antes();
    if (f.campo.startsWith("fecha-")) {
      yield { ...enLaFila(porOrden[Number(f.campo.slice(6))], f.pista), mensaje: f.mensaje, general: true };
    } else if (f.campo === "fechas") yield { ...f, general: true };
    // The span's failures are those of the rows: said there, or by the rows without a start.
    else if (fechas.length === 1) yield { ...enLaFila(porOrden[0], f.pista), mensaje: f.mensaje, general: true };
  }
  yield* antes();
}

/** The first message of spec §5 for what the form would send, or null. */
export function errorFormularioPlan(c: CamposPlan, contexto: ContextoReglas): string | null {
  return erroresFormularioPlan(c, contexto).mensaje;
}

/**
 * The edit page's starting values (spec §2: dates as picker values, the switch on if there is
 * contact data), with the languages of its text, read apart (Spanish and none when not given).
 */
export function camposDePlan(p: PlanApi, idiomas?: IdiomasDelPlan): CamposPlan {
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
    // A plan of several dates opens on them, as a programme when its dates are titled acts.
    ...(p.fechas && p.fechas.length > 1
      ? {
          formaFechas: p.fechas.some((f) => f.titulo) ? "programa" : "varias",
          fechas: p.fechas.map(campoDeFechaApi),
        }
      : { formaFechas: "una", fechas: [] }),
    horarios: p.horariosDisponibles.map(({ diaSemana, horaInicio, horaFin }) => ({ diaSemana, horaInicio, horaFin })),
    descripcion: p.descripcion,
    idioma: idiomas?.idioma ?? IDIOMA_POR_DEFECTO,
    textos: Object.fromEntries(
      IDIOMAS.map((i) => [i, idiomas?.textos[i] ?? { titulo: "", descripcion: "" }]),
    ) as Record<Idioma, TextoPlan>,
    gratis: p.precio === 0,
    precio: p.precio === null || p.precio === 0 ? "" : String(p.precio),
    organizacionId: p.organizacionId ?? "",
    contacto,
    emailContacto: p.emailContacto ?? "",
    telefonoContacto: p.telefonoContacto ?? "",
    ...siNoDe(p),
    // Publishing contact data again means accepting the policy again (spec §5, plan update).
    privacidad: false,
    cartel: null,
    archivoTemporal: null,
    textoPrograma: "",
  };
}

/**
 * The wizard's starting values for publishing a plan again ('Duplicar' in 'Planes Creados'):
 * everything of the original but its dates, which a monthly market sets anew (an experience's
 * old start and end would mostly be past too), and the privacy acceptance, given again. The
 * wizard always sends the contact fields it shows.
 */
export function camposParaDuplicar(p: PlanApi): CamposPlan {
  return {
    ...camposDePlan(p),
    fechaInicio: "",
    fechaFin: "",
    formaFechas: "una",
    fechas: [],
    // The wizard has no translations to send.
    textos: null,
    contacto: true,
    privacidad: false,
  };
}

/** The publishing wizard's steps (spec §4): type, categories, data, optional data. */
export type PasoAsistente = 1 | 2 | 3 | 4;

/** Spec §4: a type is needed on step 1, step 2 has no rule, steps 3 and 4 the API's rules. */
export function erroresDelPaso(c: CamposPlan, paso: PasoAsistente): ErroresFormulario<CampoPlan> {
  if (paso === 1)
    return reunirFallos<CampoPlan>(
      c.tipo ? [] : [{ mensaje: mensajes.tipoObligatorio, campo: "tipo", pista: pistas.tipo }],
    );
  if (paso === 2) return { mensaje: null, campos: {} };
  return erroresFormularioPlan(c, { modo: "crear", parte: paso === 3 ? "datos" : "todo" });
}

const CAMPOS_DE_DATOS = new Set<string>([
  "titulo",
  "municipio",
  "direccion",
  "cartel",
  "fechaInicio",
  "fechaFin",
  "fechas",
  "horarios",
]);

/** The wizard's step that shows a field: the type on the first, the data on the third, the rest on the last. */
export function pasoDelCampo(campo: CampoPlan): PasoAsistente {
  if (campo === "tipo") return 1;
  if (CAMPOS_DE_DATOS.has(campo) || campo.startsWith("horario-") || campo.startsWith("fecha-")) return 3;
  return 4;
}

/** The earliest step that shows one of these failing fields (or null when none fails). */
export function primerPasoConFallos(campos: Iterable<string>): PasoAsistente | null {
  let paso: PasoAsistente | null = null;
  for (const c of campos) {
    const p = pasoDelCampo(c as CampoPlan);
    if (paso === null || p < paso) paso = p;
  }
  return paso;
}
