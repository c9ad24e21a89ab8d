import Link from "next/link";
import styles from "./Navbar.module.css";
import { NavMenu } from "./NavMenu";

/** The header: the brand, the main links and the user's menu (with "Gestión" for the team, `equipo`). */
export function Navbar({
  nombreSitio,
  conectado,
  equipo,
}: {
  nombreSitio: string;
  conectado: boolean;
  equipo: boolean;
}) {
  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label="Principal">
        <Link href="/" className={styles.brand}>
          {nombreSitio}
        </Link>
        <NavMenu conectado={conectado} equipo={equipo} />
      </nav>
    </header>
  );
}
