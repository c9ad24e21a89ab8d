import type { Metadata } from "next";
import { idiomaDePagina } from "../idioma-de-pagina";
import { IDIOMA_POR_DEFECTO, IDIOMAS, type Idioma } from "../idiomas";
import { absoluta } from "../site";

/** OpenGraph's locale of each language (Spain's forms; English as written in Britain). */
export const LOCALE_OG: Record<Idioma, string> = {
  es: "es_ES",
  ca: "ca_ES",
  eu: "eu_ES",
  gl: "gl_ES",
  en: "en_GB",
};

/**
 * A page's language versions for search engines, from its metadata's canonical address (its
 * Spanish one, absolute or a path); `idiomas`, the languages it is worth indexing in: all of them for a page whose
 * words are the interface's (the home, a town's page: IDIOMAS_DEL_INTERFAZ), only those its text
 * was written in for a plan's. The canonical is the version being read; each indexable version names all the others
 * and itself (`hreflang`, reciprocal) with Spanish as `x-default`. A version in another language
 * is `noindex` and points to the first indexable one as its canonical.
 */
/**
 * The languages the interface's own words are in, so the ones a page of the interface (the home,
 * a town's page) is indexed in: every language whose catalogue holds all their words (a version
 * half in Spanish is no search result in Catalan; e2e/idiomas.test.ts reads them for Spanish left).
 */
export const IDIOMAS_DEL_INTERFAZ: readonly Idioma[] = IDIOMAS;

/** The pages indexed in every language of the interface; towns' pages too. */
export const PAGINAS_EN_TODOS_LOS_IDIOMAS = ["/"] as const;

/**
 * The versions of the page at `ruta` (its Spanish address) read in `idioma`, when it is indexed in
 * `idiomas`: its canonical, its `hreflang` list (none for a version not indexed) and whether it is
 * indexed.
 */
export function versiones(idioma: Idioma, ruta: string, idiomas: readonly Idioma[]) {
  const indexable = idiomas.includes(idioma);
  const principal = idiomas.includes(IDIOMA_POR_DEFECTO) ? IDIOMA_POR_DEFECTO : (idiomas[0] ?? IDIOMA_POR_DEFECTO);
  const languages: Record<string, string> | undefined = indexable
    ? {
        ...Object.fromEntries(IDIOMAS.filter((i) => idiomas.includes(i)).map((i) => [i, absoluta(i, ruta)])),
        "x-default": absoluta(principal, ruta),
      }
    : undefined;
  return { indexable, canonical: absoluta(indexable ? idioma : principal, ruta), languages };
}

export async function conVersiones(
  metadata: Metadata,
  idiomas: readonly Idioma[] = IDIOMAS_DEL_INTERFAZ,
): Promise<Metadata> {
  const original = metadata.alternates?.canonical;
  if (typeof original !== "string" && !(original instanceof URL)) return metadata;
  const ruta = String(original);
  const idioma = await idiomaDePagina();
  const { indexable, canonical, languages } = versiones(idioma, ruta, idiomas);
  return {
    ...metadata,
    alternates: { ...metadata.alternates, canonical, languages },
    ...(metadata.openGraph
      ? { openGraph: { ...metadata.openGraph, url: absoluta(idioma, ruta), locale: LOCALE_OG[idioma] } }
      : {}),
    ...(indexable ? {} : { robots: { index: false, follow: true } }),
  };
}
