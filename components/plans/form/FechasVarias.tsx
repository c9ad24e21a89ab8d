"use client";

import { useId, useState } from "react";
import { useIdioma } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { marcado, Pista, type MensajeCampo } from "@/components/ui/Field";
import ui from "@/components/ui/ui.module.css";
import type { Catalogo } from "@/lib/catalogo";
import { fechaLarga, instanteDeLocal, instanteEnMadrid } from "@/lib/dates";
import { conDatos } from "@/lib/con-datos";
import { DIRECCION_FECHA_MAX, TITULO_FECHA_MAX } from "@/lib/plans/fechas";
import {
  diaDeValor,
  diaSiguiente,
  diasDelPrograma,
  diaYHora,
  duplicarFecha,
  type FechaCampo,
  fechaVacia,
  type FormaFechas,
  horaSiguiente,
  moverFecha,
  repetirFechas,
} from "@/lib/plans/formulario-fechas";
import { DateTimePicker } from "./DateTimePicker";
import { type AlLeerPrograma, LeerPrograma } from "./LeerPrograma";
import { PlanDates, useMinimoFecha } from "./PlanDates";
import { SelectorHora } from "./WeeklySchedule";
import styles from "./form.module.css";

export interface CambioFechas {
  formaFechas?: FormaFechas;
  fechas?: FechaCampo[];
  fechaInicio?: string;
  fechaFin?: string;
}

type PistaDe = (campo: string) => MensajeCampo | undefined;

const formas = (m: Catalogo["formulario"]): { forma: FormaFechas; titulo: string; texto: string }[] => [
  { forma: "una", titulo: m.formaUna, texto: m.formaUnaTexto },
  { forma: "varias", titulo: m.formaVarias, texto: m.formaVariasTexto },
  { forma: "programa", titulo: m.formaPrograma, texto: m.formaProgramaTexto },
];

/**
 * An evento's dates, in the wizard and on the edit page: "Una fecha" (its start and end, as it has
 * always been), "Varias fechas" (a list of dates with their hours) or "Programa" (acts grouped by
 * day). The last two are one list of dates; going from one shape to another keeps what was written.
 */
