"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { llamar, mensajeDe } from "@/components/account/api";
import ui from "@/components/ui/ui.module.css";
import styles from "./gestion.module.css";

/**
 * One back-office action at a time from a row: the call, the server's answer shown beside the
 * buttons, and the list read again from the server when it worked.
 */
export function useAccion() {
  const router = useRouter();
  const [aviso, setAviso] = useState<{ ok: boolean; texto: string } | null>(null);
  const [ocupado, startTransition] = useTransition();
  const hacer = (ruta: string, cuerpo: unknown, alAcabar?: () => void) =>
    startTransition(async () => {
      const r = await llamar("POST", ruta, cuerpo);
      setAviso({ ok: r.ok, texto: mensajeDe(r) });
      if (r.ok) {
        alAcabar?.();
        router.refresh();
      }
    });
  return { hacer, ocupado, aviso };
}

/** The server's answer to the row's last action (an empty live region until there is one). */
export function AvisoAccion({ aviso }: { aviso: { ok: boolean; texto: string } | null }) {
  return (
    <p role="status" className={aviso ? (aviso.ok ? ui.success : ui.error) : styles.vacio}>
      {aviso?.texto}
    </p>
  );
}

/** An action that needs a reason typed first (hide a plan, suspend an account), or offers a note (`opcional`: discard a request). */
export function FormMotivo({
  etiqueta,
  boton,
  ocupado,
  onEnviar,
  onCancelar,
  opcional = false,
}: {
  etiqueta: string;
  boton: string;
  ocupado: boolean;
  onEnviar: (motivo: string) => void;
  onCancelar: () => void;
  opcional?: boolean;
}) {
  const id = useId();
  const [motivo, setMotivo] = useState("");
  return (
    <form
      className={styles.formMotivo}
      onSubmit={(e) => {
        e.preventDefault();
        onEnviar(motivo);
      }}
    >
      <label htmlFor={`${id}-motivo`}>{etiqueta}</label>
      <textarea id={`${id}-motivo`} className={ui.input} value={motivo} onChange={(e) => setMotivo(e.target.value)} maxLength={500} rows={3} required={!opcional} autoFocus />
      <div className={styles.botones}>
        <button type="submit" className={ui.buttonDangerSolid} disabled={ocupado}>
          {boton}
        </button>
        <button type="button" className={ui.buttonGhost} onClick={onCancelar}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
