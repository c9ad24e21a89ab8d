"use client";

import Link from "next/link";
import { urlBusqueda } from "@/lib/plans/search-url";
import { useBusqueda } from "./BusquedaProvider";
import styles from "./Search.module.css";

/**
 * Page links (30 plans a page): first, last and two either side of the current one. They are
 * real links (shareable, and they work without script); a plain click goes through the search's
 * state like every other control, so it keeps what the person has just chosen.
 */
export function Pagination({ total, porPagina }: { total: number; porPagina: number }) {
  const { estado, ir } = useBusqueda();
  const ultima = Math.max(1, Math.ceil(total / porPagina));
  if (ultima === 1) return null;
  const actual = Math.min(estado.page, ultima);
  const paginas = [...new Set([1, actual - 2, actual - 1, actual, actual + 1, actual + 2, ultima])].filter((n) => n >= 1 && n <= ultima).sort((a, b) => a - b);
  const enlace = (n: number) => ({
    href: urlBusqueda({ ...estado, page: n }),
    onClick: (e: React.MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
      e.preventDefault();
      // ir() brings the results into view, as for every other control.
      ir({ page: n });
    },
  });
  return (
    <nav aria-label="Paginación">
      <ul className={styles.paginacion}>
        {actual > 1 && (
          <li>
            <Link {...enlace(actual - 1)} rel="prev">
              Anterior
            </Link>
          </li>
        )}
        {paginas.map((n, i) => (
          <li key={n}>
            {i > 0 && n - paginas[i - 1] > 1 && <span aria-hidden="true">…</span>}
            {n === actual ? (
              <span aria-current="page">{n}</span>
            ) : (
              <Link {...enlace(n)} aria-label={`Página ${n}`}>
                {n}
              </Link>
            )}
          </li>
        ))}
        {actual < ultima && (
          <li>
            <Link {...enlace(actual + 1)} rel="next">
              Siguiente
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
