import { permanentRedirect, redirect } from "next/navigation";
import { getLocale } from "next-intl/server";
import { esIdioma, IDIOMA_POR_DEFECTO, rutaEnIdioma, type Idioma } from "./idiomas";
import { espacioDe, type Catalogo, type Espacio } from "./catalogo";

/** The language of the page being rendered: its address's (proxy.ts), Spanish without a prefix. */
export async function idiomaDePagina(): Promise<Idioma> {
  const locale = await getLocale();
  return esIdioma(locale) ? locale : IDIOMA_POR_DEFECTO;
}

/** A page's address in the language of the page being rendered. */
export async function rutaDePagina(ruta: string): Promise<string> {
  return rutaEnIdioma(await idiomaDePagina(), ruta);
}

/** next/navigation's redirect, staying in the page's language. */
export async function redirigir(ruta: string): Promise<never> {
  redirect(await rutaDePagina(ruta));
}

/** next/navigation's permanentRedirect (a page's canonical address), staying in the page's language. */
export async function redirigirParaSiempre(ruta: string): Promise<never> {
  permanentRedirect(await rutaDePagina(ruta));
}

/** A namespace of the page's catalogue, for a server component that writes its words. */
export async function palabrasDePagina<E extends Espacio>(espacio: E): Promise<Catalogo[E]> {
  return espacioDe(await idiomaDePagina(), espacio);
}
