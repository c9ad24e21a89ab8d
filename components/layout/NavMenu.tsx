"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import styles from "./Navbar.module.css";

const ENLACES = [
  { href: "/", texto: "Planes" },
  { href: "/publicar", texto: "Publicar" },
  { href: "/nosotros", texto: "Nosotros" },
];

const MENU_CONECTADO = [
  { href: "/perfil", texto: "Perfil" },
  { href: "/planes-favoritos", texto: "Guardados" },
  { href: "/mis-planes", texto: "Mis publicaciones" },
  { href: "/tus-organizaciones", texto: "Mis organizaciones" },
];

/** The back-office, in the menu of moderators and admins only. */
const ENLACE_GESTION = { href: "/gestion", texto: "Gestión" };

const MENU_DESCONECTADO = [
  { href: "/iniciar-sesion", texto: "Iniciar sesión" },
  { href: "/registro", texto: "Registrarse" },
];

/**
 * Main links, the mobile toggle and the user dropdown (with "Gestión" for the team, `equipo`); a
 * click elsewhere or a navigation closes them.
 */
export function NavMenu({ conectado, equipo }: { conectado: boolean; equipo: boolean }) {
  const pathname = usePathname();
  // Each menu remembers the page it was opened on, so navigating closes it without an effect.
  const [movil, setMovil] = useState<string | null>(null);
  const [usuario, setUsuario] = useState<string | null>(null);
  const movilAbierto = movil === pathname;
  const usuarioAbierto = usuario === pathname;
  const raiz = useRef<HTMLDivElement>(null);

  useEffect(() => {
    function cerrar(event: MouseEvent | KeyboardEvent) {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !raiz.current?.contains(event.target as Node)) {
        setMovil(null);
        setUsuario(null);
      }
    }
    document.addEventListener("click", cerrar);
    document.addEventListener("keydown", cerrar);
    return () => {
      document.removeEventListener("click", cerrar);
      document.removeEventListener("keydown", cerrar);
    };
  }, []);

  const menuUsuario = !conectado ? MENU_DESCONECTADO : equipo ? [...MENU_CONECTADO, ENLACE_GESTION] : MENU_CONECTADO;
  return (
    <div ref={raiz} className={styles.menus}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={movilAbierto}
        aria-controls="menu-principal"
        onClick={() => setMovil(movilAbierto ? null : pathname)}
      >
        <span className="visually-hidden">Menú</span>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id="menu-principal" className={`${styles.links} ${movilAbierto ? styles.open : ""}`}>
        <ul className={styles.list}>
          {ENLACES.map((e) => (
            <li key={e.href}>
              <Link
                href={e.href}
                prefetch={false}
                className={styles.link}
                aria-current={pathname === e.href ? "page" : undefined}
              >
                {e.texto}
              </Link>
            </li>
          ))}
        </ul>
        <div className={styles.user}>
          <button
            type="button"
            className={styles.userButton}
            aria-expanded={usuarioAbierto}
            aria-controls="menu-usuario"
            onClick={() => setUsuario(usuarioAbierto ? null : pathname)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c0-4 4-6 8-6s8 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>{conectado ? "Mi cuenta" : "Acceder"}</span>
          </button>
          <ul id="menu-usuario" className={`${styles.dropdown} ${usuarioAbierto ? styles.open : ""}`}>
            {menuUsuario.map((e) => (
              <li key={e.href}>
                <Link href={e.href} className={styles.dropdownLink} prefetch={false}>
                  {e.texto}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
