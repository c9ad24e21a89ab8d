import "server-only";
import { z } from "zod";
import { diaEnMadrid, diaIso } from "../dates";
import { ApiError, readForm } from "../http";
import { fileField } from "../media/upload";
import { LIMITES, enforceLimits } from "../rate-limit";
import { MAX_BYTES_ARCHIVO, textoDeArchivo } from "./archivos";
import { diaIsoValido } from "../valores";
import { leerPrograma } from "./leer";
import { mensajesProgramas } from "./mensajes";

/** The longest text read, in characters: a long programme of forty acts is under 10,000. */
export const MAX_CARACTERES = 100_000;
/** The JSON body's limit in bytes: the longest text in UTF-8 (up to 3 bytes a Spanish character) and its fields. */
export const MAX_BYTES_JSON = 3 * MAX_CARACTERES + 4 * 1024;

/**
 * What the call reads: the text, and the day that dates without a year are counted from (today
 * in Madrid by default; surrounding spaces and an empty one are accepted). Other fields are
 * ignored.
 */
const entradaSchema = z.object({
  texto: z.string({ error: mensajesProgramas.sinTexto }),
  referencia: z
    .string({ error: mensajesProgramas.referenciaNoValida })
    .trim()
    .optional()
    .transform((r) => r || undefined)
    .refine((r) => r === undefined || diaIsoValido(r) !== null, mensajesProgramas.referenciaNoValida),
});

/** The documented answer of POST /api/programas/leer: the acts in the shape of a plan's `fechas`. */
export interface ProgramaRespuesta {
  titulo: string | null;
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
  entradaSchema.parse({ ...campos, texto: "" });
  await enforceLimits(LIMITES.programas(usuarioId));
  const texto = await textoDeArchivo(Buffer.from(await archivo.arrayBuffer()));
  if (!texto.trim()) throw new ApiError(400, mensajesProgramas.sinLeerArchivo);
  return leerProgramaDeEntrada({ ...campos, texto: texto.slice(0, MAX_CARACTERES) });
}

/** A programme's text read for the call (nothing is written): 400 when empty, 413 when too long. */
export function leerProgramaDeEntrada(cuerpo: unknown): ProgramaRespuesta {
  const entrada = entradaSchema.parse(cuerpo ?? {});
  if (!entrada.texto.trim()) throw new ApiError(400, mensajesProgramas.sinTexto);
  if (entrada.texto.length > MAX_CARACTERES) throw new ApiError(413, mensajesProgramas.textoLargo);
  const leido = leerPrograma(entrada.texto, { referencia: entrada.referencia ?? diaIso(diaEnMadrid()) });
  return {
    titulo: leido.titulo,
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
