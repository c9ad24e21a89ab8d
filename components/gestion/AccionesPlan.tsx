"use client";

import { useState } from "react";
import ui from "@/components/ui/ui.module.css";
import { AvisoAccion, FormMotivo, useAccion } from "./acciones";
import styles from "./gestion.module.css";

type Objetivo =
  { planId: string; titulo: string; visible: boolean; destacado?: boolean } | { reporteId: string; titulo: string };

/**
 * A moderator's actions on one plan of a list: hide it (a reason is required and goes to its
 * owner), publish it again, and dismiss its open reports. The answer shows beside the buttons
 * and the list is read again from the server.
 */
export function AccionesPlan({
  objetivo,
  descartar = false,
  destacar = false,
}: {
  objetivo: Objetivo;
  /** The plan has open reports. */
  descartar?: boolean;
  /** Offer featuring it for a week or a month (the advertised prices), or stopping it. */
  destacar?: boolean;
}) {
  const [ocultando, setOcultando] = useState(false);
  const { hacer, ocupado, aviso } = useAccion();
  const planId = "planId" in objetivo ? objetivo.planId : null;

  return (
    <div className={styles.acciones}>
      {ocultando && planId ? (
        <FormMotivo
          etiqueta="Motivo (lo recibirá el autor del plan)"
          boton="Ocultar el plan"
          ocupado={ocupado}
          onEnviar={(motivo) => hacer(`/api/gestion/planes/${planId}/ocultar`, { motivo }, () => setOcultando(false))}
          onCancelar={() => setOcultando(false)}
        />
      ) : (
        <div className={styles.botones}>
          {planId && "visible" in objetivo && objetivo.visible && (
            <button
              type="button"
              className={ui.buttonDanger}
              onClick={() => setOcultando(true)}
              aria-label={`Ocultar «${objetivo.titulo}»`}
            >
              Ocultar
            </button>
          )}
          {planId && "visible" in objetivo && !objetivo.visible && (
            <button
              type="button"
              className={ui.buttonOutline}
              disabled={ocupado}
              onClick={() => hacer(`/api/gestion/planes/${planId}/mostrar`, {})}
              aria-label={`Publicar de nuevo «${objetivo.titulo}»`}
            >
              Publicar de nuevo
            </button>
          )}
          {destacar && planId && "visible" in objetivo && objetivo.visible && (
            <>
              <button
                type="button"
                className={ui.buttonOutline}
                disabled={ocupado}
                onClick={() => hacer(`/api/gestion/planes/${planId}/destacar`, { periodo: "semana" })}
                aria-label={`Destacar 1 semana más «${objetivo.titulo}»`}
              >
                Destacar 1 semana
              </button>
              <button
                type="button"
                className={ui.buttonOutline}
                disabled={ocupado}
                onClick={() => hacer(`/api/gestion/planes/${planId}/destacar`, { periodo: "mes" })}
                aria-label={`Destacar 1 mes más «${objetivo.titulo}»`}
              >
                Destacar 1 mes
              </button>
              {objetivo.destacado && (
                <button
                  type="button"
                  className={ui.buttonGhost}
                  disabled={ocupado}
                  onClick={() => hacer(`/api/gestion/planes/${planId}/destacar`, { periodo: "quitar" })}
                  aria-label={`Quitar destacado de «${objetivo.titulo}»`}
                >
                  Quitar destacado
                </button>
              )}
            </>
          )}
          {descartar && (
            <button
              type="button"
              className={ui.buttonGhost}
              disabled={ocupado}
              onClick={() =>
                hacer(
                  "/api/gestion/reportes/descartar",
                  planId ? { planId } : { reporteId: "reporteId" in objetivo ? objetivo.reporteId : "" },
                )
              }
              aria-label={`Descartar reportes de «${objetivo.titulo}»`}
            >
              Descartar reportes
            </button>
          )}
        </div>
      )}
      <AvisoAccion aviso={aviso} />
    </div>
  );
}
