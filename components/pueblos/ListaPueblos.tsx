import Link from "@/components/idioma/Enlace";
import styles from "./pueblos.module.css";

export interface EnlacePueblo {
  clave: string;
  href: string;
  nombre: string;
  /** Under the name: where it is, how far, how many plans. */
  detalle: string;
}

/** Towns as a grid of tappable cards: the home's towns with most plans, a town page's nearest ones. */
export function ListaPueblos({ pueblos }: { pueblos: EnlacePueblo[] }) {
  return (
    <ul className={styles.pueblos}>
      {pueblos.map((p) => (
        <li key={p.clave}>
          <Link className={styles.pueblo} prefetch={false} href={p.href}>
            <span className={styles.puebloNombre}>{p.nombre}</span>
            <span className={styles.puebloDetalle}>{p.detalle}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
