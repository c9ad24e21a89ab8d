"use client";

import { createContext, useContext, useMemo } from "react";
import type { Catalogo, Espacio, Palabras } from "@/lib/catalogo";

const Contexto = createContext<Palabras>({});

/**
 * The words of the browser's components, in the page's language: the namespaces a server
 * component chose (ConPalabras), added to those of the providers above. Only those reach the
 * browser, in the page's data: no catalogue or message library in its scripts.
 */
export function ProveedorPalabras({ palabras, children }: { palabras: Palabras; children: React.ReactNode }) {
  const arriba = useContext(Contexto);
  const todas = useMemo(() => ({ ...arriba, ...palabras }), [arriba, palabras]);
  return <Contexto.Provider value={todas}>{children}</Contexto.Provider>;
}

/** A namespace of the page's catalogue; a component whose page did not send it is a mistake. */
export function usePalabras<E extends Espacio>(espacio: E): Catalogo[E] {
  const palabras = useContext(Contexto)[espacio];
  if (!palabras) throw new Error(`No words for "${espacio}": wrap the component in <ConPalabras>`);
  return palabras as Catalogo[E];
}

/** Several namespaces at once (a constant list), the same object while the page's words stay. */
export function usePalabrasDe<E extends Espacio>(espacios: readonly E[]): Pick<Catalogo, E> {
  const todas = useContext(Contexto);
  return useMemo(() => {
    const faltan = espacios.filter((e) => !todas[e]);
    if (faltan.length > 0)
      throw new Error(`No words for "${faltan.join('", "')}": wrap the component in <ConPalabras>`);
    return Object.fromEntries(espacios.map((e) => [e, todas[e]])) as Pick<Catalogo, E>;
  }, [todas, espacios]);
}
