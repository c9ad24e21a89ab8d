"use client";

import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { createContext, forwardRef, Fragment, useContext, useId, useState } from "react";
import styles from "./ui.module.css";

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { etiqueta: string; pista?: string };

/**
 * What a failing field says: its short hint, or, for the form's first failing rule, the form's
 * message said at the field itself and announced (`alerta`): one message per cause.
 */
export type MensajeCampo = string | { texto: string; alerta: true };

const textoDe = (m: MensajeCampo | undefined) => (typeof m === "string" ? m : m?.texto);

/**
 * A form's messages come from the rules (lib) and the API, in Spanish: a page that gives them in its
 * language wraps its form in errores-campos' MensajesEnIdioma. Elsewhere they are shown as they are.
 */
const Traduccion = createContext<(texto: string) => string>((texto) => texto);
export const ProveedorTraduccion = Traduccion.Provider;
/** A Spanish message of the rules or the API in the page's language, when the page gives it. */
export const useTraduccion = () => useContext(Traduccion);

/** A message whose `{placeholders}` are elements (a link inside a sentence), as its pieces in order. */
export function conElementos(plantilla: string, elementos: Record<string, React.ReactNode>): React.ReactNode[] {
  return plantilla
    .split(/\{(\w+)\}/)
    .map((trozo, i) => (i % 2 ? <Fragment key={i}>{elementos[trozo] ?? `{${trozo}}`}</Fragment> : trozo));
}

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
  const traducir = useTraduccion();
  const t = textoDe(texto);
  if (!t) return null;
  return (
    <p id={id} className={className} role={typeof texto === "object" ? "alert" : undefined}>
      {traducir(t)}
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
        {esPassword && <VerPassword visible={visible} onCambiar={() => setVisible((v) => !v)} />}
      </div>
      <Pista id={`${id}-pista`} texto={pista} />
    </div>
  );
});

/** The show/hide toggle of a password: its own component, so only pages with passwords need its words. */
function VerPassword({ visible, onCambiar }: { visible: boolean; onCambiar: () => void }) {
  const p = usePalabras("general");
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={visible}
      aria-label={visible ? p.ocultarContrasena : p.mostrarContrasena}
      onClick={onCambiar}
    >
      {visible ? p.ocultar : p.mostrar}
    </button>
  );
}

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
  const traducir = useTraduccion();
  if (error) {
    return (
      <p role="alert" id={id} className={styles.error}>
        {traducir(error)}
      </p>
    );
  }
  if (exito) {
    return (
      <p role="status" className={styles.success}>
        {traducir(exito)}
      </p>
    );
  }
  return null;
}

/** What is being waited for, said to screen readers (each caller names it in the page's language). */
export function Spinner({ etiqueta }: { etiqueta: string }) {
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
  const p = usePalabras("general");
  return (
    <div data-campo>
      <label className={className}>
        <input type="checkbox" ref={ref} {...props} {...marcado(pista, `${id}-pista`)} />
        <span>
          {conElementos(p.aceptoPrivacidad, {
            politica: (
              <Link href="/politica-privacidad" target="_blank">
                {p.politicaPrivacidad}
                <span className="visually-hidden">{` ${p.nuevaPestana}`}</span>
              </Link>
            ),
          })}
        </span>
      </label>
      <Pista id={`${id}-pista`} texto={pista} />
    </div>
  );
});
