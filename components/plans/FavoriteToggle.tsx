"use client";

import { useEffect } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { Aviso } from "@/components/ui/Field";
import type { PlanSinConexion } from "@/lib/app-instalable/sin-conexion";
import { recordarSinConexion } from "@/lib/cliente/sin-conexion";
import { Corazon, useFavorito } from "./favorito";
import styles from "./PlanDetail.module.css";

/**
 * The favourite toggle of the plan page (spec §4), on useFavorito: a visitor without a session
 * goes to the login page (and comes back with the plan saved). A saved plan's button reads "Guardado".
 */
export function FavoriteToggle({
  planId,
  conectado,
  guardado,
  sinConexion,
}: {
  planId: string;
  conectado: boolean;
  guardado: boolean;
  sinConexion: PlanSinConexion;
}) {
  const { boton, favorito, aviso } = useFavorito(planId, { conectado, guardado });
  const p = usePalabras("tarjeta");
  const { url, titulo, cuando, donde } = sinConexion;
  useEffect(() => {
    if (conectado) void recordarSinConexion(planId, { url, titulo, cuando, donde }, favorito);
  }, [conectado, planId, favorito, url, titulo, cuando, donde]);
  return (
    <div className={styles.favorito}>
      <button {...boton} className={styles.accion}>
        <Corazon lleno={favorito} />
        {favorito ? p.botonGuardado : p.botonGuardar}
      </button>
      <Aviso error={aviso.error} exito={aviso.exito} />
    </div>
  );
}
