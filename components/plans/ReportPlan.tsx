"use client";

import { useRef, useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { AreaTexto, Aviso, marcado, Pista } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import type { Catalogo } from "@/lib/catalogo";
import { conDatos } from "@/lib/con-datos";
import { CODIGOS_MOTIVO, DETALLE_MAX, type MotivoReporte } from "@/lib/reportes/motivos";
import styles from "./PlanDetail.module.css";

const ID_PISTA = "reporte-motivo-pista";

/** Each reason's words in the page's catalogue (the API takes and stores the code). */
const MOTIVO: Record<MotivoReporte, keyof Catalogo["planes"]> = {
  falsa: "reporteMotivoFalsa",
  inapropiado: "reporteMotivoInapropiado",
  spam: "reporteMotivoSpam",
  caducado: "reporteMotivoCaducado",
  otro: "reporteMotivoOtro",
};

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
  const p = usePalabras("plan");
  const planes = usePalabras("planes");
  const cuenta = usePalabras("cuenta");
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
      setPista(planes.reporteMotivoObligatorio);
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
    // The API's thanks is Spanish (its contract): the page says it in its own language.
    setAviso(r.ok ? { exito: cuenta.reporteEnviado } : { error: mensajeDe(r, planes.errorReportarPlan) });
  }

  return (
    <div className={styles.reportar}>
      <button type="button" className={ui.buttonDanger} onClick={abrir}>
        {p.reportarMalUso}
      </button>
      <Aviso error={aviso.error} exito={aviso.exito} />
      <Modal
        abierto={abierto}
        titulo={planes.reportarPlanTitulo}
        onCerrar={() => setAbierto(false)}
        acciones={
          <>
            <button type="button" className={ui.buttonGhost} onClick={() => setAbierto(false)}>
              {p.cancelar}
            </button>
            <button type="button" className="button" onClick={reportar} disabled={enviando}>
              {p.reportar}
            </button>
          </>
        }
      >
        <p>{planes.reportarPlanConfirmacion}</p>
        <fieldset className={styles.motivosReporte} role="radiogroup" {...marcado(pista, ID_PISTA)}>
          <legend className={styles.motivosPregunta}>{planes.reporteMotivoPregunta}</legend>
          {CODIGOS_MOTIVO.map((codigo, i) => (
            <label key={codigo} className={styles.motivoReporte}>
              <input
                ref={i === 0 ? primero : undefined}
                type="radio"
                name="motivo"
                value={codigo}
                checked={motivo === codigo}
                onChange={() => {
                  setMotivo(codigo);
                  setPista(undefined);
                }}
              />
              <span>{planes[MOTIVO[codigo]]}</span>
            </label>
          ))}
          <Pista id={ID_PISTA} texto={pista} />
        </fieldset>
        {motivo === "otro" && (
          <AreaTexto
            etiqueta={planes.reporteDetalleEtiqueta}
            ayuda={conDatos(planes.reporteDetalleAyuda, { max: String(DETALLE_MAX) })}
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
