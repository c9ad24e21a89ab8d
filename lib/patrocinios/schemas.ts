import { isImageFileName } from "../media/image-types";
import { type Fallo, issuesDeFallos, primerMensaje, reunirFallos } from "../formularios";
import { mensajes, pistas } from "../messages";
import { campoDeTexto, z } from "../schemas";
import { mensajesGestion } from "../mensajes-gestion";
import { tieneControlDeEnlace } from "../text";

/** The limits of a sponsor card's fields: the table's for empresa, título and enlace; the card's room for the description. */
export const PATROCINIO_MAX = { empresa: 100, titulo: 50, descripcion: 300, enlaceEmpresa: 1000 } as const;

/** A day as `<input type="date">` and the API write it: YYYY-MM-DD, a real calendar day. */
const DIA = /^(\d{4})-(\d{2})-(\d{2})$/;

export function esDia(v: string): boolean {
  const m = DIA.exec(v);
  if (!m) return false;
  const [y, mes, dia] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(y, mes - 1, dia));
  return y >= 2000 && y <= 2100 && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

/**
 * The text fields of a sponsor card as POST and PATCH /api/gestion/patrocinios receive them
 * (trimmed; absent stays absent). `enlaceCompany` is read as `enlaceEmpresa` (both spellings of
 * spec §3); the days are YYYY-MM-DD in Madrid, both included, and empty means open.
 */
export const camposPatrocinioSchema = z.object({
  empresa: campoDeTexto(),
  enlaceEmpresa: campoDeTexto(),
  titulo: campoDeTexto(),
  descripcion: campoDeTexto({ multilinea: true, opcional: true }),
  activoDesde: campoDeTexto({ opcional: true }),
  activoHasta: campoDeTexto({ opcional: true }),
});

export type CamposPatrocinio = z.infer<typeof camposPatrocinioSchema>;

export type CampoPatrocinio = keyof CamposPatrocinio | "cartel";

export interface ReglasPatrocinio {
  modo: "crear" | "actualizar";
  /** A poster is chosen now or already stored. */
  conCartel: boolean;
  /** The chosen file's name, checked by extension in the browser (the server checks the content). */
  cartelNombre?: string;
}

/**
 * The sponsor card's rules, in order, each failure with its field: what is required, the link,
 * the lengths, the days. The API answers the first message; the form marks every field.
 */
export function* fallosPatrocinio(d: CamposPatrocinio, r: ReglasPatrocinio): Generator<Fallo<CampoPatrocinio>> {
  const obligatorios =
    r.modo === "crear" ? mensajesGestion.patrocinioObligatorios : mensajesGestion.patrocinioObligatoriosActualizar;
  if (!d.empresa) yield { mensaje: obligatorios, campo: "empresa", pista: pistas.empresa };
  if (!d.enlaceEmpresa) yield { mensaje: obligatorios, campo: "enlaceEmpresa", pista: pistas.enlace };
  if (!d.titulo) yield { mensaje: obligatorios, campo: "titulo", pista: pistas.titulo };
  if (!r.conCartel) yield { mensaje: obligatorios, campo: "cartel", pista: pistas.cartel };
  if (d.enlaceEmpresa && (!/^https?:\/\/[^\s/]+\S*$/i.test(d.enlaceEmpresa) || tieneControlDeEnlace(d.enlaceEmpresa)))
    yield { mensaje: mensajesGestion.patrocinioEnlace, campo: "enlaceEmpresa", pista: pistas.enlace };
  for (const campo of ["empresa", "titulo", "descripcion", "enlaceEmpresa"] as const) {
    if ((d[campo]?.length ?? 0) > PATROCINIO_MAX[campo])
      yield { mensaje: mensajesGestion.patrocinioLargo, campo, pista: pistas.textoLargo };
  }
  const desdeOk = !d.activoDesde || esDia(d.activoDesde);
  const hastaOk = !d.activoHasta || esDia(d.activoHasta);
  if (!desdeOk) yield { mensaje: mensajesGestion.patrocinioDia, campo: "activoDesde", pista: pistas.dia };
  if (!hastaOk) yield { mensaje: mensajesGestion.patrocinioDia, campo: "activoHasta", pista: pistas.dia };
  if (desdeOk && hastaOk && d.activoDesde && d.activoHasta && d.activoHasta < d.activoDesde) {
    yield { mensaje: mensajesGestion.patrocinioFechas, campo: "activoHasta", pista: pistas.finAntesDeInicio };
  }
  if (r.cartelNombre !== undefined && !isImageFileName(r.cartelNombre))
    yield { mensaje: mensajes.imagenTipo, campo: "cartel", pista: pistas.imagenTipo };
}

/** The first failing rule's message, or null (what the API answers). */
export function primerErrorPatrocinio(d: CamposPatrocinio, r: ReglasPatrocinio): string | null {
  return primerMensaje(fallosPatrocinio(d, r));
}

/** What the back-office's form holds. */
export interface FormularioPatrocinio {
  empresa: string;
  enlaceEmpresa: string;
  titulo: string;
  descripcion: string;
  activoDesde: string;
  activoHasta: string;
  cartel: File | null;
}

/** The form's schema: the API's fields and rules plus the chosen poster; the first message is the root error. */
export function patrocinioFormSchema(modo: ReglasPatrocinio["modo"], { cartelGuardado = false } = {}) {
  return camposPatrocinioSchema.extend({ cartel: z.custom<File | null>().catch(null) }).superRefine((d, ctx) => {
    issuesDeFallos(
      ctx,
      reunirFallos(
        fallosPatrocinio(d, { modo, conCartel: cartelGuardado || Boolean(d.cartel), cartelNombre: d.cartel?.name }),
      ),
    );
  });
}

/** The multipart form of POST/PATCH /api/gestion/patrocinios: every text field, and the poster when one was chosen. */
export function formularioPatrocinio(d: FormularioPatrocinio): FormData {
  const form = new FormData();
  for (const campo of ["empresa", "enlaceEmpresa", "titulo", "descripcion", "activoDesde", "activoHasta"] as const)
    form.append(campo, d[campo]);
  if (d.cartel) form.append("archivoCartel", d.cartel, d.cartel.name);
  return form;
}

/** Whether a card is shown (lib/patrocinios/vigentes.ts ESTADO_PATROCINIO says when). */
export const ESTADOS_PATROCINIO = ["activo", "programado", "pausado", "terminado"] as const;
export type EstadoPatrocinio = (typeof ESTADOS_PATROCINIO)[number];
