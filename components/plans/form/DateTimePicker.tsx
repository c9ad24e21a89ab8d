"use client";

import { useEffect, useId, useRef, useState } from "react";
import { DayPicker } from "react-day-picker";
import { ca } from "react-day-picker/locale/ca";
import { enGB } from "react-day-picker/locale/en-GB";
import { es } from "react-day-picker/locale/es";
import { eu } from "react-day-picker/locale/eu";
import { gl } from "react-day-picker/locale/gl";
import "react-day-picker/style.css";
import { useIdioma } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { Pista, marcado, type MensajeCampo } from "@/components/ui/Field";
import { fechaVisible, LUNES } from "@/lib/dates";
import type { Idioma } from "@/lib/idiomas";
import { diaVisible, HORAS_DEL_DIA, leerDiaEscrito, leerFechaEscrita, type ValorFecha } from "@/lib/plans/formulario";
import { useLetrasSemana } from "./WeeklySchedule";
import styles from "./form.module.css";

/** The calendar's month names and its buttons' labels in each language. */
const CALENDARIO = { es, ca, eu, gl, en: enGB } satisfies Record<Idioma, typeof es>;

/** What the reader says about minutes off the 15-minute steps; any other typed value it cannot read is not a date. */
const FUERA_DE_PASO = (leerFechaEscrita("01/01/2026 10:01") as { error: string }).error;

/** The hour a day chosen on the calendar gets until the person picks one. */
const HORA_INICIAL = "10:00";

const diaDe = (value: string) =>
  value ? new Date(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))) : undefined;
const dos = (n: number) => String(n).padStart(2, "0");
const valorDia = (dia: Date) => `${dia.getFullYear()}-${dos(dia.getMonth() + 1)}-${dos(dia.getDate())}`;
const valorDe = (dia: Date, hora: string) => `${valorDia(dia)}T${hora}`;

/**
 * A date and time as the spec shows it, dd/MM/yyyy HH:mm, in every browser: a text field a person
 * may type into, and a calendar (Monday first, no day before `minimo`) with an hour list in
 * 15-minute steps. It holds Madrid wall-clock values 'yyyy-MM-ddTHH:mm' ('' when unset), as the
 * form stores them; with `soloDia`, a day 'yyyy-MM-dd' written dd/MM/yyyy, and no hour.
 */
