import { cacheControlPublico, POLITICA_SITEMAP } from "@/lib/paginas-publicas/politica";
import { urlsSitemaps, xmlIndiceSitemaps } from "@/lib/seo/sitemap";
import { otrosMetodos } from "@/lib/http";

// Built per request: absolute URLs (SITE_URL) and a number of files that follows the data.
export const dynamic = "force-dynamic";

/** GET /sitemap.xml: the sitemap index, naming the /sitemap/{n}.xml files (lib/seo/sitemap.ts). */
export async function GET(): Promise<Response> {
  return new Response(xmlIndiceSitemaps(await urlsSitemaps()), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": cacheControlPublico(POLITICA_SITEMAP, Infinity, Date.now(), { maxAge: 600 }),
    },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
