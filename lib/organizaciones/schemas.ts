import { isImageFileName } from "../media/image-types";
import { type Fallo, issuesDeFallos, primerMensaje, reunirFallos } from "../formularios";
import { mensajes, pistas } from "../messages";
import { campoDeTexto, z } from "../schemas";
import { EMAIL_PATTERN } from "../schemas";

/** Name, address, contact e-mail and phone: 50 characters at most (spec §9). */
export const ORG_CAMPO_MAX = 50;
export const ORG_DESCRIPCION_MAX = 20_000;
/** Logo formats of spec §9, for the file picker. */

/**
 * The text fields of an organization as the API receives them (trimmed; absent stays absent).
 * The optional ones read 'undefined' and 'null' as empty, as the existing clients mean them.
 */
export const camposOrganizacionSchema = z.object({
  nombre: campoDeTexto(),
  direccion: campoDeTexto({ opcional: true }),
  emailContacto: campoDeTexto({ control: mensajes.correoFormato }),
  telefonoContacto: campoDeTexto({ opcional: true }),
  descripcion: campoDeTexto({ multilinea: true, opcional: true }),
});

export type CamposOrganizacion = z.infer<typeof camposOrganizacionSchema>;

export interface ReglasOrganizacion {
  modo: "crear" | "actualizar";
  /** A logo is chosen now or already stored. */
  conLogo: boolean;
  /** The form's privacy checkbox; the API does not receive it (spec §7) and leaves it undefined. */
  privacidad?: boolean;
  /** The chosen file's name, checked by extension in the browser (the server checks the content). */
  logoNombre?: string;
}

/** The fields the organization rules speak of: the form's own names. */
export type CampoOrganizacion =
  "nombre" | "direccion" | "emailContacto" | "telefonoContacto" | "descripcion" | "privacidad" | "logo";

/**
 * The organization rules of spec §5, in order, every failure with its field: the required fields
 * (creation and update differ), the privacy acceptance (form only), the e-mail format, then our limits.
 */
export function* fallosOrganizacion(d: CamposOrganizacion, r: ReglasOrganizacion): Generator<Fallo<CampoOrganizacion>> {
  const crear = r.modo === "crear";
  const obligatorios = crear ? mensajes.orgObligatoriosCrear : mensajes.orgObligatoriosActualizar;
  if (!d.nombre) yield { mensaje: obligatorios, campo: "nombre", pista: pistas.nombre };
  if (!crear && !d.direccion) yield { mensaje: obligatorios, campo: "direccion", pista: pistas.direccion };
  if (!d.emailContacto) yield { mensaje: obligatorios, campo: "emailContacto", pista: pistas.correoFalta };
  if (!r.conLogo) yield { mensaje: obligatorios, campo: "logo", pista: pistas.logo };
  if (r.privacidad === false)
    yield {
      mensaje: crear ? mensajes.orgPrivacidadCrear : mensajes.debesAceptarPrivacidad,
      campo: "privacidad",
      pista: pistas.privacidad,
    };
  if (d.emailContacto && !EMAIL_PATTERN.test(d.emailContacto))
    yield { mensaje: mensajes.correoFormato, campo: "emailContacto", pista: pistas.correo };
  for (const campo of ["nombre", "direccion", "emailContacto", "telefonoContacto"] as const) {
    if ((d[campo]?.length ?? 0) > ORG_CAMPO_MAX) yield { mensaje: mensajes.campoLargo, campo, pista: pistas.largo50 };
  }
  if ((d.descripcion?.length ?? 0) > ORG_DESCRIPCION_MAX)
    yield { mensaje: mensajes.datosNoValidos, campo: "descripcion", pista: pistas.textoLargo };
  if (r.logoNombre !== undefined && !isImageFileName(r.logoNombre))
    yield { mensaje: mensajes.imagenTipo, campo: "logo", pista: pistas.imagenTipo };
}

/** The first message of spec §5 for an organization, or null (what the API answers). */
export function primerErrorOrganizacion(d: CamposOrganizacion, r: ReglasOrganizacion): string | null {
  return primerMensaje(fallosOrganizacion(d, r));
}

/** What the create and update forms hold: the text fields, the chosen logo and the checkbox. */
export interface FormularioOrganizacion {
  nombre: string;
  direccion: string;
  emailContacto: string;
  telefonoContacto: string;
  descripcion: string;
  privacidad: boolean;
  logo: File | null;
}

/** The forms' schema: the API's fields and rules, plus the checkbox and the chosen logo; the first message is the root error, each failing field gets its hint. */
export function organizacionFormSchema(modo: ReglasOrganizacion["modo"], { logoGuardado = false } = {}) {
  return camposOrganizacionSchema
    .extend({ privacidad: z.boolean().catch(false), logo: z.custom<File | null>().catch(null) })
    .superRefine((d, ctx) => {
      const reglas = {
        modo,
        conLogo: logoGuardado || Boolean(d.logo),
        privacidad: d.privacidad,
        logoNombre: d.logo?.name,
      };
      issuesDeFallos(ctx, reunirFallos(fallosOrganizacion(d, reglas)));
    });
}
