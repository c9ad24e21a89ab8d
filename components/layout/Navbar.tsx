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
        {/* No prefetch here, in the menu or the footer: on every page they fetched the home's and the
            menu's pages (two requests, and their decoding on the main thread while the page was
            still becoming interactive) for pages a visitor rarely opens next, on a phone's data. */}
        <Link href="/" className={styles.brand} prefetch={false}>
          {nombreSitio}
        </Link>
        <NavMenu conectado={conectado} equipo={equipo} />
      </nav>
    </header>
  );
}
