import Link from "next/link";
import { ENLACES_EXTERNOS } from "@/lib/site";
import styles from "./Footer.module.css";

interface Enlace {
  href: string;
  texto: string;
  externo?: boolean;
}

const APPS: Enlace[] = [
  { href: ENLACES_EXTERNOS.appStore, texto: "Descargar en App Store", externo: true },
  { href: ENLACES_EXTERNOS.googlePlay, texto: "Disponible en Google Play", externo: true },
];

const PARA_TU_WEB: Enlace[] = [{ href: "/widget", texto: "Widget para ayuntamientos y asociaciones" }];

const REDES: Enlace[] = [
  { href: ENLACES_EXTERNOS.instagram, texto: "Instagram", externo: true },
  { href: ENLACES_EXTERNOS.facebook, texto: "Facebook", externo: true },
  { href: ENLACES_EXTERNOS.tiktok, texto: "TikTok", externo: true },
];

const LEGALES: Enlace[] = [
  { href: "/aviso-legal", texto: "Aviso legal" },
  { href: "/condiciones-generales", texto: "Condiciones generales" },
  { href: "/cookies", texto: "Política de cookies" },
  { href: "/politica-privacidad", texto: "Política de privacidad" },
];

function Columna({ id, titulo, children }: { id: string; titulo: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {titulo}
      </h2>
      {children}
    </section>
  );
}

function Lista({ enlaces }: { enlaces: Enlace[] }) {
  return (
    <ul className={styles.list}>
      {enlaces.map((e) => (
        <li key={e.href}>
          {e.externo ? (
            <a href={e.href} rel="noopener noreferrer" target="_blank">
              {e.texto}
            </a>
          ) : (
            <Link href={e.href} prefetch={false}>
              {e.texto}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Footer({ nombreSitio, contacto }: { nombreSitio: string; contacto: string }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <Columna id="pie-app" titulo={nombreSitio}>
          <p className={styles.text}>Planes, eventos y actividades en tu pueblo y en los de alrededor.</p>
          <Lista enlaces={APPS} />
          <Lista enlaces={PARA_TU_WEB} />
        </Columna>
        <Columna id="pie-redes" titulo="Síguenos">
          <Lista enlaces={REDES} />
        </Columna>
        <Columna id="pie-legal" titulo="Legal">
          <Lista enlaces={LEGALES} />
        </Columna>
        <Columna id="pie-contacto" titulo="Contacto">
          <p className={styles.text}>
            <a href={`mailto:${contacto}`}>{contacto}</a>
          </p>
        </Columna>
      </div>
      <p className={styles.copy}>
        © {new Date().getFullYear()} {nombreSitio}. Municipios: Fuente INE; coordenadas de{" "}
        <a href="https://www.geonames.org/" rel="noopener noreferrer" target="_blank">
          GeoNames
        </a>{" "}
        (CC BY 4.0) y de{" "}
        <a href="https://github.com/dr5hn/countries-states-cities-database" rel="noopener noreferrer" target="_blank">
          Countries States Cities Database
        </a>{" "}
        (ODbL).
      </p>
    </footer>
  );
}
