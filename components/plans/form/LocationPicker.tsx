"use client";

import { useEffect, useId, useRef, useState } from "react";
import { llamar } from "@/components/account/api";
import { mensajes } from "@/lib/messages";
import styles from "./form.module.css";
import { PinMap, type Punto } from "./PinMap";

interface Resultado {
  id: string;
  address: { municipality: string; municipalitySubdivision?: string; freeformAddress: string };
  position: { lat: number; lon: number };
}

export interface Ubicacion {
  municipio: string;
  direccion: string;
  ubicacion: Punto | null;
}

/** Debounce of the suggestions (spec §9). */
const ESPERA_MS = 400;

async function sugerenciasPara(texto: string, limit: number): Promise<Resultado[] | null> {
  const r = await llamar<{ results: Resultado[] }>("GET", `/api/geocode?${new URLSearchParams({ q: texto, limit: String(limit) })}`);
  return r.ok ? r.data.results : null;
}

/**
 * Where the plan is (spec §2): the municipality from the gazetteer's suggestions (an ARIA
 * combobox), the street address as the user writes it, and a map whose pin can be dragged to the
 * exact spot. Typing a new municipality drops the chosen one until a suggestion is picked.
 */
export function LocationPicker({ valor, onCambio }: { valor: Ubicacion; onCambio: (cambio: Partial<Ubicacion>) => void }) {
  const [texto, setTexto] = useState(valor.municipio);
  const [sugerencias, setSugerencias] = useState<Resultado[]>([]);
  const [activa, setActiva] = useState(-1);
  const [abierta, setAbierta] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The map recentres when a municipality is picked, not when the pin is dragged.
  const [encuadre, setEncuadre] = useState(0);
  const ultima = useRef("");
  const id = useId();
  const listaId = `${id}-lista`;

  // A restored draft or a reset changes the municipality from outside: follow it.
  const [municipioPrevio, setMunicipioPrevio] = useState(valor.municipio);
  if (valor.municipio !== municipioPrevio) {
    setMunicipioPrevio(valor.municipio);
    setTexto(valor.municipio);
    if (valor.municipio) setEncuadre((n) => n + 1);
  }

  const consulta = texto.trim();
  useEffect(() => {
    if (!abierta || consulta.length < 2) return;
    const t = setTimeout(async () => {
      ultima.current = consulta;
      const res = await sugerenciasPara(consulta, 5);
      if (ultima.current !== consulta) return;
      setSugerencias(res ?? []);
      setActiva(-1);
      if (!res) setError(mensajes.ubicacionesNoEncontradas);
    }, ESPERA_MS);
    return () => clearTimeout(t);
  }, [consulta, abierta]);

  const elegir = (r: Resultado) => {
    const municipio = r.address.municipalitySubdivision ?? r.address.municipality;
    setTexto(municipio);
    setMunicipioPrevio(municipio);
    setSugerencias([]);
    setAbierta(false);
    setError(null);
    setEncuadre((n) => n + 1);
    onCambio({ municipio, ubicacion: { lat: r.position.lat, lng: r.position.lon } });
  };

  const teclas = async (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && sugerencias.length > 0) {
      e.preventDefault();
      setActiva((a) => (a + 1) % sugerencias.length);
    } else if (e.key === "ArrowUp" && sugerencias.length > 0) {
      e.preventDefault();
      setActiva((a) => (a <= 0 ? sugerencias.length - 1 : a - 1));
    } else if (e.key === "Escape") {
      setSugerencias([]);
      setAbierta(false);
    } else if (e.key === "Enter") {
      // Enter picks a place here; it never submits the whole form.
      e.preventDefault();
      if (sugerencias.length > 0) return elegir(sugerencias[Math.max(activa, 0)]);
      if (consulta.length === 0) return;
      const res = await sugerenciasPara(consulta, 1);
      if (res && res.length > 0) elegir(res[0]);
      else setError(mensajes.ubicacionesNoEncontradas);
    }
  };

  const mostrar = abierta && consulta.length >= 2 && sugerencias.length > 0;
  return (
    <fieldset className={styles.grupo}>
      <legend className={styles.leyenda}>Ubicación</legend>
      <div className={styles.campo}>
        <label htmlFor={id} className={styles.etiqueta}>
          Municipio
        </label>
        <div className={styles.combo}>
          <input
            id={id}
            className={styles.input}
            type="text"
            role="combobox"
            autoComplete="off"
            placeholder="Escribe y elige un municipio"
            aria-autocomplete="list"
            aria-expanded={mostrar}
            aria-controls={listaId}
            aria-activedescendant={mostrar && activa >= 0 ? `${listaId}-${activa}` : undefined}
            aria-describedby={`${id}-ayuda${error ? ` ${id}-error` : ""}`}
            value={texto}
            maxLength={100}
            onChange={(e) => {
              setTexto(e.target.value);
              setAbierta(true);
              setError(null);
              if (valor.municipio) {
                setMunicipioPrevio("");
                onCambio({ municipio: "", ubicacion: null });
              }
            }}
            onKeyDown={teclas}
            onBlur={() => setTimeout(() => setAbierta(false), 150)}
          />
          <ul id={listaId} role="listbox" aria-label="Municipios sugeridos" className={styles.sugerencias} hidden={!mostrar}>
            {sugerencias.map((r, i) => (
              <li
                key={r.id}
                id={`${listaId}-${i}`}
                role="option"
                aria-selected={i === activa}
                className={i === activa ? `${styles.sugerencia} ${styles.sugerenciaActiva}` : styles.sugerencia}
                onMouseDown={(e) => {
                  e.preventDefault();
                  elegir(r);
                }}
              >
                {r.address.freeformAddress}
              </li>
            ))}
          </ul>
        </div>
        <p id={`${id}-ayuda`} className={styles.ayuda}>
          Elige el municipio entre las sugerencias.
        </p>
        {error && (
          <p id={`${id}-error`} className={styles.ayuda}>
            {error}
          </p>
        )}
      </div>
      <div className={styles.campo}>
        <label htmlFor={`${id}-direccion`} className={styles.etiqueta}>
          Dirección
        </label>
        <input
          id={`${id}-direccion`}
          className={styles.input}
          type="text"
          autoComplete="street-address"
          placeholder="Calle, número, lugar…"
          maxLength={200}
          value={valor.direccion}
          onChange={(e) => onCambio({ direccion: e.target.value })}
        />
      </div>
      {valor.ubicacion ? (
        <PinMap punto={valor.ubicacion} encuadre={encuadre} onMover={(ubicacion) => onCambio({ ubicacion })} />
      ) : (
        <p className={styles.sinMapa}>Elige un municipio y aparecerá aquí el mapa para marcar el lugar exacto.</p>
      )}
    </fieldset>
  );
}
