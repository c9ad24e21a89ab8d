import { mensajes } from "@/lib/messages";
import type { UrlsFeed } from "@/lib/difusion/feed-url";
import styles from "./SuscribirCalendario.module.css";

/** A button's 18-pixel line icon, hidden from screen readers (the button's text says it all). */
export function IconoBoton({ children }: { children: React.ReactNode }) {
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
 * "Suscribirse al calendario": a webcal:// link that opens the device's calendar app to
 * subscribe to a feed (a search's, a town's or an organization's; build `urls` with
 * lib/difusion/feed-url.ts), and the same plans as an Atom feed. No script: it works in server
 * and client components alike.
 */
export function SuscribirCalendario({
  urls,
  id = "suscribir",
  children,
}: {
  urls: UrlsFeed;
  id?: string;
  /** Other ways to get the same plans, in the button's row (RecibirPlanes: the weekly e-mail). */
  children?: React.ReactNode;
}) {
  return (
    <div className={styles.suscribir}>
      <a className={styles.boton} href={urls.webcal} aria-describedby={`${id}-ayuda`}>
        <IconoBoton>
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </IconoBoton>
        {mensajes.suscribirCalendario}
      </a>
      {children}
      <p className={styles.ayuda}>
        <span id={`${id}-ayuda`}>{mensajes.suscribirCalendarioAyuda}</span>{" "}
        <a className={styles.atom} href={urls.atom} type="application/atom+xml">
          {mensajes.feedAtom}
        </a>
      </p>
    </div>
  );
}
