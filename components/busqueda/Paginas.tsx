"use client";

import { Paginador, paginasVisibles } from "@/components/ui/Paginador";
import { useBusqueda, useEnlaceBusqueda } from "./BusquedaProvider";

/** The search's pages (30 plans a page): real links that go through the search's state. */
export function PaginasBusqueda({ total, porPagina }: { total: number; porPagina: number }) {
  const { estado } = useBusqueda();
  const enlaceA = useEnlaceBusqueda();
  const ultima = Math.max(1, Math.ceil(total / porPagina));
  const actual = Math.min(estado.page, ultima);
  return (
    <Paginador
      etiqueta="Paginación"
      anterior={actual > 1 ? { texto: "Anterior", enlace: enlaceA({ page: actual - 1 }) } : null}
      siguiente={actual < ultima ? { texto: "Siguiente", enlace: enlaceA({ page: actual + 1 }) } : null}
      paginas={paginasVisibles(actual, ultima).map((n) => ({
        numero: n,
        enlace: n === actual ? null : enlaceA({ page: n }),
      }))}
    />
  );
}
