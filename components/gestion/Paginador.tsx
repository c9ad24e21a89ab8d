import Link from "next/link";
import styles from "./gestion.module.css";

/**
 * "Más recientes" back to the first page and "Siguientes" to the page after the last row shown
 * (keyset: a cursor in the URL, never a page number), keeping the list's other filters.
 */
export function Paginador({
  ruta,
  filtros,
  siguiente,
  enPrimera,
}: {
  ruta: string;
  filtros: Record<string, string | undefined>;
  siguiente: string | null;
  enPrimera: boolean;
}) {
  const url = (despues?: string) => {
    const p = new URLSearchParams(
      Object.entries({ ...filtros, despues }).filter((e): e is [string, string] => Boolean(e[1])),
    );
    const q = p.toString();
    return q ? `${ruta}?${q}` : ruta;
  };
  if (enPrimera && !siguiente) return null;
  return (
    <nav className={styles.paginador} aria-label="Páginas">
      {!enPrimera && <Link href={url()}>« Más recientes</Link>}
      {siguiente && <Link href={url(siguiente)}>Siguientes »</Link>}
    </nav>
  );
}
