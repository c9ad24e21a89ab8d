"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import { useTraduccion } from "@/components/ui/Field";
import { conDatos } from "@/lib/con-datos";
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
  const p = usePalabras("tarjeta");
  const traducir = useTraduccion();
  return (
    <>
      <button
        {...boton}
        className={styles.corazon}
        aria-label={conDatos(favorito ? p.quitarPlan : p.guardarPlan, { titulo })}
      >
        <Corazon lleno={favorito} tamano={22} />
      </button>
      {aviso.error && (
        <p role="alert" className={styles.corazonError}>
          {traducir(aviso.error)}
        </p>
      )}
    </>
  );
}
