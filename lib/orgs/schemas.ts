import { esNombreDeImagen } from "../media/formatos";
import { mensajes } from "../messages";
import { sinValor, z } from "../schemas";
import { saltosDeLinea, tieneControl } from "../text";
import { EMAIL_PATTERN } from "../users/schemas";

/** Name, address, contact e-mail and phone: 50 characters at most (spec §9). */
export const ORG_CAMPO_MAX = 50;
export const ORG_DESCRIPCION_MAX = 20_000;
/** Logo formats of spec §9, for the file picker. */

const texto = ({ multilinea = false, opcional = false } = {}) =>
  z
    .string()
    .refine((v) => !tieneControl(v, multilinea), mensajes.datosNoValidos)
    .transform((v) => (opcional && sinValor(v) ? "" : (multilinea ? saltosDeLinea(v) : v).trim()))
    .optional();

/**
 * The text fields of an organization as the API receives them (trimmed; absent stays absent).
 * The optional ones read 'undefined' and 'null' as empty, as the existing clients mean them.
 */
export const camposOrganizacionSchema = z.object({
  nombre: texto(),
  direccion: texto({ opcional: true }),
  emailContacto: texto(),
  telefonoContacto: texto({ opcional: true }),
  descripcion: texto({ multilinea: true, opcional: true }),
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

/**
 * The organization rules of spec §5, in order, first failure only: the required fields (creation
 * and update differ), the privacy acceptance (form only), the e-mail format, then our limits.
 */
export function primerErrorOrganizacion(d: CamposOrganizacion, r: ReglasOrganizacion): string | null {
  const crear = r.modo === "crear";
  if (crear && (!d.nombre || !d.emailContacto || !r.conLogo)) return mensajes.orgObligatoriosCrear;
  if (!crear && (!d.nombre || !d.direccion || !d.emailContacto || !r.conLogo)) return mensajes.orgObligatoriosActualizar;
  if (r.privacidad === false) return crear ? mensajes.orgPrivacidadCrear : mensajes.debesAceptarPrivacidad;
  if (!EMAIL_PATTERN.test(d.emailContacto!)) return mensajes.correoFormato;
  if ([d.nombre, d.direccion, d.emailContacto, d.telefonoContacto].some((v) => (v?.length ?? 0) > ORG_CAMPO_MAX)) return mensajes.campoLargo;
  if ((d.descripcion?.length ?? 0) > ORG_DESCRIPCION_MAX) return mensajes.datosNoValidos;
  if (r.logoNombre !== undefined && !esNombreDeImagen(r.logoNombre)) return mensajes.imagenTipo;
  return null;
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

/** The forms' schema: the API's fields and rules, plus the checkbox and the chosen logo. */
export function organizacionFormSchema(modo: ReglasOrganizacion["modo"], { logoGuardado = false } = {}) {
  return camposOrganizacionSchema
    .extend({ privacidad: z.boolean().catch(false), logo: z.custom<File | null>().catch(null) })
    .superRefine((d, ctx) => {
      const error = primerErrorOrganizacion(d, {
        modo,
        conLogo: logoGuardado || Boolean(d.logo),
        privacidad: d.privacidad,
        logoNombre: d.logo?.name,
      });
      if (error) ctx.addIssue({ code: "custom", message: error, path: [] });
    });
}
