"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import { Paginador, paginasVisibles } from "@/components/ui/Paginador";
import { conDatos } from "@/lib/con-datos";
import { useBusqueda, useEnlaceBusqueda } from "./BusquedaProvider";

/** The search's pages (30 plans a page): real links that go through the search's state. */
export function PaginasBusqueda({ total, porPagina }: { total: number; porPagina: number }) {
  const { estado } = useBusqueda();
  const enlaceA = useEnlaceBusqueda();
  const b = usePalabras("buscador");
  const ultima = Math.max(1, Math.ceil(total / porPagina));
  const actual = Math.min(estado.page, ultima);
  return (
    <Paginador
      etiqueta={b.paginacion}
      etiquetaPagina={(n) => conDatos(b.pagina, { n: String(n) })}
      anterior={actual > 1 ? { texto: b.anterior, enlace: enlaceA({ page: actual - 1 }) } : null}
      siguiente={actual < ultima ? { texto: b.siguiente, enlace: enlaceA({ page: actual + 1 }) } : null}
      paginas={paginasVisibles(actual, ultima).map((n) => ({
        numero: n,
        enlace: n === actual ? null : enlaceA({ page: n }),
      }))}
    />
  );
}
