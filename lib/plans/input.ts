import { isImageFileName, MAX_IMAGE_BYTES } from "../media/image-types";
import { type Fallo, primerMensaje } from "../formularios";
import { conDatos, mensajes, pistas } from "../messages";
import { EMAIL_PATTERN, fechaIso, sinValor, siNo, UUID_PATTERN } from "../schemas";
import { saltosDeLinea, tieneControl, tieneControlDeEnlace } from "../text";
import { CATEGORIAS, type Categoria } from "./constants";
import { CAMPOS_SI_NO, SI_NO_PLAN, type DatosPlan, type Horario } from "./plan";
import { type CampoFecha, fallosFechas, leerFechas, mensajeDeFecha, spanDeFechas } from "./fechas";
import { mensajesFechas } from "./mensajes-fechas";
import type { TextoPlan } from "./idiomas";
import { esIdioma, type Idioma } from "../idiomas";

class EntradaNoValida extends Error {}

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Optional fields: the existing clients send an empty one as '', 'undefined' or 'null' (what a
 * FormData makes of `undefined` and `null`); all three are read as ''.
 */
const OPCIONALES = new Set([
  "descripcion",
  "fechaInicio",
  "fechaFin",
  "fechas",
  "horariosDisponibles",
  "precio",
  "organizacionId",
  "emailContacto",
  "telefonoContacto",
  "enlaceWebExterior",
  "textos",
  ...CAMPOS_SI_NO,
]);

/**
 * How the messages name a field the spec has no message for: "El enlace web no es válido.",
 * "La dirección es demasiado larga." (a yes/no field by its checkbox's label).
 */
const NOMBRE_CAMPO: Record<string, { nombre: string; femenino?: boolean }> = {
  titulo: { nombre: mensajes.nombreCampoTitulo },
  descripcion: { nombre: mensajes.nombreCampoDescripcion, femenino: true },
  tipo: { nombre: mensajes.nombreCampoTipo },
  direccion: { nombre: mensajes.nombreCampoDireccion, femenino: true },
  municipio: { nombre: mensajes.nombreCampoMunicipio },
  categorias: { nombre: mensajes.nombreCampoCategorias, femenino: true },
  ubicacion: { nombre: mensajes.nombreCampoUbicacion, femenino: true },
  fechaInicio: { nombre: mensajes.nombreCampoFechaInicio, femenino: true },
  fechaFin: { nombre: mensajes.nombreCampoFechaFin, femenino: true },
  horariosDisponibles: { nombre: mensajes.nombreCampoHorarios },
  precio: { nombre: mensajes.nombreCampoPrecio },
  organizacionId: { nombre: mensajes.nombreCampoOrganizacion, femenino: true },
  emailContacto: { nombre: mensajes.nombreCampoCorreo },
  telefonoContacto: { nombre: mensajes.nombreCampoTelefono },
  enlaceWebExterior: { nombre: mensajes.nombreCampoEnlace },
  ...Object.fromEntries(CAMPOS_SI_NO.map((k) => [k, { nombre: `«${SI_NO_PLAN[k].etiqueta}»` }])),
};

const nombrado = (mensaje: string, campo: string) => conDatos(mensaje, { campo: NOMBRE_CAMPO[campo]?.nombre ?? campo });
const demasiadoLargo = (campo: string) =>
  nombrado(NOMBRE_CAMPO[campo]?.femenino ? mensajes.campoPlanLarga : mensajes.campoPlanLargo, campo);

function texto(campo: string, v: FormDataEntryValue | null, multilinea = false, opcional = false): string | undefined {
  if (typeof v !== "string") return undefined;
  if (opcional && sinValor(v)) return "";
  if (tieneControl(v, multilinea))
    throw new EntradaNoValida(
      campo === "emailContacto" ? mensajes.correoFormato : nombrado(mensajes.campoConCaracteres, campo),
    );
  return (multilinea ? saltosDeLinea(v) : v).trim();
}

