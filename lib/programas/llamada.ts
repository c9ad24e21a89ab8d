import "server-only";
import { z } from "zod";
import { diaEnMadrid, diaIso } from "../dates";
import { ApiError } from "../http";
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
