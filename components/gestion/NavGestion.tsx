"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import styles from "./gestion.module.css";

const SECCIONES = [
  { href: "/gestion", nombre: "Resumen" },
  { href: "/gestion/reportes", nombre: "Reportes" },
  { href: "/gestion/planes", nombre: "Planes" },
  { href: "/gestion/usuarios", nombre: "Usuarios" },
  { href: "/gestion/solicitudes", nombre: "Solicitudes" },
  { href: "/gestion/organizaciones", nombre: "Organizaciones" },
  { href: "/gestion/contactos", nombre: "Contactos" },
  { href: "/gestion/correos", nombre: "Correos" },
  { href: "/gestion/registro", nombre: "Registro" },
] as const;

/** The back-office's sections, the current one marked; a row that scrolls sideways on a phone. */
export function NavGestion({ correo }: { correo: string }) {
  const ruta = usePathname();
  const actual = (href: string) => (href === "/gestion" ? ruta === href : ruta === href || ruta.startsWith(`${href}/`));
  return (
    <nav className={styles.nav} aria-label="Gestión">
      <p className={styles.marca}>
        Gestión <span className={styles.quien}>{correo}</span>
      </p>
      <ul>
        {SECCIONES.map((s) => (
          <li key={s.href}>
            <Link href={s.href} aria-current={actual(s.href) ? "page" : undefined}>
              {s.nombre}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
