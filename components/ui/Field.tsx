"use client";

import Link from "@/components/idioma/Enlace";
import { forwardRef, useId, useState } from "react";
import styles from "./ui.module.css";

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { etiqueta: string; pista?: string };

/**
 * What a failing field says: its short hint, or, for the form's first failing rule, the form's
 * message said at the field itself and announced (`alerta`): one message per cause.
 */
export type MensajeCampo = string | { texto: string; alerta: true };

const textoDe = (m: MensajeCampo | undefined) => (typeof m === "string" ? m : m?.texto);

/** A failing field's own message, right below it (its id goes in the field's aria-describedby). */
export function Pista({
  id,
  texto,
  className = styles.pista,
}: {
  id: string;
  texto?: MensajeCampo;
  className?: string;
}) {
  const t = textoDe(texto);
  if (!t) return null;
  return (
    <p id={id} className={className} role={typeof texto === "object" ? "alert" : undefined}>
      {t}
    </p>
  );
}

/** The ARIA of a field that may fail: invalid while it has a message, described by it (and its other help). */
export function marcado(pista: MensajeCampo | undefined, idPista: string, ...otros: (string | undefined)[]) {
  const describe = [...otros, pista ? idPista : undefined].filter(Boolean).join(" ");
  return { "aria-invalid": pista ? (true as const) : undefined, "aria-describedby": describe || undefined };
}

/** A labelled text input; password inputs get a show/hide toggle. A hint marks it as failing. */
export const Field = forwardRef<HTMLInputElement, InputProps>(function Field(
  { etiqueta, pista, type = "text", ...props },
  ref,
) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const esPassword = type === "password";
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {etiqueta}
      </label>
      <div className={styles.inputWrap}>
        <input
          id={id}
          ref={ref}
          className={styles.input}
          type={esPassword && visible ? "text" : type}
          {...props}
          {...marcado(pista, `${id}-pista`, props["aria-describedby"])}
          aria-invalid={pista ? true : props["aria-invalid"]}
        />
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
      <Pista id={`${id}-pista`} texto={pista} />
    </div>
  );
});

type AreaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & {
  etiqueta: string;
  ayuda?: string;
  pista?: string;
};

/** A labelled multi-line text field in the look of Field, with an optional help line below it. */
export const AreaTexto = forwardRef<HTMLTextAreaElement, AreaProps>(function AreaTexto(
  { etiqueta, ayuda, pista, ...props },
  ref,
) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {etiqueta}
      </label>
      <textarea
        id={id}
        ref={ref}
        className={`${styles.input} ${styles.area}`}
        {...props}
        {...marcado(pista, `${id}-pista`, ayuda ? `${id}-ayuda` : undefined)}
      />
      {ayuda && (
        <p id={`${id}-ayuda`} className={styles.ayuda}>
          {ayuda}
        </p>
      )}
      <Pista id={`${id}-pista`} texto={pista} />
    </div>
  );
});

/** The error (red) or success text of a form, announced to screen readers. */
export function Aviso({ error, exito, id }: { error?: string | null; exito?: string | null; id?: string }) {
  if (error) {
    return (
      <p role="alert" id={id} className={styles.error}>
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
export const CasillaPrivacidad = forwardRef<
  HTMLInputElement,
  React.InputHTMLAttributes<HTMLInputElement> & { className?: string; pista?: MensajeCampo }
>(function CasillaPrivacidad({ className = styles.checkbox, pista, ...props }, ref) {
  const id = useId();
  return (
    <div data-campo>
      <label className={className}>
        <input type="checkbox" ref={ref} {...props} {...marcado(pista, `${id}-pista`)} />
        <span>
          He leído y acepto la{" "}
          <Link href="/politica-privacidad" target="_blank">
            política de privacidad
            <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </Link>
        </span>
      </label>
      <Pista id={`${id}-pista`} texto={pista} />
    </div>
  );
});
