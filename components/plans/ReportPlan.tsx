"use client";

import { useState } from "react";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { Aviso } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { mensajes } from "@/lib/messages";
import styles from "./PlanDetail.module.css";

/** 'Reportar mal uso' (spec §2): a confirmation, then the report and the server's answer. */
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

  async function reportar() {
    setEnviando(true);
    const r = await llamar("POST", "/api/plan/reportar-plan", { titulo, urlArchivo, urlPlan });
    setEnviando(false);
    setAbierto(false);
    setAviso(r.ok ? { exito: r.data.mensaje } : { error: mensajeDe(r, mensajes.errorReportarPlan) });
  }

  return (
    <div className={styles.reportar}>
      <button
        type="button"
        className={ui.buttonDanger}
        onClick={() => {
          setAviso({});
          setAbierto(true);
        }}
      >
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
      </Modal>
    </div>
  );
}
