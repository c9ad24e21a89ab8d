import type { Prisma } from "../generated/prisma/client";
import { esIdioma, IDIOMA_POR_DEFECTO, IDIOMAS, type Idioma } from "../idiomas";

/** A plan's title and description in one language. */
export interface TextoPlan {
  titulo: string;
  descripcion: string;
}

/**
 * The languages of a plan's text: the one its publisher wrote it in (its own title and
 * description) and the others it came with (plan.textos: Kulturklik's Basque beside its Spanish,
 * a translation added by its publisher).
 */
export interface IdiomasDelPlan {
  idioma: Idioma;
  textos: Partial<Record<Idioma, TextoPlan>>;
}

export const SOLO_CASTELLANO: IdiomasDelPlan = { idioma: IDIOMA_POR_DEFECTO, textos: {} };

/** plan.textos as stored, keeping only what is a language's title (and description). */
export function textosDe(valor: unknown): Partial<Record<Idioma, TextoPlan>> {
  const textos: Partial<Record<Idioma, TextoPlan>> = {};
  if (!valor || typeof valor !== "object") return textos;
  for (const [idioma, t] of Object.entries(valor as Record<string, unknown>)) {
    if (!esIdioma(idioma) || !t || typeof t !== "object") continue;
    const { titulo, descripcion } = t as Record<string, unknown>;
    if (typeof titulo === "string" && titulo.trim())
      textos[idioma] = { titulo, descripcion: typeof descripcion === "string" ? descripcion : "" };
  }
  return textos;
}

/** The languages a plan's text is written in, its own first. */
export function idiomasDelTexto(i: IdiomasDelPlan): Idioma[] {
  return [i.idioma, ...IDIOMAS.filter((x) => x !== i.idioma && i.textos[x])];
}

/**
 * What a reader of `lector` reads of a plan: their language when the plan has it, else Spanish,
 * else the language it was written in; and which language that is.
 */
export function textoParaLeer(
  plan: TextoPlan,
  idiomas: IdiomasDelPlan,
  lector: Idioma,
): TextoPlan & { idioma: Idioma } {
  const disponibles: Partial<Record<Idioma, TextoPlan>> = {
    ...idiomas.textos,
    [idiomas.idioma]: { titulo: plan.titulo, descripcion: plan.descripcion },
  };
  for (const idioma of [lector, IDIOMA_POR_DEFECTO, idiomas.idioma]) {
    const texto = disponibles[idioma];
    if (texto) return { ...texto, idioma };
  }
  return { ...plan, idioma: idiomas.idioma };
}

/** A plan's languages, read apart by its id (the plan's API shape stays as it is). */
export async function idiomasDelPlan(
  planId: string,
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
): Promise<IdiomasDelPlan> {
  const [fila] = await db.$queryRaw<{ idioma: string; textos: unknown }[]>`
    SELECT idioma, textos FROM plan WHERE id = ${planId}::uuid`;
  if (!fila) return SOLO_CASTELLANO;
  return { idioma: esIdioma(fila.idioma) ? fila.idioma : IDIOMA_POR_DEFECTO, textos: textosDe(fila.textos) };
}

/** The title a card shows its reader, and its language when it is not the page's (for `lang`). */
export interface TituloDeTarjeta {
  titulo: string;
  lang?: Idioma;
}

/**
 * The titles a list's cards show a reader of `lector` (textoParaLeer's choice), by plan id, read
 * at once. A plan written in Spanish alone, most of them, is not read: its title is as it is,
 * Spanish (tituloDeTarjeta).
 */
export async function titulosParaLeer(
  ids: readonly string[],
  lector: Idioma,
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
): Promise<Map<string, TituloDeTarjeta>> {
  const titulos = new Map<string, TituloDeTarjeta>();
  if (ids.length === 0) return titulos;
  const filas = await db.$queryRaw<{ id: string; titulo: string; idioma: string; textos: unknown }[]>`
    SELECT id::text, titulo, idioma, textos FROM plan
    WHERE id = ANY(${ids as string[]}::uuid[]) AND (idioma <> ${IDIOMA_POR_DEFECTO} OR textos <> '{}'::jsonb)`;
  for (const f of filas) {
    const idiomas = { idioma: esIdioma(f.idioma) ? f.idioma : IDIOMA_POR_DEFECTO, textos: textosDe(f.textos) };
    const { titulo, idioma } = textoParaLeer({ titulo: f.titulo, descripcion: "" }, idiomas, lector);
    titulos.set(f.id, { titulo, ...(idioma !== lector && { lang: idioma }) });
  }
  return titulos;
}

/** A card's title for a reader of `lector`: titulosParaLeer's, else its own, Spanish. */
export function tituloDeTarjeta(
  plan: { _id: string; titulo: string },
  titulos: ReadonlyMap<string, TituloDeTarjeta> | undefined,
  lector: Idioma,
): TituloDeTarjeta {
  return (
    titulos?.get(plan._id) ?? {
      titulo: plan.titulo,
      ...(lector !== IDIOMA_POR_DEFECTO && { lang: IDIOMA_POR_DEFECTO }),
    }
  );
}
