"use client";

import Link from "@/components/idioma/Enlace";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import styles from "./Navbar.module.css";

/** A link of the menus, its words in the page's language. */
export interface EnlaceMenu {
  href: string;
  texto: string;
}

/**
 * Main links, the mobile toggle and the user dropdown, as the server (Navbar) gives them in the
 * page's language; a click elsewhere or a navigation closes them.
 */
export function NavMenu({
  enlaces,
  menuUsuario,
  usuario: etiquetaUsuario,
  menu,
}: {
  enlaces: EnlaceMenu[];
  /** The user's dropdown: their pages (and the back-office for the team), or logging in. */
  menuUsuario: EnlaceMenu[];
  /** The dropdown's button ("Mi cuenta" or "Acceder") and the phone's toggle ("Menú"). */
  usuario: string;
  menu: string;
}) {
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

  return (
    <div ref={raiz} className={styles.menus}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={movilAbierto}
        aria-controls="menu-principal"
        onClick={() => setMovil(movilAbierto ? null : pathname)}
      >
        <span className="visually-hidden">{menu}</span>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id="menu-principal" className={`${styles.links} ${movilAbierto ? styles.open : ""}`}>
        <ul className={styles.list}>
          {enlaces.map((e) => (
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
            <span>{etiquetaUsuario}</span>
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
