"use client";

import { useSyncExternalStore } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { minimoFecha } from "@/lib/plans/formulario";
import type { MensajeCampo } from "@/components/ui/Field";
import { DateTimePicker } from "./DateTimePicker";
import styles from "./form.module.css";

const sinCambios = () => () => {};

/** The earliest day a picker offers: today, the browser's (the server's render leaves the limit out). */
export function useMinimoFecha(): string {
  return useSyncExternalStore(
    sinCambios,
    () => minimoFecha(),
    () => "",
  );
}

/**
 * Start and end of a plan (spec §2): pickers that offer no day before today (and the end none
 * before the start), in 15-minute steps, shown as dd/MM/yyyy HH:mm. Times are Spain's
 * (peninsular) wall clock.
 */
export function PlanDates({
  inicio,
  fin,
  onChange,
  opcionales = false,
  pistas = {},
}: {
  inicio: string;
  fin: string;
  onChange: (cambio: { fechaInicio?: string; fechaFin?: string }) => void;
  opcionales?: boolean;
  pistas?: { inicio?: MensajeCampo; fin?: MensajeCampo };
}) {
  const minimo = useMinimoFecha();
  const p = usePalabras("formulario");
  return (
    <fieldset className={styles.grupo}>
      <legend className={styles.leyenda}>{opcionales ? p.fechasDisponible : p.fechasDelPlan}</legend>
      <div className={styles.fila}>
        <DateTimePicker
          etiqueta={opcionales ? p.seleccionarInicioOpcional : p.seleccionarInicio}
          nombreCalendario={p.calendarioInicio}
          value={inicio}
          minimo={minimo}
          pista={pistas.inicio}
          onChange={(fechaInicio) => onChange({ fechaInicio })}
        />
        <DateTimePicker
          etiqueta={opcionales ? p.seleccionarFinOpcional : p.seleccionarFin}
          nombreCalendario={p.calendarioFin}
          value={fin}
          minimo={inicio > minimo ? inicio : minimo}
          pista={pistas.fin}
          onChange={(fechaFin) => onChange({ fechaFin })}
        />
      </div>
    </fieldset>
  );
}
