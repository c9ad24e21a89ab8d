"use client";

import Link from "@/components/idioma/Enlace";
import { usePathname } from "next/navigation";
import styles from "./gestion.module.css";

const SECCIONES = [
  { href: "/gestion", nombre: "Resumen" },
  { href: "/gestion/reportes", nombre: "Reportes" },
  { href: "/gestion/planes", nombre: "Planes" },
  { href: "/gestion/usuarios", nombre: "Usuarios" },
  { href: "/gestion/solicitudes", nombre: "Solicitudes" },
  { href: "/gestion/organizaciones", nombre: "Organizaciones" },
  { href: "/gestion/fuentes", nombre: "Fuentes" },
  { href: "/gestion/federacion", nombre: "Fediverso" },
  { href: "/gestion/patrocinios", nombre: "Patrocinios", admin: true },
  { href: "/gestion/contactos", nombre: "Contactos" },
  { href: "/gestion/correos", nombre: "Correos" },
  { href: "/gestion/registro", nombre: "Registro" },
] as const satisfies readonly { href: string; nombre: string; admin?: boolean }[];

/** The back-office's sections (the admin-only ones for admins), the current one marked; a row that scrolls sideways on a phone. */
export function NavGestion({ correo, admin }: { correo: string; admin: boolean }) {
  const ruta = usePathname();
  const actual = (href: string) => (href === "/gestion" ? ruta === href : ruta === href || ruta.startsWith(`${href}/`));
  return (
    <nav className={styles.nav} aria-label="Gestión">
      <p className={styles.marca}>
        Gestión <span className={styles.quien}>{correo}</span>
      </p>
      <ul>
        {SECCIONES.filter((s) => admin || !("admin" in s)).map((s) => (
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
