"use client";

import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext } from "react";
import { IDIOMA_POR_DEFECTO, idiomaDeRuta, rutaEnIdioma, type Idioma } from "@/lib/idiomas";

const Contexto = createContext<Idioma>(IDIOMA_POR_DEFECTO);

/**
 * The page's language for the browser's components (the root layout's, from the address): their
 * links and navigations stay in it. Words reach them as props from the server, not from here.
 */
export function ProveedorIdioma({ idioma, children }: { idioma: Idioma; children: React.ReactNode }) {
  return <Contexto.Provider value={idioma}>{children}</Contexto.Provider>;
}

export const useIdioma = (): Idioma => useContext(Contexto);

/** A page's address in the page's language (lib/idiomas.ts's rutaEnIdioma). */
export function useRuta(): (ruta: string) => string {
  const idioma = useIdioma();
  return useCallback((ruta: string) => rutaEnIdioma(idioma, ruta), [idioma]);
}

/** The current page's path without its language's prefix, as lib/ compares and stores paths. */
export function useRutaActual(): string {
  return idiomaDeRuta(usePathname()).ruta;
}
