"use client";

import { useEffect, useId, useRef } from "react";
import styles from "./ui.module.css";

/** A modal dialog on the native <dialog> element: focus trap, Escape to close, a labelled title. */
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
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (abierto && !dialog.open) dialog.showModal();
    if (!abierto && dialog.open) dialog.close();
  }, [abierto]);
  return (
    <dialog ref={ref} className={styles.modal} aria-labelledby={id} onClose={onCerrar} onCancel={onCerrar}>
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
