import Link from "@/components/idioma/Enlace";
import styles from "./gestion.module.css";

/**
 * The state tabs of a back-office list (`?estado=`): the first tab is the list's default and
 * has the bare route; the current one is marked.
 */
export function Pestanas({
  etiqueta,
  ruta,
  pestanas,
  actual,
}: {
  etiqueta: string;
  ruta: string;
  pestanas: readonly { estado: string | null; nombre: string }[];
  actual: string | null;
}) {
  const porDefecto = pestanas[0]?.estado;
  return (
    <nav className={styles.pestanas} aria-label={etiqueta}>
      {pestanas.map((p) => (
        <Link
          key={p.nombre}
          href={p.estado && p.estado !== porDefecto ? `${ruta}?estado=${encodeURIComponent(p.estado)}` : ruta}
          aria-current={actual === p.estado ? "page" : undefined}
        >
          {p.nombre}
        </Link>
      ))}
    </nav>
  );
}
