import "server-only";
import { z } from "zod";
import { diaEnMadrid, diaIso } from "../dates";
import { ApiError, readForm } from "../http";
import { fileField } from "../media/upload";
import { LIMITES, enforceLimits } from "../rate-limit";
import { MAX_BYTES_ARCHIVO, textoDeArchivo } from "./archivos";
import { municipioDeNombre, municipioPorIne, nomenclatorMunicipios } from "../geo/municipios";
import { diaIsoValido } from "../valores";
import { leerPrograma } from "./leer";
import { mensajesProgramas } from "./mensajes";
import { municipioDelPrograma } from "./municipio";

/** The longest text read, in characters: a long programme of forty acts is under 10,000. */
export const MAX_CARACTERES = 100_000;
/** The JSON body's limit in bytes: the longest text in UTF-8 (up to 3 bytes a Spanish character) and its fields. */
export const MAX_BYTES_JSON = 3 * MAX_CARACTERES + 4 * 1024;

/**
 * What the call reads: the text, the day that dates without a year are counted from (today
 * in Madrid by default; surrounding spaces and an empty one are accepted) and the programme's
 * town, if the caller knows it (an INE code or a name). Other fields are ignored.
 */
const entradaSchema = z.object({
  texto: z.string({ error: mensajesProgramas.sinTexto }),
  referencia: z
    .string({ error: mensajesProgramas.referenciaNoValida })
    .trim()
    .optional()
    .transform((r) => r || undefined)
    .refine((r) => r === undefined || diaIsoValido(r) !== null, mensajesProgramas.referenciaNoValida),
  municipio: z
    .string({ error: mensajesProgramas.municipioDesconocido })
    .trim()
    .optional()
    .transform((m) => m || undefined),
});

/** The documented answer of POST /api/programas/leer: the acts in the shape of a plan's `fechas`. */
export interface ProgramaRespuesta {
  titulo: string | null;
  /** The town given, else the one the text names for itself (its town hall, its header), else null. */
  municipio: { ine: string; nombre: string; provincia: string; lat: number | null; lng: number | null } | null;
  categorias: string[];
  fechas: {
    inicio: string;
    fin: string | null;
    titulo: string;
    direccion: string | null;
    aContinuacion: boolean;
    linea: number;
  }[];
  sinLeer: { linea: number; texto: string }[];
}

/**
 * A multipart request's programme: its `archivo` read into text (counted against the person's
 * file readings, which may run OCR), else its `texto`, with the same other fields as JSON.
 */
export async function leerProgramaDeFormulario(request: Request, usuarioId: string): Promise<ProgramaRespuesta> {
  const form = await readForm(request, MAX_BYTES_ARCHIVO + 64 * 1024, mensajesProgramas.archivoGrande);
  const campos = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const archivo = fileField(form, "archivo");
  if (!archivo) return leerProgramaDeEntrada(campos);
  if (archivo.size > MAX_BYTES_ARCHIVO) throw new ApiError(413, mensajesProgramas.archivoGrande);
  // The reference is checked before the file is read: a wrong field costs no OCR.
  await municipioDado(entradaSchema.parse({ ...campos, texto: "" }).municipio);
  await enforceLimits(LIMITES.programas(usuarioId));
  const texto = await textoDeArchivo(Buffer.from(await archivo.arrayBuffer()));
  if (!texto.trim()) throw new ApiError(400, mensajesProgramas.sinLeerArchivo);
  return leerProgramaDeEntrada({ ...campos, texto: texto.slice(0, MAX_CARACTERES) });
}

/** The town a caller names, by its INE code or its name; 400 when the gazetteer has none of that. */
async function municipioDado(municipio: string | undefined) {
  if (municipio === undefined) return undefined;
  const m = /^\d{5}$/.test(municipio) ? await municipioPorIne(municipio) : await municipioDeNombre(municipio);
  if (!m) throw new ApiError(400, mensajesProgramas.municipioDesconocido);
  return m;
}

/** A programme's text read for the call (nothing is written): 400 when empty, 413 when too long. */
export async function leerProgramaDeEntrada(cuerpo: unknown): Promise<ProgramaRespuesta> {
  const entrada = entradaSchema.parse(cuerpo ?? {});
  if (!entrada.texto.trim()) throw new ApiError(400, mensajesProgramas.sinTexto);
  if (entrada.texto.length > MAX_CARACTERES) throw new ApiError(413, mensajesProgramas.textoLargo);
  const municipio =
    (await municipioDado(entrada.municipio)) ?? municipioDelPrograma(entrada.texto, await nomenclatorMunicipios());
  const leido = leerPrograma(entrada.texto, { referencia: entrada.referencia ?? diaIso(diaEnMadrid()) });
  return {
    titulo: leido.titulo,
    municipio: municipio && {
      ine: municipio.ine,
      nombre: municipio.nombre,
      provincia: municipio.provincia,
      lat: municipio.lat,
      lng: municipio.lng,
    },
    categorias: leido.categorias,
    fechas: leido.actos.map((a) => ({
      inicio: a.inicio,
      fin: a.fin,
      titulo: a.titulo,
      direccion: a.direccion,
      aContinuacion: a.aContinuacion,
      linea: a.linea,
    })),
    sinLeer: leido.sinLeer,
  };
}
