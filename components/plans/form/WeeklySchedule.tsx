"use client";

import { useId } from "react";
import { DIAS_SEMANA } from "@/lib/plans/format";
import { PASO_FECHA_S, type Horario } from "@/lib/plans/formulario";
import styles from "./form.module.css";

/** Monday first (spec §2), by diaSemana (0 Sunday … 6 Saturday); Wednesday is 'X' in Spain. */
const DIAS: { dia: number; letra: string }[] = [
  { dia: 1, letra: "L" },
  { dia: 2, letra: "M" },
  { dia: 3, letra: "X" },
  { dia: 4, letra: "J" },
  { dia: 5, letra: "V" },
  { dia: 6, letra: "S" },
  { dia: 0, letra: "D" },
];
const ORDEN = DIAS.map((d) => d.dia);

/**
 * An experience's week (spec §2): a button per day, Monday first; each chosen day gets its start
 * and end hour, in 15-minute steps.
 */
export function WeeklySchedule({ horarios, onCambio }: { horarios: Horario[]; onCambio: (h: Horario[]) => void }) {
  const id = useId();
  const de = (dia: number) => horarios.find((h) => h.diaSemana === dia);
  const alternar = (dia: number) =>
    onCambio(
      de(dia)
        ? horarios.filter((h) => h.diaSemana !== dia)
        : [...horarios, { diaSemana: dia, horaInicio: "", horaFin: "" }].sort((a, b) => ORDEN.indexOf(a.diaSemana) - ORDEN.indexOf(b.diaSemana)),
    );
  const cambiar = (dia: number, cambio: Partial<Horario>) => onCambio(horarios.map((h) => (h.diaSemana === dia ? { ...h, ...cambio } : h)));

  return (
    <fieldset className={styles.grupo}>
      <legend className={styles.leyenda}>Días y horarios disponibles</legend>
      <div className={styles.chips}>
        {DIAS.map(({ dia, letra }) => (
          <button key={dia} type="button" className={styles.dia} aria-pressed={Boolean(de(dia))} aria-label={DIAS_SEMANA[dia]} title={DIAS_SEMANA[dia]} onClick={() => alternar(dia)}>
            {letra}
          </button>
        ))}
      </div>
      {horarios.length > 0 && (
        <ul className={styles.franjas}>
          {horarios.map((h) => (
            <li key={h.diaSemana} className={styles.franja}>
              <p className={styles.franjaDia} aria-hidden="true">
                {DIAS_SEMANA[h.diaSemana]}
              </p>
              <div>
                <label htmlFor={`${id}-${h.diaSemana}-inicio`}>
                  Hora de inicio
                  <span className="visually-hidden"> ({DIAS_SEMANA[h.diaSemana]})</span>
                </label>
                <input
                  id={`${id}-${h.diaSemana}-inicio`}
                  className={styles.input}
                  type="time"
                  step={PASO_FECHA_S}
                  value={h.horaInicio}
                  onChange={(e) => cambiar(h.diaSemana, { horaInicio: e.target.value })}
                />
              </div>
              <div>
                <label htmlFor={`${id}-${h.diaSemana}-fin`}>
                  Hora de fin
                  <span className="visually-hidden"> ({DIAS_SEMANA[h.diaSemana]})</span>
                </label>
                <input
                  id={`${id}-${h.diaSemana}-fin`}
                  className={styles.input}
                  type="time"
                  step={PASO_FECHA_S}
                  value={h.horaFin}
                  onChange={(e) => cambiar(h.diaSemana, { horaFin: e.target.value })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
