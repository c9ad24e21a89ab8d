import type { MetadataRoute } from "next";
import { urlsSitemaps } from "@/lib/seo/sitemap";
import { PROTECTED_PREFIXES } from "@/lib/users/protected-pages";

// Built per request: the sitemap URLs are absolute (SITE_URL) and their number depends on the data.
export const dynamic = "force-dynamic";

export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: { userAgent: "*", allow: "/", disallow: [...PROTECTED_PREFIXES, "/api/"] },
    sitemap: await urlsSitemaps(),
  };
}
