import Link from "next/link";
import { ENLACES_EXTERNOS } from "@/lib/site";
import styles from "./Footer.module.css";

const LEGALES = [
  { href: "/aviso-legal", texto: "Aviso legal" },
  { href: "/condiciones-generales", texto: "Condiciones generales" },
  { href: "/cookies", texto: "Política de cookies" },
  { href: "/politica-privacidad", texto: "Política de privacidad" },
];

const REDES = [
  { href: ENLACES_EXTERNOS.instagram, texto: "Instagram" },
  { href: ENLACES_EXTERNOS.facebook, texto: "Facebook" },
  { href: ENLACES_EXTERNOS.tiktok, texto: "TikTok" },
];

export function Footer({ nombreSitio, contacto }: { nombreSitio: string; contacto: string }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="pie-app">
          <h2 id="pie-app" className={styles.title}>
            {nombreSitio}
          </h2>
          <p className={styles.text}>Planes, eventos y actividades en tu pueblo y en los de alrededor.</p>
          <ul className={styles.list}>
            <li>
              <a href={ENLACES_EXTERNOS.appStore} rel="noopener noreferrer" target="_blank">
                Descargar en App Store
              </a>
            </li>
            <li>
              <a href={ENLACES_EXTERNOS.googlePlay} rel="noopener noreferrer" target="_blank">
                Disponible en Google Play
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="pie-redes">
          <h2 id="pie-redes" className={styles.title}>
            Síguenos
          </h2>
          <ul className={styles.list}>
            {REDES.map((r) => (
              <li key={r.href}>
                <a href={r.href} rel="noopener noreferrer" target="_blank">
                  {r.texto}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="pie-legal">
          <h2 id="pie-legal" className={styles.title}>
            Legal
          </h2>
          <ul className={styles.list}>
            {LEGALES.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.texto}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="pie-contacto">
          <h2 id="pie-contacto" className={styles.title}>
            Contacto
          </h2>
          <p className={styles.text}>
            <a href={`mailto:${contacto}`}>{contacto}</a>
          </p>
        </section>
      </div>
      <p className={styles.copy}>
        © {new Date().getFullYear()} {nombreSitio}
      </p>
    </footer>
  );
}
