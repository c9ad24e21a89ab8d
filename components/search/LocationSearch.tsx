"use client";

import { useEffect, useId, useRef, useState } from "react";
import { llamar } from "@/components/account/api";
import { mensajes } from "@/lib/messages";
import styles from "./Search.module.css";

export interface Lugar {
  municipio: string;
  lat: number;
  lng: number;
}

interface Resultado {
  id: string;
  address: { municipality: string; municipalitySubdivision?: string; freeformAddress: string };
  position: { lat: number; lon: number };
}

/** Spec §4: the first result's municipality (subdivision preferred) and position. */
const lugarDe = (r: Resultado): Lugar => ({ municipio: r.address.municipalitySubdivision ?? r.address.municipality, lat: r.position.lat, lng: r.position.lon });

async function geocodificar(texto: string, limit: number): Promise<Resultado[] | null> {
  const r = await llamar<{ results: Resultado[] }>("GET", `/api/geocode?${new URLSearchParams({ q: texto, limit: String(limit) })}`);
  return r.ok ? r.data.results : null;
}

/** Debounce of the suggestions (spec §9). */
const ESPERA_MS = 400;

/**
 * The place box (spec §2, §4): suggestions from /api/geocode 400 ms after the last keystroke,
 * a clear button, and 'Buscar'/Enter, which take the first result. An ARIA combobox.
 */
export function LocationSearch({ inicial, onLugar }: { inicial: string; onLugar: (l: Lugar) => void }) {
  const [texto, setTexto] = useState(inicial);
  const [sugerencias, setSugerencias] = useState<Resultado[]>([]);
  const [activa, setActiva] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [abierta, setAbierta] = useState(false);
  const ultima = useRef("");
  const id = useId();
  const listaId = `${id}-lista`;

  // The place can change from outside (back button, a remembered place): follow it.
  const [inicialPrevio, setInicialPrevio] = useState(inicial);
  if (inicial !== inicialPrevio) {
    setInicialPrevio(inicial);
    setTexto(inicial);
  }

  const consulta = texto.trim();
  useEffect(() => {
    const q = consulta;
    if (!abierta || q.length < 2) return;
    const t = setTimeout(async () => {
      ultima.current = q;
      const res = await geocodificar(q, 5);
      if (ultima.current !== q) return; // a newer query is on its way
      setSugerencias(res ?? []);
      setActiva(-1);
    }, ESPERA_MS);
    return () => clearTimeout(t);
  }, [consulta, abierta]);

  const elegir = (r: Resultado) => {
    const lugar = lugarDe(r);
    setTexto(lugar.municipio);
    setSugerencias([]);
    setAbierta(false);
    setError(null);
    onLugar(lugar);
  };

  const buscar = async () => {
    if (activa >= 0 && sugerencias[activa]) return elegir(sugerencias[activa]);
    const q = texto.trim();
    if (!q) return;
    const res = await geocodificar(q, 1);
    if (!res || res.length === 0) {
      setError(mensajes.ubicacionesNoEncontradas);
      return;
    }
    elegir(res[0]);
  };

  const teclas = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && sugerencias.length > 0) {
      e.preventDefault();
      setActiva((a) => (a + 1) % sugerencias.length);
    } else if (e.key === "ArrowUp" && sugerencias.length > 0) {
      e.preventDefault();
      setActiva((a) => (a <= 0 ? sugerencias.length - 1 : a - 1));
    } else if (e.key === "Escape") {
      setSugerencias([]);
      setAbierta(false);
    }
  };

  const mostrar = abierta && consulta.length >= 2 && sugerencias.length > 0;
  return (
    <form
      className={styles.lugar}
      action="/"
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        void buscar();
      }}
    >
      <label htmlFor={id} className={styles.etiqueta}>
        ¿Dónde buscas planes?
      </label>
      <div className={styles.lugarFila}>
        <div className={styles.combo}>
          <input
            id={id}
            name="municipio"
            className={styles.lugarInput}
            type="text"
            role="combobox"
            autoComplete="off"
            placeholder="Escribe un municipio"
            aria-autocomplete="list"
            aria-expanded={mostrar}
            aria-controls={listaId}
            aria-activedescendant={mostrar && activa >= 0 ? `${listaId}-${activa}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={texto}
            maxLength={100}
            onChange={(e) => {
              setTexto(e.target.value);
              setAbierta(true);
              setError(null);
            }}
            onKeyDown={teclas}
            onBlur={() => setTimeout(() => setAbierta(false), 150)}
          />
          {texto && (
            <button
              type="button"
              className={styles.limpiar}
              aria-label="Borrar el municipio"
              onClick={() => {
                setTexto("");
                setSugerencias([]);
                setError(null);
              }}
            >
              ×
            </button>
          )}
          <ul id={listaId} role="listbox" aria-label="Municipios sugeridos" className={styles.sugerencias} hidden={!mostrar}>
            {sugerencias.map((r, i) => (
              <li
                key={r.id}
                id={`${listaId}-${i}`}
                role="option"
                aria-selected={i === activa}
                className={i === activa ? `${styles.sugerencia} ${styles.activa}` : styles.sugerencia}
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
        <button type="submit" className="button">
          Buscar
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
