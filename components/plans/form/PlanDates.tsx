"use client";

import { useId, useSyncExternalStore } from "react";
import { fechaVisible, minimoFecha, PASO_FECHA_S } from "@/lib/plans/formulario";
import styles from "./form.module.css";

const sinCambios = () => () => {};

function Selector({ etiqueta, valor, minimo, onCambio }: { etiqueta: string; valor: string; minimo: string; onCambio: (v: string) => void }) {
  const id = useId();
  const visible = fechaVisible(valor);
  return (
    <div className={styles.campo}>
      <label htmlFor={id} className={styles.etiqueta}>
        {etiqueta}
      </label>
      <input
        id={id}
        className={styles.input}
        type="datetime-local"
        step={PASO_FECHA_S}
        min={minimo}
        value={valor}
        aria-describedby={`${id}-elegida`}
        onChange={(e) => onCambio(e.target.value)}
      />
      <p id={`${id}-elegida`} className={styles.ayuda} aria-live="polite">
        {visible ? `Elegida: ${visible}` : "Sin elegir"}
      </p>
    </div>
  );
}

/**
 * Start and end of a plan (spec §2): pickers that offer no day before today, in 15-minute steps,
 * with the choice repeated as dd/MM/yyyy HH:mm. Times are Spain's (peninsular) wall clock.
 */
export function PlanDates({
  inicio,
  fin,
  onCambio,
  opcionales = false,
}: {
  inicio: string;
  fin: string;
  onCambio: (cambio: { fechaInicio?: string; fechaFin?: string }) => void;
  opcionales?: boolean;
}) {
  // Today is the browser's today: the server's render leaves the limit out.
  const minimo = useSyncExternalStore(sinCambios, () => minimoFecha(), () => "");
  const sufijo = opcionales ? " (opcional)" : "";
  return (
    <fieldset className={styles.grupo}>
      <legend className={styles.leyenda}>{opcionales ? "Fechas en las que está disponible" : "Fechas del plan"}</legend>
      <div className={styles.fila}>
        <Selector etiqueta={`Seleccionar fecha de inicio${sufijo}`} valor={inicio} minimo={minimo} onCambio={(fechaInicio) => onCambio({ fechaInicio })} />
        <Selector etiqueta={`Seleccionar fecha de fin${sufijo}`} valor={fin} minimo={inicio > minimo ? inicio : minimo} onCambio={(fechaFin) => onCambio({ fechaFin })} />
      </div>
    </fieldset>
  );
}
