"use client";

import NextLink from "next/link";
import type { ComponentProps } from "react";
import { rutaEnIdioma } from "@/lib/idiomas";
import { useIdioma } from "./ContextoIdioma";

/**
 * next/link in the page's language: `/planes/…` from a Catalan page leads to `/ca/planes/…`.
 * Every link of the site goes through it, so none leaves the reader's language by mistake; only
 * the language switcher crosses languages, with a plain link (a new document, a new layout).
 */
export default function Enlace({ href, ...props }: ComponentProps<typeof NextLink>) {
  const idioma = useIdioma();
  const destino =
    typeof href === "string"
      ? rutaEnIdioma(idioma, href)
      : { ...href, pathname: href.pathname ? rutaEnIdioma(idioma, href.pathname) : href.pathname };
  return <NextLink href={destino} {...props} />;
}
