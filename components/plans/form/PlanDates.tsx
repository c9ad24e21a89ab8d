"use client";

import { useSyncExternalStore } from "react";
import { minimoFecha } from "@/lib/plans/formulario";
import { DateTimePicker } from "./DateTimePicker";
import styles from "./form.module.css";

const sinCambios = () => () => {};

/**
 * Start and end of a plan (spec §2): pickers that offer no day before today (and the end none
 * before the start), in 15-minute steps, shown as dd/MM/yyyy HH:mm. Times are Spain's
 * (peninsular) wall clock.
 */
export function PlanDates({
  inicio,
  fin,
  onCambio,
  opcionales = false,
  pistas = {},
}: {
  inicio: string;
  fin: string;
  onCambio: (cambio: { fechaInicio?: string; fechaFin?: string }) => void;
  opcionales?: boolean;
  pistas?: { inicio?: string; fin?: string };
}) {
  // Today is the browser's today: the server's render leaves the limit out.
  const minimo = useSyncExternalStore(sinCambios, () => minimoFecha(), () => "");
  const sufijo = opcionales ? " (opcional)" : "";
  return (
    <fieldset className={styles.grupo}>
      <legend className={styles.leyenda}>{opcionales ? "Fechas en las que está disponible" : "Fechas del plan"}</legend>
      <div className={styles.fila}>
        <DateTimePicker
          etiqueta={`Seleccionar fecha de inicio${sufijo}`}
          nombreCalendario="Calendario de la fecha de inicio"
          valor={inicio}
          minimo={minimo}
          pista={pistas.inicio}
          onCambio={(fechaInicio) => onCambio({ fechaInicio })}
        />
        <DateTimePicker
          etiqueta={`Seleccionar fecha de fin${sufijo}`}
          nombreCalendario="Calendario de la fecha de fin"
          valor={fin}
          minimo={inicio > minimo ? inicio : minimo}
          pista={pistas.fin}
          onCambio={(fechaFin) => onCambio({ fechaFin })}
        />
      </div>
    </fieldset>
  );
}
