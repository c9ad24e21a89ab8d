import { Corazon } from "@/components/plans/favorito";
import styles from "@/components/ui/ui.module.css";

/**
 * Why the login or registration page opened: a tap on a plan's heart without a session. Says
 * what logging in will do, and for which plan (its title).
 */
export function PlanPorGuardar({ texto, titulo }: { texto: string; titulo: string }) {
  return (
    <div className={styles.porGuardar}>
      <Corazon lleno={false} tamano={22} />
      <p>
        <strong>{texto}</strong>
        <span className={styles.porGuardarTitulo}>{titulo}</span>
      </p>
    </div>
  );
}
