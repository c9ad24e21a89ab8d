import { z } from "zod";
import "@/components/ui/zod-navegador"; // parses with zod: no eval under the CSP
import { IDIOMAS } from "@/lib/idiomas";
import { CATEGORIAS } from "@/lib/plans/constants";
import { CAMPOS_INICIALES, type CamposPlan } from "@/lib/plans/formulario";
import { FORMAS_FECHAS, nuevaClave } from "@/lib/plans/formulario-fechas";
import { CAMPOS_SI_NO, type CampoSiNo } from "@/lib/plans/plan";

/**
 * The wizard's draft (spec §3 'Wizard draft'), kept in this browser per user so it survives a
 * reload, a detour to create an organization or the browser being closed: the fields and the step
 * in localStorage, an evento's several dates with their shape too. The poster is stored on the
 * server as soon as it is chosen (POST /api/plan/cartel-temporal), so the draft keeps its URL
 * (urlArchivoTemporal), not the file.
 */

export interface Borrador {
  paso: number;
  campos: CamposPlan;
}

const clave = (usuarioId: string) => `borradorPlan:${usuarioId}`;

// A draft written by an older version, or edited by hand, falls back field by field.
const i = CAMPOS_INICIALES;
const camposSchema = z.object({
  tipo: z.enum(["evento", "experiencia", ""]).catch(i.tipo),
  categorias: z.array(z.enum(CATEGORIAS)).min(1).catch(i.categorias),
  titulo: z.string().catch(i.titulo),
  municipio: z.string().catch(i.municipio),
  direccion: z.string().catch(i.direccion),
  ubicacion: z.object({ lng: z.number(), lat: z.number() }).nullable().catch(i.ubicacion),
  fechaInicio: z.string().catch(i.fechaInicio),
  fechaFin: z.string().catch(i.fechaFin),
  formaFechas: z.enum(FORMAS_FECHAS).catch(i.formaFechas),
  fechas: z
    .array(
      z.object({
        clave: z.string().catch(() => nuevaClave()),
        id: z.string().optional().catch(undefined),
        inicio: z.string(),
        fin: z.string().catch(""),
        titulo: z.string().catch(""),
        direccion: z.string().catch(""),
        ubicacion: z.object({ lng: z.number(), lat: z.number() }).nullable().catch(null),
      }),
    )
    .catch(i.fechas),
  horarios: z
    .array(z.object({ diaSemana: z.number().int().min(0).max(6), horaInicio: z.string(), horaFin: z.string() }))
    .catch(i.horarios),
  descripcion: z.string().catch(i.descripcion),
  idioma: z.enum(IDIOMAS).catch(i.idioma),
  gratis: z.boolean().catch(i.gratis),
  precio: z.string().catch(i.precio),
  organizacionId: z.string().catch(i.organizacionId),
  contacto: z.boolean().catch(i.contacto),
  emailContacto: z.string().catch(i.emailContacto),
  telefonoContacto: z.string().catch(i.telefonoContacto),
  ...(Object.fromEntries(CAMPOS_SI_NO.map((k) => [k, z.boolean().catch(i[k])])) as Record<
    CampoSiNo,
    z.ZodCatch<z.ZodBoolean>
  >),
  privacidad: z.boolean().catch(i.privacidad),
  archivoTemporal: z
    .object({ _id: z.string(), urlArchivoTemporal: z.string(), nombre: z.string() })
    .nullable()
    .catch(i.archivoTemporal),
  textoPrograma: z.string().catch(i.textoPrograma),
});
const borradorSchema = z.object({ paso: z.number().int().min(1).max(4).catch(1), campos: camposSchema });

export function leerBorrador(usuarioId: string): Borrador | null {
  try {
    const texto = localStorage.getItem(clave(usuarioId));
    if (!texto) return null;
    const b = borradorSchema.parse(JSON.parse(texto));
    return { paso: b.paso, campos: { ...b.campos, cartel: null, textos: null } };
  } catch {
    return null;
  }
}

export function guardarBorrador(usuarioId: string, { paso, campos }: Borrador): void {
  try {
    // The file itself stays out (JSON would turn it into {}): the stored poster's URL is the draft's.
    localStorage.setItem(clave(usuarioId), JSON.stringify({ paso, campos: { ...campos, cartel: null } }));
  } catch {
    // Private mode or a full storage: the wizard still works, without a draft.
  }
}

/** The browser's own copy of a poster, which earlier versions of the wizard kept in IndexedDB. */
const BASE_ANTIGUA = "planazo";

export function borrarBorrador(usuarioId: string): void {
  try {
    localStorage.removeItem(clave(usuarioId));
  } catch {
    // Nothing stored.
  }
  try {
    indexedDB.deleteDatabase(BASE_ANTIGUA);
  } catch {
    // No IndexedDB here.
  }
}

/**
 * A stored poster as a file the wizard can send again ('Duplicar'). Stored posters are WebP and
 * the API takes PNG or JPEG only, so the browser decodes it and encodes a JPEG. Null when it
 * cannot be fetched or decoded: the person then chooses a poster.
 */
export async function cartelDesdeUrl(url: string, nombre: string): Promise<File | null> {
  try {
    const res = await fetch(url);
    if (!res.ok) return null;
    const imagen = await createImageBitmap(await res.blob());
    const lienzo = document.createElement("canvas");
    lienzo.width = imagen.width;
    lienzo.height = imagen.height;
    const ctx = lienzo.getContext("2d");
    if (!ctx) return null;
    // JPEG has no transparency: a white background, as the link previews have.
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, lienzo.width, lienzo.height);
    ctx.drawImage(imagen, 0, 0);
    imagen.close();
    const blob = await new Promise<Blob | null>((resolve) => lienzo.toBlob(resolve, "image/jpeg", 0.9));
    if (!blob) return null;
    const base = nombre.replace(/\.[^.]*$/, "").trim() || "cartel";
    return new File([blob], `${base}.jpg`, { type: "image/jpeg" });
  } catch {
    return null;
  }
}
