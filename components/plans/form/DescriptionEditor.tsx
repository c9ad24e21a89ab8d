"use client";

import { useId, useState } from "react";
import { Markdown } from "@/components/plans/Markdown";
import { DESCRIPCION_MAX } from "@/lib/plans/input";
import styles from "./form.module.css";

/** The description in markdown (spec §2), with a preview tab that renders it as the plan page will. */
export function DescriptionEditor({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
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
        Descripción
      </label>
      <div role="tablist" aria-label="Escribir o ver la descripción" className={styles.pestanas} onKeyDown={teclas}>
        {pestana(!vista, "Escribir", () => setVista(false), `${id}-escribir`)}
        {pestana(vista, "Vista previa", () => setVista(true), `${id}-vista`)}
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
          Puedes dar formato: **negrita**, *cursiva*, listas con «-» y enlaces [texto](https://…).
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
        {vista && (value.trim() ? <Markdown texto={value} nivelTitulos={3} /> : <p>Aún no has escrito nada.</p>)}
      </div>
    </div>
  );
}
