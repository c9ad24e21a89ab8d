"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { dejarAviso } from "@/components/ui/AvisoAlLlegar";
import ui from "@/components/ui/ui.module.css";
import styles from "./gestion.module.css";

/** How long after an action a row that leaves the list still hands its answer to the page. */
const ENTREGA_MS = 10_000;

/**
 * One back-office action at a time from a row: the call, the server's answer shown beside the
 * buttons, and the list read again from the server when it worked. When that reading takes the
 * row away (a hidden plan leaves the queue, a deleted card leaves the list), the answer goes on
 * to the page's own notice (AvisoAlLlegar), so it is never lost with the row.
 */
export function useAccion() {
  const router = useRouter();
  const { errorInesperado } = usePalabras("general");
  const [aviso, setAviso] = useState<{ ok: boolean; texto: string } | null>(null);
  const [ocupado, startTransition] = useTransition();
  const ultimo = useRef<{ texto: string; ruta: string; hasta: number } | null>(null);
  useEffect(
    () => () => {
      // Unmounted on the same page (not by going to another one): the list no longer has the row.
      const u = ultimo.current;
      if (u && Date.now() < u.hasta && window.location.pathname === u.ruta) dejarAviso(u.ruta, u.texto);
    },
    [],
  );
  const hacer = (ruta: string, cuerpo: unknown, alAcabar?: () => void, metodo: "POST" | "DELETE" = "POST") =>
    startTransition(async () => {
      const r = await llamar(metodo, ruta, cuerpo);
      const texto = mensajeDe(r, errorInesperado);
      // One transition for the answer and the list read again, so they show together: never
      // "paused" beside a row that still says it is shown.
      startTransition(() => {
        setAviso({ ok: r.ok, texto });
        if (r.ok) {
          ultimo.current = { texto, ruta: window.location.pathname, hasta: Date.now() + ENTREGA_MS };
          alAcabar?.();
          router.refresh();
        }
      });
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

/**
 * A text typed before an action: the reason it needs (hide a plan, suspend an account), an
 * optional note (`opcional`: discard a request, delete a sponsor card), or a text edited in
 * place (`inicial`: a request's notes, saved with a plain button instead of a red one).
 */
export function FormMotivo({
  etiqueta,
  boton,
  ocupado,
  onEnviar,
  onCancelar,
  opcional = false,
  inicial = "",
  max = 500,
  filas = 3,
  peligro = true,
}: {
  etiqueta: string;
  boton: string;
  ocupado: boolean;
  onEnviar: (motivo: string) => void;
  onCancelar: () => void;
  opcional?: boolean;
  inicial?: string;
  max?: number;
  filas?: number;
  /** The action removes or hides something: a red button. */
  peligro?: boolean;
}) {
  const id = useId();
  const [motivo, setMotivo] = useState(inicial);
  return (
    <form
      className={styles.formMotivo}
      onSubmit={(e) => {
        e.preventDefault();
        onEnviar(motivo);
      }}
    >
      <label htmlFor={`${id}-motivo`}>{etiqueta}</label>
      <textarea
        id={`${id}-motivo`}
        className={ui.input}
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
        maxLength={max}
        rows={filas}
        required={!opcional}
        autoFocus
      />
      <div className={styles.botones}>
        <button type="submit" className={peligro ? ui.buttonDangerSolid : "button"} disabled={ocupado}>
          {boton}
        </button>
        <button type="button" className={ui.buttonGhost} onClick={onCancelar}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
