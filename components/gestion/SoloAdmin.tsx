import styles from "./gestion.module.css";

import { mensajesGestion } from "@/lib/mensajes-gestion";

/** What a moderator sees on an admin-only page of the back-office instead of the page. */
export function SoloAdmin({ titulo }: { titulo: string }) {
  return (
    <>
      <h1 className={styles.titulo}>{titulo}</h1>
      <p className={styles.nada}>{mensajesGestion.soloAdmin}</p>
    </>
  );
}
