"use client";

import { conDatos, mensajes } from "@/lib/messages";
import { Corazon, useFavorito } from "./favorito";
import styles from "./PlanCard.module.css";

/**
 * The save heart on a plan's card: a button beside the card's link (never inside it), over the
 * poster's corner. Its name says what a tap does; a refusal shows under it.
 */
export function GuardarTarjeta({
  planId,
  titulo,
  conectado,
  guardado,
}: {
  planId: string;
  titulo: string;
  conectado: boolean;
  guardado: boolean;
}) {
  const { boton, favorito, aviso } = useFavorito(planId, { conectado, guardado });
  return (
    <>
      <button
        {...boton}
        className={styles.corazon}
        aria-label={conDatos(favorito ? mensajes.quitarPlanTarjeta : mensajes.guardarPlanTarjeta, { titulo })}
      >
        <Corazon lleno={favorito} tamano={22} />
      </button>
      {aviso.error && (
        <p role="alert" className={styles.corazonError}>
          {aviso.error}
        </p>
      )}
    </>
  );
}
