"use client";

import ui from "@/components/ui/ui.module.css";
import { AvisoAccion, useAccion } from "./acciones";
import styles from "./gestion.module.css";

/** Verify an organization, or take the mark away: one click each, the answer beside the button. */
export function AccionesOrganizacion({
  organizacion,
}: {
  organizacion: { id: string; nombre: string; verificada: boolean };
}) {
  const { hacer, ocupado, aviso } = useAccion();
  const ruta = `/api/gestion/organizaciones/${organizacion.id}/verificar`;
  return (
    <div className={styles.acciones}>
      <div className={styles.botones}>
        {organizacion.verificada ? (
          <button
            type="button"
            className={ui.buttonOutline}
            disabled={ocupado}
            onClick={() => hacer(ruta, { verificada: false })}
            aria-label={`Quitar verificación de ${organizacion.nombre}`}
          >
            Quitar verificación
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={ocupado}
            onClick={() => hacer(ruta, { verificada: true })}
            aria-label={`Verificar ${organizacion.nombre}`}
          >
            Verificar
          </button>
        )}
      </div>
      <AvisoAccion aviso={aviso} />
    </div>
  );
}
