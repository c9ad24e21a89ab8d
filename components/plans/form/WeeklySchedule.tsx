"use client";

import { useId } from "react";
import { useIdioma } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { marcado, Pista, type MensajeCampo } from "@/components/ui/Field";
import { diaEtiqueta, indiceLunes, nombreDia, SEMANA } from "@/lib/dates";
import { HORAS_DEL_DIA } from "@/lib/plans/formulario";
import type { Horario } from "@/lib/plans/plan";
import styles from "./form.module.css";

/** The weekdays' letters of the page's language by diaSemana (0 Sunday), as calendars head their columns. */
export function useLetrasSemana(): readonly string[] {
  const p = usePalabras("formulario");
  return [p.letraDomingo, p.letraLunes, p.letraMartes, p.letraMiercoles, p.letraJueves, p.letraViernes, p.letraSabado];
}

/**
 * An hour as a list of the day's quarters, 24-hour in every browser (a native time input shows
 * the system's "07:30 PM"). A stored hour off the quarters stays offered as it is.
 */
export function SelectorHora({
  id,
  value,
  onChange,
  ...aria
}: {
  id: string;
  value: string;
  onChange: (hora: string) => void;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}) {
  const horas = value && !HORAS_DEL_DIA.includes(value) ? [value, ...HORAS_DEL_DIA].sort() : HORAS_DEL_DIA;
  return (
    <select id={id} className={styles.select} value={value} onChange={(e) => onChange(e.target.value)} {...aria}>
      <option value="">--:--</option>
      {horas.map((h) => (
        <option key={h} value={h}>
          {h}
        </option>
      ))}
    </select>
  );
}

/**
 * An experience's week (spec §2): a button per day, Monday first; each chosen day gets its start
 * and end hour, in 15-minute steps.
 */
export function WeeklySchedule({
  horarios,
  onChange,
  pistas = { porDia: {} },
}: {
  horarios: Horario[];
  onChange: (h: Horario[]) => void;
  /** The form rules' hints: no day chosen, and each chosen day's hours. */
  pistas?: { dias?: MensajeCampo; porDia: Record<number, MensajeCampo | undefined> };
}) {
  const id = useId();
  const idioma = useIdioma();
  const p = usePalabras("formulario");
  const letras = useLetrasSemana();
  const de = (dia: number) => horarios.find((h) => h.diaSemana === dia);
  const alternar = (dia: number) =>
    onChange(
      de(dia)
        ? horarios.filter((h) => h.diaSemana !== dia)
        : [...horarios, { diaSemana: dia, horaInicio: "", horaFin: "" }].sort(
            (a, b) => indiceLunes(a.diaSemana) - indiceLunes(b.diaSemana),
          ),
    );
  const cambiar = (dia: number, cambio: Partial<Horario>) =>
    onChange(horarios.map((h) => (h.diaSemana === dia ? { ...h, ...cambio } : h)));

  return (
    <fieldset className={styles.grupo}>
      <legend className={styles.leyenda}>{p.diasYHorarios}</legend>
      {/* A group of toggle buttons has no invalid state in ARIA: data-invalido lets the form focus it. */}
      <div
        className={styles.chips}
        role="group"
        aria-label={p.diasDeLaSemana}
        data-invalido={pistas.dias ? "" : undefined}
        aria-describedby={pistas.dias ? `${id}-dias-pista` : undefined}
      >
        {SEMANA.map((dia) => (
          <button
            key={dia}
            type="button"
            className={`${styles.chip} ${styles.dia}`}
            aria-pressed={Boolean(de(dia))}
            aria-label={diaEtiqueta(dia, idioma)}
            title={diaEtiqueta(dia, idioma)}
            onClick={() => alternar(dia)}
          >
            {letras[dia]}
          </button>
        ))}
      </div>
      <Pista id={`${id}-dias-pista`} texto={pistas.dias} className={styles.pista} />
      {horarios.length > 0 && (
        <ul className={styles.franjas}>
          {horarios.map((h) => (
            <li key={h.diaSemana} className={styles.franja} data-campo>
              <p className={styles.franjaDia} aria-hidden="true">
                {diaEtiqueta(h.diaSemana, idioma)}
              </p>
              <div>
                <label htmlFor={`${id}-${h.diaSemana}-inicio`}>
                  {p.horaInicio}
                  <span className="visually-hidden"> ({nombreDia(h.diaSemana, idioma)})</span>
                </label>
                <SelectorHora
                  id={`${id}-${h.diaSemana}-inicio`}
                  value={h.horaInicio}
                  {...marcado(pistas.porDia[h.diaSemana], `${id}-${h.diaSemana}-pista`)}
                  onChange={(horaInicio) => cambiar(h.diaSemana, { horaInicio })}
                />
              </div>
              <div>
                <label htmlFor={`${id}-${h.diaSemana}-fin`}>
                  {p.horaFin}
                  <span className="visually-hidden"> ({nombreDia(h.diaSemana, idioma)})</span>
                </label>
                <SelectorHora
                  id={`${id}-${h.diaSemana}-fin`}
                  value={h.horaFin}
                  {...marcado(pistas.porDia[h.diaSemana], `${id}-${h.diaSemana}-pista`)}
                  onChange={(horaFin) => cambiar(h.diaSemana, { horaFin })}
                />
              </div>
              <Pista
                id={`${id}-${h.diaSemana}-pista`}
                texto={pistas.porDia[h.diaSemana]}
                className={`${styles.pista} ${styles.franjaPista}`}
              />
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
