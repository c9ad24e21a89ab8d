"use client";

import { useMemo } from "react";
import { useIdioma } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { lenguaDe } from "@/lib/plans/texto";
import type { TextosTarjeta } from "./PlanCard";

/**
 * The words of a card drawn in the browser (the publish wizard's preview, the sponsor form), from
 * its page's: the root layout gives every page "tarjeta" and "categorias".
 */
export function ConTextosTarjeta({ children }: { children: (textos: TextosTarjeta) => React.ReactNode }) {
  const idioma = useIdioma();
  const tarjeta = usePalabras("tarjeta");
  const categorias = usePalabras("categorias");
  const textos = useMemo(() => ({ ...lenguaDe(idioma, tarjeta), categorias }), [idioma, tarjeta, categorias]);
  return children(textos);
}
