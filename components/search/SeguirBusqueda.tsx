import { SeguirPueblo, type PuebloASeguir } from "@/components/follows/SeguirPueblo";
import { mensajes } from "@/lib/messages";
import type { UrlsFeed } from "@/lib/difusion/feed-url";
import { IconoBoton, SuscribirCalendario } from "./SuscribirCalendario";
import styles from "./SuscribirCalendario.module.css";

/**
 * The ways to keep getting a search's plans, as one row of two buttons on the home
 * results and the town pages: "Suscribirse al calendario" (the search's feed) and, for a town,
 * "Recibir por correo", which opens the follow card (SeguirPueblo) in place. Closed, the row is
 * one button high, so the plans people came for stay on the first screen of a phone.
 */
export function RecibirPlanes({
  feeds,
  pueblo,
  conSesion,
  id,
}: {
  feeds: UrlsFeed;
  pueblo: PuebloASeguir | null;
  conSesion: boolean;
  id?: string;
}) {
  return (
    <SuscribirCalendario urls={feeds} id={id}>
      {pueblo && (
        <details className={styles.correo}>
          <summary className={styles.boton}>
            <IconoBoton>
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m3 7 9 6 9-6" />
            </IconoBoton>
            {mensajes.seguirDesplegar}
          </summary>
          <SeguirPueblo pueblo={pueblo} conSesion={conSesion} />
        </details>
      )}
    </SuscribirCalendario>
  );
}