export function FechasEvento({
  forma,
  fechas,
  inicio,
  fin,
  onChange,
  pistas,
  pistaDe,
  alLeer,
}: {
  forma: FormaFechas;
  fechas: FechaCampo[];
  inicio: string;
  fin: string;
  onChange: (cambio: CambioFechas) => void;
  pistas: { inicio?: MensajeCampo; fin?: MensajeCampo };
  pistaDe: PistaDe;
  /** The title a programme's reading proposes. */
  /** What the programme's reading proposes besides its acts (LeerPrograma.tsx). */
  alLeer: AlLeerPrograma;
}) {
  const nombre = useId();
  const m = usePalabras("formulario");
  const elegir = (nueva: FormaFechas) => {
    if (nueva === "una") {
      // "Una fecha" shows the list's first date, not the span of all of them.
      const primera = fechas.find((f) => instanteDeLocal(f.inicio));
      return onChange(
        primera ? { formaFechas: nueva, fechaInicio: primera.inicio, fechaFin: primera.fin } : { formaFechas: nueva },
      );
    }
    // The list starts from the date written so far.
    const semilla = fechas.length > 0 ? fechas : [fechaVacia(inicio, nueva === "programa" ? "" : fin)];
    onChange({ formaFechas: nueva, fechas: semilla });
  };
  return (
    <>
      <fieldset className={styles.grupo}>
        <legend className={styles.leyenda}>{m.cuando}</legend>
        <div className={`${styles.opciones} ${styles.opcionesFechas}`}>
          {formas(m).map((o) => (
            <label key={o.forma} className={`${styles.opcion} ${styles.opcionFechas}`}>
              <input
                type="radio"
                name={nombre}
                value={o.forma}
                checked={forma === o.forma}
                onChange={() => elegir(o.forma)}
              />
              <span className={styles.opcionTitulo}>{o.titulo}</span>
              <span className={styles.opcionTexto}>{o.texto}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {forma === "una" && (
        <PlanDates
          inicio={inicio}
          fin={fin}
          pistas={pistas}
          onChange={(c) => onChange({ fechaInicio: c.fechaInicio, fechaFin: c.fechaFin })}
        />
      )}
      {forma === "varias" && (
        <FechasVarias fechas={fechas} onChange={(f) => onChange({ fechas: f })} pistaDe={pistaDe} />
      )}
      {forma === "programa" && (
        <ProgramaFechas fechas={fechas} onChange={(f) => onChange({ fechas: f })} pistaDe={pistaDe} alLeer={alLeer} />
      )}
    </>
  );
}

/** The list's own message (no date at all, too many): above its rows. */
function PistaLista({ id, pista }: { id: string; pista?: MensajeCampo }) {
  return <Pista id={id} texto={pista} className={styles.pista} />;
}

/**
 * "Varias fechas": each date with its start and optional end, and what saves typing: a copy a
 * week later ('Duplicar') and the whole list again every week up to a day.
 */
export function FechasVarias({
  fechas,
  onChange,
  pistaDe,
}: {
  fechas: FechaCampo[];
  onChange: (fechas: FechaCampo[]) => void;
  pistaDe: PistaDe;
}) {
  const id = useId();
  const idioma = useIdioma();
  const m = usePalabras("formulario");
  const minimo = useMinimoFecha();
  const cambiar = (i: number, cambio: Partial<FechaCampo>) =>
    onChange(fechas.map((f, k) => (k === i ? { ...f, ...cambio } : f)));
  return (
    <fieldset className={styles.grupo}>
      <legend className="visually-hidden">{m.formaVarias}</legend>
      <p className={styles.ayuda}>{m.formatoFechas}</p>
      <PistaLista id={`${id}-pista`} pista={pistaDe("fechas")} />
      {/* Each date is a group named by its number ("Fecha 2"): a list's items cannot be groups. */}
      <div className={styles.fechas}>
        {fechas.map((f, i) => {
          const pista = pistaDe(`fecha-${i}`);
          const n = String(i + 1);
          const fechaN = conDatos(m.fechaN, { n }).toLowerCase();
          return (
            <div
              key={f.clave}
              className={styles.fecha}
              data-campo
              role="group"
              aria-labelledby={`${id}-${i}`}
              data-invalido={pista ? "" : undefined}
              aria-describedby={pista ? `${id}-${i}-pista` : undefined}
            >
              <p className={styles.fechaNumero}>
                <span id={`${id}-${i}`}>{conDatos(m.fechaN, { n })}</span>
                {/* The weekday written out: the person sees at once if the day is the one they meant. */}
                {instanteDeLocal(f.inicio) && (
                  <span className={styles.fechaDia}> · {fechaLarga(instanteDeLocal(f.inicio)!, idioma)}</span>
                )}
              </p>
              <div className={styles.fila}>
                <DateTimePicker
                  etiqueta={
                    <>
                      {m.inicio}
                      <span className="visually-hidden">, {fechaN}</span>
                    </>
                  }
                  nombreCalendario={conDatos(m.calendarioDe, { campo: `${m.inicio.toLowerCase()}, ${fechaN}` })}
                  value={f.inicio}
                  minimo={minimo}
                  formatoOculto
                  onChange={(inicio) => cambiar(i, { inicio })}
                />
                <DateTimePicker
                  etiqueta={
                    <>
                      {m.fin}
                      <span className="visually-hidden">, {fechaN}</span>
                    </>
                  }
                  nombreCalendario={conDatos(m.calendarioDe, { campo: `${m.fin.toLowerCase()}, ${fechaN}` })}
                  value={f.fin}
                  minimo={f.inicio > minimo ? f.inicio : minimo}
                  formatoOculto
                  onChange={(fin) => cambiar(i, { fin })}
                />
              </div>
              <Pista id={`${id}-${i}-pista`} texto={pista} className={styles.pista} />
              <div className={styles.fechaBotones}>
                <button
                  type="button"
                  className={ui.buttonGhost}
                  onClick={() => onChange([...fechas.slice(0, i + 1), duplicarFecha(f), ...fechas.slice(i + 1)])}
                >
                  {/* Seen: "Duplicar +1 semana"; heard: which date, and where the copy goes. */}
                  <span aria-hidden="true">{`${m.duplicar} ${m.duplicarCorto}`}</span>
                  <span className="visually-hidden">{`${m.duplicar} ${conDatos(m.duplicarAyuda, { n })}`}</span>
                </button>
                <button
                  type="button"
                  className={ui.buttonDanger}
                  aria-label={conDatos(m.quitarFechaN, { n })}
                  onClick={() => onChange(fechas.filter((_, k) => k !== i))}
                >
                  {m.quitar}
                </button>
              </div>
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className={`${ui.buttonGhost} ${styles.anadir}`}
        onClick={() => onChange([...fechas, fechaVacia()])}
      >
        + {m.anadirFecha}
      </button>
      <RepetirCadaSemana fechas={fechas} onChange={onChange} />
    </fieldset>
  );
}

/** 'Repetir cada semana hasta…': a day, and the list's dates again every week up to it. */
function RepetirCadaSemana({ fechas, onChange }: { fechas: FechaCampo[]; onChange: (fechas: FechaCampo[]) => void }) {
  const id = useId();
  const m = usePalabras("formulario");
  const minimo = useMinimoFecha();
  const [hasta, setHasta] = useState("");
  const [aviso, setAviso] = useState("");
  const repetir = () => {
    const dia = diaDeValor(hasta);
    if (!dia) return setAviso(m.repetirSinFechas);
    const r = repetirFechas(fechas, dia);
    if (r.nuevas === 0) return setAviso(fechas.some((f) => f.inicio) ? m.repetirNada : m.repetirSinFechas);
    onChange(r.fechas);
    setAviso(r.nuevas === 1 ? m.repetida : conDatos(m.repetidas, { n: String(r.nuevas) }));
  };
  return (
    <div className={styles.repetir}>
      <div className={styles.repetirFila}>
        <DateTimePicker
          soloDia
          etiqueta={m.repetirHasta}
          nombreCalendario={conDatos(m.calendarioDe, { campo: m.repetirHasta.toLowerCase() })}
          value={hasta}
          minimo={minimo}
          onChange={(v) => {
            setHasta(v);
            setAviso("");
          }}
        />
        <button type="button" className={ui.buttonGhost} onClick={repetir} aria-describedby={`${id}-ayuda`}>
          {m.repetir}
        </button>
      </div>
      <p id={`${id}-ayuda`} className={styles.ayuda}>
        {m.repetirAyuda}
      </p>
      <p className={styles.ayuda} role="status">
        {aviso}
      </p>
    </div>
  );
}

/**
 * "Programa": acts by day, each with its hour, what is done and where (optional). A day's date
 * moves all its acts; an act's hour moves it within its day.
 */
export function ProgramaFechas({
  fechas,
  onChange,
  pistaDe,
  alLeer,
}: {
  fechas: FechaCampo[];
  onChange: (fechas: FechaCampo[]) => void;
  pistaDe: PistaDe;
  /** What the programme's reading proposes besides its acts (LeerPrograma.tsx). */
  alLeer: AlLeerPrograma;
}) {
  const id = useId();
  const idioma = useIdioma();
  const m = usePalabras("formulario");
  const minimo = useMinimoFecha();
  const dias = diasDelPrograma(fechas);
  const cambiar = (i: number, cambio: Partial<FechaCampo>) =>
    onChange(fechas.map((f, k) => (k === i ? { ...f, ...cambio } : f)));
  const nuevoActo = (dia: string, hora: string) => fechaVacia(`${dia}T${hora}`);
  return (
    <fieldset className={styles.grupo}>
      <legend className="visually-hidden">{m.formaPrograma}</legend>
      <LeerPrograma
        fechas={fechas}
        onActos={onChange}
        alLeer={alLeer}
        onAnadirLinea={(titulo) => {
          // On the programme's last day, after its last act.
          const ultimo = dias.at(-1);
          const dia = ultimo?.dia || diaSiguiente(fechas);
          const hora = ultimo ? horaSiguiente(fechas, ultimo.filas) : "10:00";
          onChange([...fechas, { ...nuevoActo(dia, hora), titulo: titulo.slice(0, TITULO_FECHA_MAX) }]);
        }}
      />
      <PistaLista id={`${id}-pista`} pista={pistaDe("fechas")} />
      {dias.map(({ dia, filas }, d) => {
        const nDia = String(d + 1);
        const nombreDia = conDatos(m.diaN, { n: nDia });
        return (
          <div
            key={fechas[filas[0]].clave}
            className={styles.diaPrograma}
            role="group"
            aria-label={conDatos(m.actosDelDia, { n: nDia })}
          >
            <div className={styles.diaCabecera}>
              <DateTimePicker
                soloDia
                etiqueta={
                  <>
                    {nombreDia}
                    {diaDeValor(dia) && (
                      <span className={styles.fechaDia} aria-hidden="true">
                        {" "}
                        · {fechaLarga(instanteEnMadrid(diaDeValor(dia)!, "12:00"), idioma)}
                      </span>
                    )}
                  </>
                }
                nombreCalendario={conDatos(m.calendarioDe, { campo: nombreDia.toLowerCase() })}
                value={dia}
                minimo={minimo}
                onChange={(nuevo) =>
                  onChange(
                    fechas.map((f, k) =>
                      filas.includes(k) ? moverFecha(f, `${nuevo}T${diaYHora(f.inicio).hora}`) : f,
                    ),
                  )
                }
              />
              <button
                type="button"
                className={ui.buttonDanger}
                aria-label={conDatos(m.quitarDiaN, { n: nDia })}
                onClick={() => onChange(fechas.filter((_, k) => !filas.includes(k)))}
              >
                {m.quitarDia}
              </button>
            </div>
            <ol className={styles.actos}>
              {filas.map((i, a) => {
                const f = fechas[i];
                const pista = pistaDe(`fecha-${i}`);
                const de = conDatos(m.actoDe, { n: String(a + 1), dia: nDia });
                const base = `${id}-${i}`;
                return (
                  <li
                    key={f.clave}
                    className={styles.acto}
                    data-campo
                    data-invalido={pista ? "" : undefined}
                    aria-describedby={pista ? `${base}-pista` : undefined}
                  >
                    <div className={styles.actoHora}>
                      <label htmlFor={`${base}-hora`} className={styles.etiqueta}>
                        {m.hora}
                        <span className="visually-hidden">{de}</span>
                      </label>
                      <SelectorHora
                        id={`${base}-hora`}
                        value={diaYHora(f.inicio).hora}
                        {...marcado(pista, `${base}-pista`)}
                        onChange={(hora) =>
                          onChange(fechas.map((g, k) => (k === i ? moverFecha(g, `${dia}T${hora}`) : g)))
                        }
                      />
                    </div>
                    <CampoDeActo
                      id={`${base}-titulo`}
                      clase={styles.actoTitulo}
                      etiqueta={m.actoQue}
                      de={de}
                      max={TITULO_FECHA_MAX}
                      ejemplo={m.actoEjemplo}
                      valor={f.titulo}
                      onChange={(titulo) => cambiar(i, { titulo })}
                    />
                    <CampoDeActo
                      id={`${base}-lugar`}
                      clase={styles.actoLugar}
                      etiqueta={m.lugar}
                      de={de}
                      max={DIRECCION_FECHA_MAX}
                      ejemplo={m.lugarEjemplo}
                      valor={f.direccion}
                      onChange={(direccion) => cambiar(i, { direccion })}
                    />
                    <button
                      type="button"
                      className={`${ui.buttonDanger} ${styles.actoQuitar}`}
                      aria-label={`${m.quitar}${de}`}
                      onClick={() => onChange(fechas.filter((_, k) => k !== i))}
                    >
                      {m.quitar}
                    </button>
                    <Pista id={`${base}-pista`} texto={pista} className={`${styles.pista} ${styles.actoPista}`} />
                  </li>
                );
              })}
            </ol>
            <button
              type="button"
              className={`${ui.buttonGhost} ${styles.anadir}`}
              aria-label={conDatos(m.anadirActoAlDia, { n: nDia })}
              onClick={() => {
                const ultima = filas.at(-1)!;
                const acto = nuevoActo(dia, horaSiguiente(fechas, filas));
                onChange([...fechas.slice(0, ultima + 1), acto, ...fechas.slice(ultima + 1)]);
              }}
            >
              + {m.anadirActo}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className={`${ui.buttonGhost} ${styles.anadir}`}
        onClick={() => onChange([...fechas, nuevoActo(diaSiguiente(fechas), "10:00")])}
      >
        + {m.anadirDia}
      </button>
    </fieldset>
  );
}

/** An act's text field (what is done, where), labelled with which act it is for screen readers. */
function CampoDeActo(props: {
  id: string;
  clase: string;
  etiqueta: string;
  de: string;
  max: number;
  ejemplo: string;
  valor: string;
  onChange: (valor: string) => void;
}) {
  return (
    <div className={props.clase}>
      <label htmlFor={props.id} className={styles.etiqueta}>
        {props.etiqueta}
        <span className="visually-hidden">{props.de}</span>
      </label>
      <input
        id={props.id}
        className={styles.input}
        type="text"
        maxLength={props.max}
        placeholder={props.ejemplo}
        value={props.valor}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
