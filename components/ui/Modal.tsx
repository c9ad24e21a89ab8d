"use client";

import { useEffect, useId, useRef } from "react";
import styles from "./ui.module.css";

/**
 * A modal dialog on the native <dialog> element: focus trap, Escape to close, a labelled title.
 * `onCerrar` is called only when the person closes it (Escape, a form with method="dialog"),
 * never when `abierto` turns false: the native close event of that programmatic close arrives a
 * task later, and would otherwise close whatever the caller opened next (a modal opened from
 * inside another one closed at once).
 */
export function Modal({
  abierto,
  titulo,
  onCerrar,
  children,
  acciones,
}: {
  abierto: boolean;
  titulo: string;
  onCerrar: () => void;
  children: React.ReactNode;
  acciones?: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const abiertoRef = useRef(abierto);
  useEffect(() => {
    abiertoRef.current = abierto;
    const dialog = ref.current;
    if (!dialog) return;
    if (abierto && !dialog.open) dialog.showModal();
    if (!abierto && dialog.open) dialog.close();
  }, [abierto]);
  const cerradoPorLaPersona = () => {
    if (abiertoRef.current) onCerrar();
  };
  return (
    <dialog
      ref={ref}
      className={styles.modal}
      aria-labelledby={id}
      onClose={cerradoPorLaPersona}
      onCancel={cerradoPorLaPersona}
    >
      {/* A closed dialog renders nothing inside: no hidden duplicate fields on the page. */}
      {abierto && (
        <>
          <h2 id={id} className={styles.modalTitle}>
            {titulo}
          </h2>
          <div className={styles.modalBody}>{children}</div>
          {acciones && <div className={styles.modalActions}>{acciones}</div>}
        </>
      )}
    </dialog>
  );
}