function json(v: string, mensaje: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    throw new EntradaNoValida(mensaje);
  }
}

/**
 * A publisher's own translations of the title and description, `{"eu":{"titulo","descripcion"}}`:
 * each of our languages but the text's own (`idioma`), with the title's and description's rules;
 * a language with no title is none, and one the site does not speak is left out.
 */
function traducciones(v: string, idioma: Idioma | undefined): Partial<Record<Idioma, TextoPlan>> {
  if (v === "") return {};
  const leido = json(v, mensajes.datosNoValidos);
  if (!leido || typeof leido !== "object" || Array.isArray(leido)) throw new EntradaNoValida(mensajes.datosNoValidos);
  const textos: Partial<Record<Idioma, TextoPlan>> = {};
  for (const [lengua, t] of Object.entries(leido as Record<string, unknown>)) {
    if (!esIdioma(lengua) || lengua === idioma || !t || typeof t !== "object") continue;
    const { titulo, descripcion } = t as Record<string, unknown>;
    const suyo = texto("titulo", typeof titulo === "string" ? titulo : "") ?? "";
    if (suyo === "") continue;
    const larga = texto("descripcion", typeof descripcion === "string" ? descripcion : "", true) ?? "";
    if (suyo.length > TITULO_MAX) throw new EntradaNoValida(demasiadoLargo("titulo"));
    if (larga.length > DESCRIPCION_MAX) throw new EntradaNoValida(demasiadoLargo("descripcion"));
    textos[lengua] = { titulo: suyo, descripcion: larga };
  }
  return textos;
}

/** GeoJSON Point [lng, lat] with numbers in range, or null. */
function punto(v: string): { lng: number; lat: number } | null {
  const p = json(v, mensajes.ubicacionFalta) as { type?: unknown; coordinates?: unknown };
  const c = p?.coordinates;
  if (p?.type !== "Point" || !Array.isArray(c) || c.length !== 2) return null;
  const [lng, lat] = c;
  if (typeof lng !== "number" || typeof lat !== "number" || !Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) return null;
  return { lng, lat };
}

function fecha(v: string, mensaje: string): Date | null {
  if (v === "") return null;
  const d = fechaIso(v);
  if (!d) throw new EntradaNoValida(mensaje);
  return d;
}

function horarios(v: string): Horario[] {
  const lista = json(v, mensajes.horariosFaltan);
  if (!Array.isArray(lista) || lista.length > 50) throw new EntradaNoValida(mensajes.horariosFaltan);
  return lista.map((h) => {
    const { diaSemana, horaInicio, horaFin } = (h ?? {}) as Record<string, unknown>;
    if (!Number.isInteger(diaSemana) || (diaSemana as number) < 0 || (diaSemana as number) > 6)
      throw new EntradaNoValida(mensajes.horariosFaltan);
    return {
      diaSemana: diaSemana as number,
      horaInicio: typeof horaInicio === "string" ? horaInicio : "",
      horaFin: typeof horaFin === "string" ? horaFin : "",
    };
  });
}

/**
 * Reads the plan fields present in a multipart form. Absent fields stay undefined (a PATCH
 * leaves them as they are); malformed ones are a Spanish 400 via the returned error.
 */
