"use client";

import { useEffect } from "react";
import { recordarLugarElegido, type LugarRecordado } from "@/lib/busqueda/lugar-recordado";

/**
 * A place a person arrived at by a link (a shared search, a town page) becomes their remembered
 * place, as one chosen in the box does: the next visit to the home opens it. Only the place the
 * page was opened at: the home's own later searches are remembered where the person chooses a
 * place (useElegirLugar), and not when words typed on a first visit search the example place.
 * Written in the browser after rendering, so the page's bytes stay the same for every visitor.
 */
export function RecordarLugar({ lugar }: { lugar: LugarRecordado | null }) {
  useEffect(() => {
    if (lugar) recordarLugarElegido(lugar);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the place of arrival
  }, []);
  return null;
}
