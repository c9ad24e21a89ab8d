import Link from "next/link";
import styles from "./Navbar.module.css";
import { NavMenu } from "./NavMenu";

export function Navbar({ nombreSitio, conectado }: { nombreSitio: string; conectado: boolean }) {
  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label="Principal">
        <Link href="/" className={styles.brand}>
          {nombreSitio}
        </Link>
        <NavMenu conectado={conectado} />
      </nav>
    </header>
  );
}
