import Link from "@/components/idioma/Enlace";
import { getTranslations } from "next-intl/server";
import styles from "./Navbar.module.css";
import { NavMenu, type EnlaceMenu } from "./NavMenu";

/** The header: the brand, the main links and the user's menu (with "Gestión" for the team, `equipo`). */
export async function Navbar({
  nombreSitio,
  conectado,
  equipo,
}: {
  nombreSitio: string;
  conectado: boolean;
  equipo: boolean;
}) {
  const t = await getTranslations("nav");
  // Only the words this visitor's menus show: a visitor's page says nothing of an account's.
  const enlaces: EnlaceMenu[] = [
    { href: "/", texto: t("planes") },
    { href: "/publicar", texto: t("publicar") },
    { href: "/nosotros", texto: t("nosotros") },
  ];
  const menuUsuario: EnlaceMenu[] = conectado
    ? [
        { href: "/perfil", texto: t("perfil") },
        { href: "/planes-favoritos", texto: t("guardados") },
        { href: "/mis-planes", texto: t("misPublicaciones") },
        { href: "/tus-organizaciones", texto: t("misOrganizaciones") },
        // The back-office, in the menu of moderators and admins only.
        ...(equipo ? [{ href: "/gestion", texto: t("gestion") }] : []),
      ]
    : [
        { href: "/iniciar-sesion", texto: t("iniciarSesion") },
        { href: "/registro", texto: t("registrarse") },
      ];
  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label={t("principal")}>
        {/* No prefetch here, in the menu or the footer: on every page they fetched the home's and the
            menu's pages (two requests, and their decoding on the main thread while the page was
            still becoming interactive) for pages a visitor rarely opens next, on a phone's data. */}
        <Link href="/" className={styles.brand} prefetch={false}>
          {nombreSitio}
        </Link>
        <NavMenu
          enlaces={enlaces}
          menuUsuario={menuUsuario}
          usuario={conectado ? t("miCuenta") : t("acceder")}
          menu={t("menu")}
        />
      </nav>
    </header>
  );
}
