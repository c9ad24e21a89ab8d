import { SeguirPueblo, type PuebloASeguir } from "@/components/seguimientos/SeguirPueblo";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import type { UrlsFeed } from "@/lib/difusion/feed-url";
import { DesplegableSeguir } from "./DesplegableSeguir";
import styles from "./SeguirBusqueda.module.css";

/** A button's 18-pixel line icon, hidden from screen readers (the button's text says it all). */
function Icono({ children }: { children: React.ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

/**
 * "Seguir esta búsqueda": one small button in the header of a list (the home results, a town
 * page, an organization page) that opens the ways to keep getting its plans: "Recibir por
 * correo" (the weekly e-mail of a town, SeguirPueblo), "Añadir a mi calendario" (a webcal://
 * link that subscribes the device's calendar to the list's feed, built with
 * lib/difusion/feed-url.ts) and, for those who use a reader, its Atom feed ("Para lectores de
 * noticias"). Closed it is one button high, so the plans stay on the first screen. A <details>,
 * so it works without JavaScript; with it, the options open where the button is (DesplegableSeguir).
 */
export async function SeguirBusqueda({
  feeds,
  pueblo,
  conSesion,
  id = "seguir-busqueda",
}: {
  feeds: UrlsFeed;
  /** The town whose weekly e-mail is offered (none on an organization's page). */
  pueblo: PuebloASeguir | null;
  conSesion: boolean;
  id?: string;
}) {
  const p = await palabrasDePagina("difusion");
  const { seguirDesplegar } = await palabrasDePagina("seguir");
  return (
    <DesplegableSeguir id={id}>
      <summary className={styles.boton}>
        <Icono>
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </Icono>
        {p.seguirBusqueda}
      </summary>
      <div className={styles.panel}>
        {pueblo && (
          <details className={styles.correo}>
            <summary className={styles.opcion}>
              <Icono>
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <path d="m3 7 9 6 9-6" />
              </Icono>
              {seguirDesplegar}
            </summary>
            <SeguirPueblo pueblo={pueblo} conSesion={conSesion} />
          </details>
        )}
        <a className={styles.opcion} href={feeds.webcal} aria-describedby={`${id}-ayuda`}>
          <Icono>
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </Icono>
          {p.suscribirCalendario}
        </a>
        <p id={`${id}-ayuda`} className={styles.ayuda}>
          {p.suscribirCalendarioAyuda}
        </p>
        <a className={styles.feed} href={feeds.atom} type="application/atom+xml">
          {p.feedAtom}
        </a>
      </div>
    </DesplegableSeguir>
  );
}