export function DateTimePicker({
  etiqueta,
  nombreCalendario,
  value,
  minimo,
  pista,
  soloDia = false,
  formatoOculto = false,
  onChange,
}: {
  etiqueta: React.ReactNode;
  /** The calendar button's name, told apart from the field's label. */
  nombreCalendario: string;
  value: string;
  /** The earliest day offered, 'yyyy-MM-ddT00:00' ('' before hydration: no limit yet). */
  minimo: string;
  /** The form rules' hint for this field. */
  pista?: MensajeCampo;
  soloDia?: boolean;
  /** A list of dates says the format once above its rows: each field keeps it for screen readers only. */
  formatoOculto?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const idioma = useIdioma();
  const p = usePalabras("formulario");
  const pistas = usePalabras("pistas");
  const letras = useLetrasSemana();
  const visible = soloDia ? diaVisible : fechaVisible;
  const [texto, setTexto] = useState(() => visible(value));
  // The value this field last showed: a change from outside (a calendar pick, a restored draft) rewrites the text.
  const [mostrado, setMostrado] = useState(value);
  // Whether the text is the person's typing (checked) or a value shown as it is (a stored plan may have started already).
  const [escrito, setEscrito] = useState(false);
  if (value !== mostrado) {
    setMostrado(value);
    setTexto(visible(value));
    setEscrito(false);
  }
  const [tocado, setTocado] = useState(false);
  const [abierto, setAbierto] = useState(false);
  // The hour follows the chosen value; before a day is chosen, the list keeps its own.
  const [horaSinDia, setHoraSinDia] = useState(HORA_INICIAL);
  const hora = value ? value.slice(11, 16) : horaSinDia;
  const caja = useRef<HTMLDivElement>(null);
  const boton = useRef<HTMLButtonElement>(null);
  const selectorHora = useRef<HTMLSelectElement>(null);

  const leer = soloDia ? leerDiaEscrito : leerFechaEscrita;
  const leido: ValorFecha = leer(texto);
  // A typed value that cannot be read says why once the person leaves the field (or submits), in the page's words.
  const porQue =
    "error" in leido
      ? soloDia
        ? p.diaFormato
        : leido.error === FUERA_DE_PASO
          ? pistas.fechaPaso
          : pistas.fechaFormato
      : "";
  const local = escrito && porQue && (tocado || pista) ? porQue : undefined;
  const aviso = local ?? pista;

  const poner = (nuevo: string) => {
    setMostrado(nuevo);
    if (nuevo !== value) onChange(nuevo);
  };

  const escribir = (t: string) => {
    setTexto(t);
    setEscrito(true);
    const l = leer(t);
    poner("valor" in l ? l.valor : "");
  };

  const elegir = (nuevo: string) => {
    setTexto(visible(nuevo));
    setEscrito(false);
    poner(nuevo);
  };

  const cerrar = () => {
    setAbierto(false);
    boton.current?.focus();
  };

  // A click or a focus outside the open calendar closes it, as any popover does.
  useEffect(() => {
    if (!abierto) return;
    const fuera = (e: Event) => {
      if (caja.current && !caja.current.contains(e.target as Node)) setAbierto(false);
    };
    document.addEventListener("pointerdown", fuera);
    document.addEventListener("focusin", fuera);
    return () => {
      document.removeEventListener("pointerdown", fuera);
      document.removeEventListener("focusin", fuera);
    };
  }, [abierto]);

  const elegido = diaDe(value);
  const primerDia = diaDe(minimo);
  return (
    <div className={styles.campo} data-campo ref={caja}>
      <label htmlFor={id} className={styles.etiqueta}>
        {etiqueta}
      </label>
      <div className={styles.fechaCaja}>
        <input
          id={id}
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={soloDia ? p.formatoDia : p.formatoFecha}
          value={texto}
          onChange={(e) => escribir(e.target.value)}
          onBlur={() => setTocado(true)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && e.altKey) {
              e.preventDefault();
              setAbierto(true);
            }
          }}
          {...marcado(aviso, `${id}-pista`, `${id}-formato`)}
        />
        <button
          ref={boton}
          type="button"
          className={styles.botonCalendario}
          aria-expanded={abierto}
          aria-controls={`${id}-calendario`}
          aria-label={nombreCalendario}
          onClick={() => setAbierto((a) => !a)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p id={`${id}-formato`} className={formatoOculto ? "visually-hidden" : styles.ayuda}>
        {soloDia ? p.ayudaDia : p.ayudaFecha}
      </p>
      <Pista id={`${id}-pista`} texto={aviso} className={styles.pista} />
      {abierto && (
        <div
          id={`${id}-calendario`}
          role="group"
          aria-label={nombreCalendario}
          className={styles.calendario}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              cerrar();
            }
          }}
        >
          <DayPicker
            mode="single"
            locale={CALENDARIO[idioma]}
            weekStartsOn={LUNES}
            autoFocus
            selected={elegido}
            defaultMonth={elegido ?? primerDia}
            startMonth={primerDia}
            disabled={primerDia ? { before: primerDia } : undefined}
            formatters={{ formatWeekdayName: (d) => letras[d.getDay()] }}
            onSelect={(dia) => {
              if (!dia) return;
              if (soloDia) {
                elegir(valorDia(dia));
                return cerrar();
              }
              elegir(valorDe(dia, hora));
              // Next comes the hour: the keyboard goes straight to it.
              selectorHora.current?.focus();
            }}
          />
          {!soloDia && (
            <div className={styles.calendarioPie}>
              <label className={styles.calendarioHora}>
                {p.hora}
                <select
                  ref={selectorHora}
                  className={styles.select}
                  value={hora}
                  onChange={(e) => {
                    if (elegido) elegir(valorDe(elegido, e.target.value));
                    else setHoraSinDia(e.target.value);
                  }}
                >
                  {HORAS_DEL_DIA.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" className="button" onClick={cerrar}>
                {p.listo}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
