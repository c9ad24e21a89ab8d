"use client";

import Link from "next/link";
import { useBusqueda, useEnlaceBusqueda } from "./BusquedaProvider";
import styles from "./Search.module.css";

/**
 * Page links (30 plans a page): first, last and two either side of the current one. They are
 * real links that go through the search's state (useEnlaceBusqueda).
 */
export function Pagination({ total, porPagina }: { total: number; porPagina: number }) {
  const { estado } = useBusqueda();
  const enlaceA = useEnlaceBusqueda();
  const ultima = Math.max(1, Math.ceil(total / porPagina));
  if (ultima === 1) return null;
  const actual = Math.min(estado.page, ultima);
  const paginas = [...new Set([1, actual - 2, actual - 1, actual, actual + 1, actual + 2, ultima])]
    .filter((n) => n >= 1 && n <= ultima)
    .sort((a, b) => a - b);
  const enlace = (n: number) => enlaceA({ page: n });
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
