import styles from "./gestion.module.css";
import type { CorreoFila } from "@/lib/admin/correos";
import { fechaHora } from "@/lib/dates";

/** When an e-mail was made and where its delivery stands: sent, waiting, or failing and why. */
export function EstadoCorreo({ correo: c }: { correo: CorreoFila }) {
  const intentos = `${c.attempts} ${c.attempts === 1 ? "intento" : "intentos"}`;
  return (
    <>
      <p className={styles.secundario}>
        Creado el {fechaHora(c.created_at)} ·{" "}
        {c.sent_at
          ? `enviado el ${fechaHora(c.sent_at)}`
          : c.attempts === 0
            ? "pendiente de enviar"
            : `sin enviar, ${intentos} · próximo intento el ${fechaHora(c.next_attempt_at)}`}
      </p>
      {!c.sent_at && c.last_error && (
        <p className={styles.error}>
          Último error: <code>{c.last_error}</code>
        </p>
      )}
    </>
  );
}