export function leerDatosPlan(form: FormData): { datos: DatosPlan } | { error: string } {
  try {
    const d: DatosPlan = {};
    const t = (k: string) => texto(k, form.get(k), k === "descripcion", OPCIONALES.has(k));
    if (t("titulo") !== undefined) d.titulo = t("titulo");
    if (t("descripcion") !== undefined) d.descripcion = t("descripcion");
    if (t("tipo") !== undefined) d.tipo = t("tipo");
    // The language of the title and description (one of ours, else as it was), and the
    // publisher's translations of them (on an edit, all of them: what is left out goes).
    const idioma = form.get("idioma");
    if (typeof idioma === "string" && esIdioma(idioma)) d.idioma = idioma;
    if (t("textos") !== undefined) d.textos = traducciones(t("textos")!, d.idioma);
    if (t("direccion") !== undefined) d.direccion = t("direccion");
    if (t("municipio") !== undefined) d.municipio = t("municipio");
    if (t("categorias") !== undefined) {
      const lista = t("categorias")!
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean);
      if (lista.some((c) => !(CATEGORIAS as readonly string[]).includes(c)))
        throw new EntradaNoValida(mensajes.categoriaNoValida);
      d.categorias = (lista.length > 0 ? [...new Set(lista)] : ["Otros"]) as Categoria[];
    }
    if (t("ubicacion") !== undefined) d.ubicacion = t("ubicacion") ? punto(t("ubicacion")!) : null;
    if (t("fechaInicio") !== undefined) d.fechaInicio = fecha(t("fechaInicio")!, mensajes.fechaInicioFalta);
    if (t("fechaFin") !== undefined) d.fechaFin = fecha(t("fechaFin")!, mensajes.fechaFinFalta);
    // An evento's dates: fechaInicio/fechaFin become their span, whatever else came.
    if (form.get("fechas") !== null && t("fechas") !== "") {
      const leidas = leerFechas(String(form.get("fechas")));
      if ("error" in leidas) throw new EntradaNoValida(leidas.error);
      d.fechas = leidas.fechas;
      Object.assign(d, spanDeFechas(leidas.fechas));
    }
    if (t("horariosDisponibles") !== undefined)
      d.horariosDisponibles = t("horariosDisponibles") ? horarios(t("horariosDisponibles")!) : [];
    if (t("precio") !== undefined) {
      const p = t("precio")!;
      if (p === "") d.precio = null;
      // A malformed price is left to primerErrorPlan, which reports it in its place of the order.
      else d.precio = /^\d{1,7}([.,]\d{1,2})?$/.test(p) ? Number(p.replace(",", ".")) : Number.NaN;
    }
    if (t("organizacionId") !== undefined) {
      const o = t("organizacionId")!;
      if (o !== "" && !UUID_PATTERN.test(o)) throw new EntradaNoValida(mensajes.organizacionAjena);
      d.organizacionId = o === "" ? null : o;
    }
    for (const k of ["emailContacto", "telefonoContacto", "enlaceWebExterior"] as const) {
      if (t(k) !== undefined) d[k] = t(k) || null;
    }
    for (const k of CAMPOS_SI_NO) {
      if (t(k) === undefined) continue;
      const si = siNo(t(k)!);
      if (si === null) throw new EntradaNoValida(nombrado(mensajes.campoSiNoValido, k));
      d[k] = si;
    }
    return { datos: d };
  } catch (error) {
    if (error instanceof EntradaNoValida) return { error: error.message };
    throw error;
  }
}

const DIA = 86_400_000;

/** Title, contact e-mail and phone: 50 characters at most (spec §9). */
export const TITULO_MAX = 50;
export const DESCRIPCION_MAX = 20_000;
export const DIRECCION_MAX = 200;
export const CONTACTO_MAX = 50;
/** An event lasts at most this many days from start to end (spec §5, §9). */
export const DURACION_EVENTO_MAX_DIAS = 60;
/** Poster formats of spec §9, for the file picker (the server checks the content itself). */

/** What the browser knows of a chosen poster before sending it. */
export interface ArchivoElegido {
  nombre: string;
  bytes: number;
}

/**
 * The multipart field of POST /api/plan naming a poster stored in advance (POST
 * /api/plan/cartel-temporal, its `_id`) instead of sending the file as `archivoCartel`.
 */
export const CAMPO_CARTEL_TEMPORAL = "archivoTemporalId";

