"use client";

import { useRef, useState } from "react";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { AreaTexto, Aviso, marcado, Pista } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { conDatos, mensajes } from "@/lib/messages";
import { DETALLE_MAX, MOTIVOS_REPORTE, type MotivoReporte } from "@/lib/reportes/motivos";
import styles from "./PlanDetail.module.css";

const ID_PISTA = "reporte-motivo-pista";

/**
 * 'Reportar mal uso' (spec §2): the confirmation, with the reason to choose (and, for "Otro", a
 * few words), then the report and the server's answer.
 */
export function ReportPlan({
  titulo,
  urlArchivo,
  urlPlan,
}: {
  titulo: string;
  urlArchivo: string | null;
  urlPlan: string;
}) {
  const [abierto, setAbierto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [motivo, setMotivo] = useState<MotivoReporte | null>(null);
  const [detalle, setDetalle] = useState("");
  const [pista, setPista] = useState<string>();
  const primero = useRef<HTMLInputElement>(null);

  function abrir() {
    setAviso({});
    setMotivo(null);
    setDetalle("");
    setPista(undefined);
    setAbierto(true);
  }

  async function reportar() {
    if (!motivo) {
      setPista(mensajes.reporteMotivoObligatorio);
      primero.current?.focus();
      return;
    }
    const palabras = motivo === "otro" ? detalle.trim() : "";
    setEnviando(true);
    const r = await llamar("POST", "/api/plan/reportar-plan", {
      titulo,
      urlArchivo,
      urlPlan,
      motivo,
      ...(palabras && { detalle: palabras }),
    });
    setEnviando(false);
    setAbierto(false);
    setAviso(r.ok ? { exito: r.data.mensaje } : { error: mensajeDe(r, mensajes.errorReportarPlan) });
  }

  return (
    <div className={styles.reportar}>
      <button type="button" className={ui.buttonDanger} onClick={abrir}>
        Reportar mal uso
      </button>
      <Aviso error={aviso.error} exito={aviso.exito} />
      <Modal
        abierto={abierto}
        titulo={mensajes.reportarPlanTitulo}
        onCerrar={() => setAbierto(false)}
        acciones={
          <>
            <button type="button" className={ui.buttonGhost} onClick={() => setAbierto(false)}>
              Cancelar
            </button>
            <button type="button" className="button" onClick={reportar} disabled={enviando}>
              Reportar
            </button>
          </>
        }
      >
        <p>{mensajes.reportarPlanConfirmacion}</p>
        <fieldset className={styles.motivosReporte} role="radiogroup" {...marcado(pista, ID_PISTA)}>
          <legend className={styles.motivosPregunta}>{mensajes.reporteMotivoPregunta}</legend>
          {Object.entries(MOTIVOS_REPORTE).map(([codigo, texto], i) => (
            <label key={codigo} className={styles.motivoReporte}>
              <input
                ref={i === 0 ? primero : undefined}
                type="radio"
                name="motivo"
                value={codigo}
                checked={motivo === codigo}
                onChange={() => {
                  setMotivo(codigo as MotivoReporte);
                  setPista(undefined);
                }}
              />
              <span>{texto}</span>
            </label>
          ))}
          <Pista id={ID_PISTA} texto={pista} />
        </fieldset>
        {motivo === "otro" && (
          <AreaTexto
            etiqueta={mensajes.reporteDetalleEtiqueta}
            ayuda={conDatos(mensajes.reporteDetalleAyuda, { max: String(DETALLE_MAX) })}
            rows={3}
            maxLength={DETALLE_MAX}
            value={detalle}
            onChange={(e) => setDetalle(e.target.value)}
          />
        )}
      </Modal>
    </div>
  );
}
