import "server-only";
import { Memo } from "../cache";
import { readDb } from "../db";
import { organizacionPath } from "../organizaciones/paths";
import { PLAN_LISTED } from "../plans/queries";
import { planPath } from "../plans/plan";
import { rutasDePueblosConPlanes } from "../pueblos/planes";
import { absoluta, site } from "../site";
import { escaparHtml } from "../text";
import { esIdioma, IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import { IDIOMAS_DEL_INTERFAZ, PAGINAS_EN_TODOS_LOS_IDIOMAS } from "./versiones";

/**
 * The sitemap, split into files ("trozos") by ranges of the UUID space.
 *
 * Why ranges of ids and not offsets: plan and organization ids are random v4 UUIDs
 * (gen_random_uuid()), so every range of the UUID space holds about the same share of the
 * rows, and a range is one primary-key index range scan whatever its position, whereas an
 * OFFSET makes PostgreSQL walk every skipped row (docs/performance.md). Nothing else is needed to
 * find a range: no table of boundaries, no scan to compute them.
 *
 * The number of files is a power of two, chosen so that each holds on average at most
 * OBJETIVO_POR_TROZO rows (half of the 50,000-URL limit; with random ids a file deviates
 * from its average by a few hundred rows, so the limit is never near). Being a power of two,
 * the split only changes when the site doubles, so crawlers keep seeing stable files.
 */

/** Most URLs one sitemap file may hold (sitemaps.org and Next.js). */
export const MAX_URLS_POR_SITEMAP = 50_000;
const OBJETIVO_POR_TROZO = 25_000;
const BITS_UUID = 128n;

/** Public pages that are always there (first file). */
export const PAGINAS_ESTATICAS = [
  "/",
  "/nosotros",
  "/eurona",
  "/aviso-legal",
  "/condiciones-generales",
  "/cookies",
  "/politica-privacidad",
] as const;

export interface EntradaSitemap {
  url: string;
  lastModified?: Date;
}

/** Number of files for `filas` plans and organizations: the smallest power of two that keeps the average under the target. */
export function numeroDeTrozos(filas: number): number {
  let n = 1;
  while (filas / n > OBJETIVO_POR_TROZO) n *= 2;
  return n;
}

function uuidDe(valor: bigint): string {
  const hex = valor.toString(16).padStart(32, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** First and last UUID (inclusive) of file `trozo` out of `total` (a power of two). */
export function rangoDeTrozo(trozo: number, total: number): { desde: string; hasta: string } {
  const ancho = (1n << BITS_UUID) / BigInt(total);
  const desde = ancho * BigInt(trozo);
  return { desde: uuidDe(desde), hasta: uuidDe(desde + ancho - 1n) };
}

// Counting every plan is not free on a large catalogue: done at most once every ten minutes per instance.
const conteo = new Memo<number>(1, 10 * 60_000);

/** How many sitemap files there are now (counting every plan, listed or not, keeps it cheap and on the safe side). */
export function trozosSitemap(): Promise<number> {
  return conteo.get("trozos", async () => {
    const [{ filas }] = await (
      await readDb()
    ).$queryRaw<{ filas: bigint }[]>`
      SELECT (SELECT count(*) + count(*) FILTER (WHERE textos <> '{}'::jsonb) FROM plan)
             + (SELECT count(*) FROM organizacion) AS filas`;
    return numeroDeTrozos(Number(filas));
  });
}

/**
 * The URLs of file `trozo`: the static pages and the town pages of municipalities with listed
 * plans (first file only: at most 8,131, from one memoized grouped count, lib/pueblos/planes.ts),
 * every listed plan (in each language its text is in) and every organization whose id falls in
 * the file's range, with their last change.
 */
export async function entradasSitemap(trozo: number): Promise<EntradaSitemap[]> {
  const total = await trozosSitemap();
  if (!Number.isInteger(trozo) || trozo < 0 || trozo >= total) return [];
  const { url } = site();
  const { desde, hasta } = rangoDeTrozo(trozo, total);
  const db = await readDb();
  const [planes, organizaciones, pueblos] = await Promise.all([
    db.$queryRaw<{ id: string; titulo: string; fecha_actualizacion: Date; idioma: string; otros: string[] }[]>`
      SELECT p.id, p.titulo, p.fecha_actualizacion, p.idioma, ARRAY(SELECT jsonb_object_keys(p.textos)) AS otros
      FROM plan p
      WHERE p.id BETWEEN ${desde}::uuid AND ${hasta}::uuid AND ${PLAN_LISTED}
      LIMIT ${MAX_URLS_POR_SITEMAP}`,
    db.$queryRaw<{ id: string; nombre: string; fecha_actualizacion: Date }[]>`
      SELECT o.id, o.nombre, o.fecha_actualizacion FROM organizacion o
      WHERE o.id BETWEEN ${desde}::uuid AND ${hasta}::uuid
      LIMIT ${MAX_URLS_POR_SITEMAP}`,
    trozo === 0 ? rutasDePueblosConPlanes() : [],
  ]);
  const entradas: EntradaSitemap[] = [
    ...(trozo === 0 ? PAGINAS_ESTATICAS.map((ruta) => ({ url: ruta === "/" ? url : `${url}${ruta}` })) : []),
    ...pueblos.map((ruta) => ({ url: `${url}${ruta}` })),
    // A plan in each language its text is written in (lib/seo/versiones.ts indexes only those).
    ...planes.flatMap((p) =>
      [p.idioma, ...p.otros].filter(esIdioma).map((idioma) => ({
        url: absoluta(idioma, planPath(p.titulo, p.id)),
        lastModified: p.fecha_actualizacion,
      })),
    ),
    ...organizaciones.map((o) => ({
      url: `${url}${organizacionPath(o.nombre, o.id)}`,
      lastModified: o.fecha_actualizacion,
    })),
  ];
  if (entradas.length > MAX_URLS_POR_SITEMAP) {
    // Only possible if ids stopped being random; better a partial file than one crawlers reject.
    console.error(`sitemap ${trozo}: ${entradas.length} URLs, only the first ${MAX_URLS_POR_SITEMAP} are listed`);
    return entradas.slice(0, MAX_URLS_POR_SITEMAP);
  }
  return entradas;
}

/**
 * A language's own file (every one but Spanish): the versions in it of the pages indexed in
 * every language, the home and the town pages (lib/seo/versiones.ts). A plan's or an
 * organization's text is in Spanish, so its other versions are not indexed nor listed.
 */
export async function entradasSitemapIdioma(idioma: Idioma): Promise<EntradaSitemap[]> {
  const pueblos = await rutasDePueblosConPlanes();
  return [...PAGINAS_EN_TODOS_LOS_IDIOMAS, ...pueblos].map((ruta) => ({ url: absoluta(idioma, ruta) }));
}

/** The languages with a sitemap file of their own: the interface's others. */
export const IDIOMAS_CON_SITEMAP = IDIOMAS_DEL_INTERFAZ.filter((i) => i !== IDIOMA_POR_DEFECTO);

/** Absolute URL of sitemap file `trozo`, or of a language's file (app/sitemap/[archivo]/route.ts). */
export function urlSitemap(trozo: number | Idioma): string {
  return `${site().url}/sitemap/${trozo}.xml`;
}

/**
 * Every sitemap file's absolute URL, for robots.txt. Without the database it answers the first
 * file only: robots.txt must not fail, since crawlers read an error there as "crawl nothing".
 */
export async function urlsSitemaps(): Promise<string[]> {
  const total = await trozosSitemap().catch((e: unknown) => {
    console.error("robots.txt: could not count the sitemap files", e);
    return 1;
  });
  return [...Array.from({ length: total }, (_, trozo) => urlSitemap(trozo)), ...IDIOMAS_CON_SITEMAP.map(urlSitemap)];
}

/** A sitemap file (sitemaps.org 0.9). */
export function xmlSitemap(entradas: EntradaSitemap[]): string {
  const urls = entradas.map(
    (e) =>
      `<url>\n<loc>${escaparHtml(e.url)}</loc>${e.lastModified ? `\n<lastmod>${e.lastModified.toISOString()}</lastmod>` : ""}\n</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** The sitemap index (/sitemap.xml) naming every file. */
export function xmlIndiceSitemaps(urls: string[]): string {
  const items = urls.map((u) => `<sitemap><loc>${escaparHtml(u)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}
