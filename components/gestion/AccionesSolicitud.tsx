"use client";

import { useState } from "react";
import ui from "@/components/ui/ui.module.css";
import { AvisoAccion, FormMotivo, useAccion } from "./acciones";
import styles from "./gestion.module.css";
import { PERIODOS_DESTACADO, PRECIOS_DESTACADO, type PeriodoDestacado } from "@/lib/solicitudes/schemas";

const PERIODOS = Object.keys(PERIODOS_DESTACADO) as PeriodoDestacado[];

type Estado = "nueva" | "contactada" | "destacada" | "descartada";

/**
 * A moderator's actions on one featuring request: mark it contacted, feature its plan for the
 * week or the month agreed (the advertised prices), discard it with an optional note, and edit
 * its notes. Only the steps its estado allows are offered; the server checks them again.
 */
export function AccionesSolicitud({
  id,
  nombre,
  estado,
  conPlan,
  notas,
}: {
  id: string;
  nombre: string;
  estado: Estado;
  conPlan: boolean;
  notas: string;
}) {
  const [abierto, setAbierto] = useState<"descartar" | "notas" | null>(null);
  const { hacer, ocupado, aviso } = useAccion();
  const ruta = (accion: string) => `/api/gestion/solicitudes/${id}/${accion}`;
  const abierta = estado === "nueva" || estado === "contactada";

  return (
    <div className={styles.acciones}>
      {abierto === "descartar" ? (
        <FormMotivo
          etiqueta="Nota (opcional)"
          boton="Descartar la solicitud"
          opcional
          ocupado={ocupado}
          onEnviar={(motivo) => hacer(ruta("descartar"), { motivo }, () => setAbierto(null))}
          onCancelar={() => setAbierto(null)}
        />
      ) : abierto === "notas" ? (
        <FormMotivo
          etiqueta="Notas"
          boton="Guardar notas"
          inicial={notas}
          max={2000}
          filas={5}
          opcional
          peligro={false}
          ocupado={ocupado}
          onEnviar={(texto) => hacer(ruta("notas"), { notas: texto }, () => setAbierto(null))}
          onCancelar={() => setAbierto(null)}
        />
      ) : (
        <div className={styles.botones}>
          {estado === "nueva" && (
            <button
              type="button"
              className={ui.buttonOutline}
              disabled={ocupado}
              onClick={() => hacer(ruta("contactada"), {})}
              aria-label={`Marcar contactada la solicitud de ${nombre}`}
            >
              Marcar contactada
            </button>
          )}
          {abierta &&
            conPlan &&
            PERIODOS.map((periodo) => {
              const texto = `Destacar ${PERIODOS_DESTACADO[periodo]} (${PRECIOS_DESTACADO[periodo]})`;
              return (
                <button
                  key={periodo}
                  type="button"
                  className={ui.buttonOutline}
                  disabled={ocupado}
                  onClick={() => hacer(ruta("destacar"), { periodo })}
                  aria-label={`${texto} el plan de ${nombre}`}
                >
                  {texto}
                </button>
              );
            })}
          {abierta && (
            <button
              type="button"
              className={ui.buttonDanger}
              onClick={() => setAbierto("descartar")}
              aria-label={`Descartar la solicitud de ${nombre}`}
            >
              Descartar
            </button>
          )}
          <button
            type="button"
            className={ui.buttonGhost}
            onClick={() => setAbierto("notas")}
            aria-label={`Editar notas de la solicitud de ${nombre}`}
          >
            Editar notas
          </button>
        </div>
      )}
      <AvisoAccion aviso={aviso} />
    </div>
  );
}
