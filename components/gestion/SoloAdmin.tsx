import styles from "./gestion.module.css";
import { mensajes } from "@/lib/messages";

/** What a moderator sees on an admin-only page of the back-office instead of the page. */
export function SoloAdmin({ titulo }: { titulo: string }) {
  return (
    <>
      <h1 className={styles.titulo}>{titulo}</h1>
      <p className={styles.nada}>{mensajes.soloAdmin}</p>
    </>
  );
}
