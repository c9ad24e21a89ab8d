import Link from "@/components/idioma/Enlace";
import type { ComponentProps } from "react";
import ui from "./ui.module.css";

/** What a page link needs: its address, and for a client-side list, what a tap does instead. */
export type EnlacePagina = Omit<ComponentProps<typeof Link>, "children" | "rel">;

/**
 * The one paginator of the site: a previous and a next link and, where the list knows its
 * length, numbered pages (the current one marked, gaps shown as "…"). The search counts its
 * pages; the back-office's lists page by a keyset cursor and only know what comes next.
 */
export function Paginador({
  etiqueta,
  anterior,
  siguiente,
  paginas = [],
  etiquetaPagina = (n) => `Página ${n}`,
}: {
  etiqueta: string;
  anterior?: { texto: string; enlace: EnlacePagina } | null;
  siguiente?: { texto: string; enlace: EnlacePagina } | null;
  /** Numbered pages in order; `enlace` null for the current one. */
  paginas?: { numero: number; enlace: EnlacePagina | null }[];
  /** A numbered page's name for screen readers, in the page's language (the back-office's is Spanish). */
  etiquetaPagina?: (numero: number) => string;
}) {
  if (!anterior && !siguiente && paginas.length < 2) return null;
  return (
    <nav aria-label={etiqueta}>
      <ul className={ui.paginador}>
        {anterior && (
          <li>
            <Link {...anterior.enlace} rel="prev">
              {anterior.texto}
            </Link>
          </li>
        )}
        {paginas.map(({ numero, enlace }, i) => (
          <li key={numero}>
            {i > 0 && numero - paginas[i - 1].numero > 1 && <span aria-hidden="true">…</span>}
            {enlace ? (
              <Link {...enlace} aria-label={etiquetaPagina(numero)}>
                {numero}
              </Link>
            ) : (
              <span aria-current="page">{numero}</span>
            )}
          </li>
        ))}
        {siguiente && (
          <li>
            <Link {...siguiente.enlace} rel="next">
              {siguiente.texto}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The numbered pages worth a link: the first, the last and two either side of the current one. */
export function paginasVisibles(actual: number, ultima: number): number[] {
  return [...new Set([1, actual - 2, actual - 1, actual, actual + 1, actual + 2, ultima])]
    .filter((n) => n >= 1 && n <= ultima)
    .sort((a, b) => a - b);
}

/**
 * A keyset-paged list's links: back to its first page and on past the last row shown (a
 * cursor in the URL, never a page number), keeping the list's other filters.
 */
export function enlacesCursor({
  ruta,
  filtros,
  siguiente,
  enPrimera,
}: {
  ruta: string;
  filtros: Record<string, string | undefined>;
  siguiente: string | null;
  enPrimera: boolean;
}): Pick<ComponentProps<typeof Paginador>, "anterior" | "siguiente"> {
  const url = (despues?: string) => {
    const q = new URLSearchParams(
      Object.entries({ ...filtros, despues }).filter((e): e is [string, string] => Boolean(e[1])),
    ).toString();
    return q ? `${ruta}?${q}` : ruta;
  };
  return {
    anterior: enPrimera ? null : { texto: "« Más recientes", enlace: { href: url() } },
    siguiente: siguiente ? { texto: "Siguientes »", enlace: { href: url(siguiente) } } : null,
  };
}
