"use client";

import { useEffect } from "react";
import { recordarLugarElegido, type LugarRecordado } from "@/lib/busqueda/lugar-recordado";

/**
 * A place a person arrived at by a link (a shared search, a town page) becomes their remembered
 * place, as one chosen in the box does: the next visit to the home opens it. Written in the
 * browser after the page renders, so the page's bytes stay the same for every visitor.
 */
export function RecordarLugar({ municipio, lat, lng }: LugarRecordado) {
  useEffect(() => {
    recordarLugarElegido({ municipio, lat, lng });
  }, [municipio, lat, lng]);
  return null;
}