export interface ReglasPlan {
  /** Picks the creation or the update wording (spec §5). */
  modo: "crear" | "actualizar";
  /** The plan has (or gets) a poster. */
  conCartel: boolean;
  /** The form's privacy checkbox when the form asks for it; the API never receives it and leaves it undefined. */
  privacidad?: boolean;
  /** The chosen file, checked by name and size in the browser (the server checks the content). */
  cartelArchivo?: ArchivoElegido;
  ahora?: number;
}

/** The fields the plan rules speak of (a day of the weekly schedule is `horario-<diaSemana>`). */
export type CampoPlan =
  | "tipo"
  | "municipio"
  | "direccion"
  | "titulo"
  | "cartel"
  | "descripcion"
  | "fechaInicio"
  | "fechaFin"
  | CampoFecha
  | "horarios"
  | `horario-${number}`
  | "privacidad"
  | "precio"
  | "emailContacto"
  | "telefonoContacto"
  | "enlaceWebExterior";

/**
 * The publishing rules of spec §5 in their order, every failure with its field. The API runs them
 * on what it receives, and the web forms on the very form they are about to send, so a rule lives
 * here once. Each rule is checked on its own, so the first failure is the spec's first message.
 */
export function* fallosPlan(
  d: DatosPlan,
  { modo, conCartel, privacidad, cartelArchivo, ahora = Date.now() }: ReglasPlan,
): Generator<Fallo<CampoPlan>> {
  const fallo = (mensaje: string, campo: CampoPlan, pista: string): Fallo<CampoPlan> => ({ mensaje, campo, pista });
  // A message about the whole form: at the field, its hint says what is missing there.
  const general = (mensaje: string, campo: CampoPlan, pista: string): Fallo<CampoPlan> => ({
    mensaje,
    campo,
    pista,
    general: true,
  });
  if (d.tipo !== "evento" && d.tipo !== "experiencia") yield fallo(mensajes.tipoObligatorio, "tipo", pistas.tipo);
  if (!d.ubicacion) yield fallo(mensajes.ubicacionFalta, "municipio", pistas.municipio);
  // The message asks for a suggestion of the autocomplete: the municipality's, not the address's.
  if (!d.direccion) yield general(mensajes.ubicacionFalta, "direccion", pistas.direccion);
  if (modo === "crear") {
    if (!d.titulo) yield general(mensajes.todosObligatorios, "titulo", pistas.titulo);
    if (!d.municipio) yield general(mensajes.todosObligatorios, "municipio", pistas.municipio);
    if (!conCartel) yield general(mensajes.todosObligatorios, "cartel", pistas.cartel);
  } else {
    if (!d.titulo) yield fallo(mensajes.tituloObligatorio, "titulo", pistas.titulo);
    if (!conCartel) yield fallo(mensajes.cartelObligatorio, "cartel", pistas.cartel);
    if (!d.municipio) yield general(mensajes.todosObligatorios, "municipio", pistas.municipio);
  }
  if ((d.titulo?.length ?? 0) > TITULO_MAX) yield fallo(mensajes.tituloLargo, "titulo", pistas.largo50);
  for (const [campo, max] of [
    ["direccion", DIRECCION_MAX],
    ["municipio", 100],
    ["descripcion", DESCRIPCION_MAX],
  ] as const) {
    if ((d[campo]?.length ?? 0) > max) yield fallo(demasiadoLargo(campo), campo, pistas.textoLargo);
  }
  const { fechaInicio: inicio, fechaFin: fin } = d;
  // Several dates: the span may be long (a course of eight Saturdays); each date is held to the rules.
  const varias = (d.fechas?.length ?? 0) > 1;
  if (d.tipo === "evento") {
    if (!fin) yield fallo(mensajes.fechaFinFalta, "fechaFin", pistas.fechaFin);
    if (!inicio) yield fallo(mensajes.fechaInicioFalta, "fechaInicio", pistas.fechaInicio);
    if (d.fechas && d.fechas.length > 0)
      for (const f of fallosFechas(d.fechas, { modo, duracionMaxDias: DURACION_EVENTO_MAX_DIAS, ahora }))
        yield { ...f, mensaje: varias ? mensajeDeFecha(d.fechas, f) : f.mensaje };
    if (inicio && fin && inicio > fin) yield fallo(mensajes.fechaInicioPosterior, "fechaFin", pistas.finAntesDeInicio);
    if (fin && fin.getTime() < ahora - DIA)
      yield fallo(
        modo === "crear" ? mensajes.fechaFinPasadaEvento : mensajes.fechaFinPasadaPlan,
        "fechaFin",
        pistas.finPasada,
      );
    if (!varias && inicio && fin && fin.getTime() - inicio.getTime() > DURACION_EVENTO_MAX_DIAS * DIA)
      yield fallo(mensajes.duracionMaxima, "fechaFin", pistas.duracion);
  } else if (d.tipo === "experiencia") {
    if ((d.fechas?.length ?? 0) > 0) yield fallo(mensajesFechas.fechasSoloEventos, "fechas", pistas.fechaInicio);
    const faltan = modo === "crear" ? mensajes.horariosFaltan : mensajes.horariosFaltanActualizar;
    const lista = d.horariosDisponibles ?? [];
    const completo = (h: Horario) => HORA.test(h.horaInicio) && HORA.test(h.horaFin);
    if (lista.length === 0) yield fallo(faltan, "horarios", pistas.dias);
    for (const h of lista) if (!completo(h)) yield fallo(faltan, `horario-${h.diaSemana}`, pistas.horas);
    for (const h of lista)
      if (completo(h) && h.horaFin <= h.horaInicio)
        yield fallo(mensajes.horaFinAnterior, `horario-${h.diaSemana}`, pistas.horaFinAntes);
    if (inicio && fin && inicio > fin) yield fallo(mensajes.fechaInicioPosterior, "fechaFin", pistas.finAntesDeInicio);
  }
  if (privacidad === false) yield fallo(mensajes.debesAceptarPrivacidad, "privacidad", pistas.privacidad);
  if (d.precio !== undefined && d.precio !== null && (d.precio < 0 || !Number.isFinite(d.precio)))
    yield fallo(mensajes.precioNoValido, "precio", pistas.precio);
  if ((d.emailContacto?.length ?? 0) > CONTACTO_MAX)
    yield general(mensajes.campoLargo, "emailContacto", pistas.largo50);
  if ((d.telefonoContacto?.length ?? 0) > CONTACTO_MAX)
    yield general(mensajes.campoLargo, "telefonoContacto", pistas.largo50);
  if (d.emailContacto && !EMAIL_PATTERN.test(d.emailContacto))
    yield fallo(mensajes.correoFormato, "emailContacto", pistas.correo);
  const enlace = d.enlaceWebExterior;
  if (enlace && (!/^https?:\/\/\S+$/i.test(enlace) || tieneControlDeEnlace(enlace) || enlace.length > 1000)) {
    yield fallo(mensajes.enlaceWebNoValido, "enlaceWebExterior", pistas.enlace);
  }
  if (cartelArchivo) yield* fallosArchivoCartel(cartelArchivo);
}

/** A chosen poster that the server would refuse by its name or its size, said before sending it. */
export function* fallosArchivoCartel({ nombre, bytes }: ArchivoElegido): Generator<Fallo<CampoPlan>> {
  if (!isImageFileName(nombre)) yield { mensaje: mensajes.imagenTipo, campo: "cartel", pista: pistas.imagenTipo };
  else if (bytes > MAX_IMAGE_BYTES)
    yield { mensaje: mensajes.imagenGrande, campo: "cartel", pista: pistas.imagenGrande };
}

/** The first message of spec §5 for a plan, or null (what the API answers). */
export function primerErrorPlan(d: DatosPlan, reglas: ReglasPlan): string | null {
  return primerMensaje(fallosPlan(d, reglas));
}
