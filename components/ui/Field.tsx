"use client";

import Link from "next/link";
import { forwardRef, useId, useState } from "react";
import styles from "./ui.module.css";

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { etiqueta: string };

/** A labelled text input; password inputs get a show/hide toggle. */
export const Field = forwardRef<HTMLInputElement, InputProps>(function Field({ etiqueta, type = "text", ...props }, ref) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const esPassword = type === "password";
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {etiqueta}
      </label>
      <div className={styles.inputWrap}>
        <input id={id} ref={ref} className={styles.input} type={esPassword && visible ? "text" : type} {...props} />
        {esPassword && (
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={visible}
            aria-label={visible ? "Ocultar contraseña" : "Mostrar contraseña"}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? "Ocultar" : "Mostrar"}
          </button>
        )}
      </div>
    </div>
  );
});

/** The error (red) or success text of a form, announced to screen readers. */
export function Aviso({ error, exito }: { error?: string | null; exito?: string | null }) {
  if (error) {
    return (
      <p role="alert" className={styles.error}>
        {error}
      </p>
    );
  }
  if (exito) {
    return (
      <p role="status" className={styles.success}>
        {exito}
      </p>
    );
  }
  return null;
}

export function Spinner({ etiqueta = "Cargando…" }: { etiqueta?: string }) {
  return (
    <span className={styles.spinner} role="status">
      <span className="visually-hidden">{etiqueta}</span>
    </span>
  );
}

/** The privacy acceptance every form with personal data asks for, linking to the policy in a new tab. */
export const CasillaPrivacidad = forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement> & { className?: string }>(
  function CasillaPrivacidad({ className = styles.checkbox, ...props }, ref) {
    return (
      <label className={className}>
        <input type="checkbox" ref={ref} {...props} />
        <span>
          He leído y acepto la{" "}
          <Link href="/politica-privacidad" target="_blank">
            política de privacidad
            <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </Link>
        </span>
      </label>
    );
  },
);
