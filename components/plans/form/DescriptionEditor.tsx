"use client";

import { useId, useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { Markdown } from "@/components/plans/Markdown";
import { DESCRIPCION_MAX } from "@/lib/plans/input";
import styles from "./form.module.css";

/** The description in markdown (spec §2), with a preview tab that renders it as the plan page will. */
export function DescriptionEditor({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  const p = usePalabras("formulario");
  const [vista, setVista] = useState(false);
  const pestana = (activa: boolean, texto: string, onClick: () => void, panel: string) => (
    <button
      type="button"
      role="tab"
      id={`${panel}-tab`}
      aria-selected={activa}
      aria-controls={panel}
      tabIndex={activa ? 0 : -1}
      className={styles.pestana}
      onClick={onClick}
    >
      {texto}
    </button>
  );
  // Arrow keys move between the two tabs (WAI-ARIA tabs pattern).
  const teclas = (e: React.KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    setVista((v) => !v);
    const destino = document.getElementById(`${vista ? `${id}-escribir` : `${id}-vista`}-tab`);
    destino?.focus();
  };
  return (
    <div className={styles.campo}>
      <label htmlFor={`${id}-texto`} className={styles.etiqueta}>
        {p.descripcion}
      </label>
      <div role="tablist" aria-label={p.pestanasDescripcion} className={styles.pestanas} onKeyDown={teclas}>
        {pestana(!vista, p.escribir, () => setVista(false), `${id}-escribir`)}
        {pestana(vista, p.vistaPrevia, () => setVista(true), `${id}-vista`)}
      </div>
      <div id={`${id}-escribir`} role="tabpanel" aria-labelledby={`${id}-escribir-tab`} hidden={vista}>
        <textarea
          id={`${id}-texto`}
          className={styles.textarea}
          value={value}
          maxLength={DESCRIPCION_MAX}
          aria-describedby={`${id}-ayuda`}
          onChange={(e) => onChange(e.target.value)}
        />
        <p id={`${id}-ayuda`} className={styles.ayuda}>
          {p.ayudaDescripcion}
        </p>
      </div>
      <div
        id={`${id}-vista`}
        role="tabpanel"
        aria-labelledby={`${id}-vista-tab`}
        hidden={!vista}
        tabIndex={0}
        className={styles.vistaPrevia}
      >
        {vista && (value.trim() ? <Markdown texto={value} nivelTitulos={3} /> : <p>{p.sinDescripcion}</p>)}
      </div>
    </div>
  );
}
