"use client";

import Link from "@/components/idioma/Enlace";
import { useState } from "react";
import ui from "@/components/ui/ui.module.css";
import { AvisoAccion, FormMotivo, useAccion } from "./acciones";
import styles from "./gestion.module.css";

/**
 * An admin's actions on one sponsor card: edit it, pause or resume it, move it one turn up or
 * down, and delete it (after a confirmation with an optional note).
 */
export function AccionesPatrocinio({
  patrocinio: s,
}: {
  patrocinio: { id: string; titulo: string; pausado: boolean; posicion: number; total: number };
}) {
  const [borrando, setBorrando] = useState(false);
  const { hacer, ocupado, aviso } = useAccion();
  const ruta = `/api/gestion/patrocinios/${s.id}`;
  return (
    <div className={styles.acciones}>
      {borrando ? (
        <FormMotivo
          etiqueta="Nota para el registro (opcional)"
          boton="Borrar el patrocinio"
          opcional
          ocupado={ocupado}
          onEnviar={(motivo) => hacer(ruta, { motivo }, () => setBorrando(false), "DELETE")}
          onCancelar={() => setBorrando(false)}
        />
      ) : (
        <div className={styles.botones}>
          <Link className={ui.buttonOutline} href={`/gestion/patrocinios/${s.id}`} aria-label={`Editar «${s.titulo}»`}>
            Editar
          </Link>
          <button
            type="button"
            className={ui.buttonOutline}
            disabled={ocupado}
            onClick={() => hacer(`${ruta}/pausar`, { pausado: !s.pausado })}
            aria-label={`${s.pausado ? "Reanudar" : "Pausar"} «${s.titulo}»`}
          >
            {s.pausado ? "Reanudar" : "Pausar"}
          </button>
          <button
            type="button"
            className={ui.buttonGhost}
            disabled={ocupado || s.posicion <= 1}
            onClick={() => hacer(`${ruta}/orden`, { posicion: s.posicion - 1 })}
            aria-label={`Subir «${s.titulo}» un turno`}
          >
            ↑ Subir
          </button>
          <button
            type="button"
            className={ui.buttonGhost}
            disabled={ocupado || s.posicion >= s.total}
            onClick={() => hacer(`${ruta}/orden`, { posicion: s.posicion + 1 })}
            aria-label={`Bajar «${s.titulo}» un turno`}
          >
            ↓ Bajar
          </button>
          <button
            type="button"
            className={ui.buttonDanger}
            onClick={() => setBorrando(true)}
            aria-label={`Borrar «${s.titulo}»`}
          >
            Borrar
          </button>
        </div>
      )}
      <AvisoAccion aviso={aviso} />
    </div>
  );
}
