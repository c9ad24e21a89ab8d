import { cacheControlPublico, POLITICA_SITEMAP } from "@/lib/paginas-publicas/politica";
import {
  entradasSitemap,
  entradasSitemapIdioma,
  IDIOMAS_CON_SITEMAP,
  trozosSitemap,
  xmlSitemap,
} from "@/lib/seo/sitemap";
import { otrosMetodos } from "@/lib/http";

export const dynamic = "force-dynamic";

/**
 * GET /sitemap/{n}.xml: one file of the sitemap (see lib/seo/sitemap.ts for the split); 404 past
 * the last. GET /sitemap/{idioma}.xml: a language's file.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ archivo: string }> }): Promise<Response> {
  const archivo = (await params).archivo;
  const idioma = IDIOMAS_CON_SITEMAP.find((i) => archivo === `${i}.xml`);
  const m = /^(\d{1,6})\.xml$/.exec(archivo);
  const trozo = m ? Number(m[1]) : -1;
  if (!idioma && (trozo < 0 || trozo >= (await trozosSitemap()))) return new Response("Not Found", { status: 404 });
  return new Response(xmlSitemap(await (idioma ? entradasSitemapIdioma(idioma) : entradasSitemap(trozo))), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": cacheControlPublico(POLITICA_SITEMAP, Infinity, Date.now(), { maxAge: 600 }),
    },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
