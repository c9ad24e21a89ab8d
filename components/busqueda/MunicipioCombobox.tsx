"use client";

import { useEffect, useId, useRef, useState } from "react";
import { llamar } from "@/lib/cliente/api";
import { usePalabras } from "@/components/idioma/Palabras";
import styles from "./Combobox.module.css";

/** One /api/geocode result, as much of it as the browser uses. */
export interface ResultadoGeocodigo {
  id: string;
  address: { municipality: string; municipalitySubdivision?: string; freeformAddress: string };
  position: { lat: number; lon: number };
}

/** Spec §4: a result's municipality (subdivision preferred) and position. */
export const lugarDe = (r: ResultadoGeocodigo) => ({
  municipio: r.address.municipalitySubdivision ?? r.address.municipality,
  lat: r.position.lat,
  lng: r.position.lon,
});

export async function geocodificar(texto: string, limit: number): Promise<ResultadoGeocodigo[] | null> {
  const r = await llamar<{ results: ResultadoGeocodigo[] }>(
    "GET",
    `/api/geocode?${new URLSearchParams({ q: texto, limit: String(limit) })}`,
  );
  return r.ok ? r.data.results : null;
}

/** Debounce of the suggestions (spec §9). */
const ESPERA_MS = 400;

/**
 * The municipality box of the search and of the plan forms: an ARIA combobox whose
 * suggestions come from /api/geocode 400 ms after the last keystroke. The caller renders the
 * <input> with `inputProps` (plus its own handlers) and the list with <ListaSugerencias>.
 */
export function useMunicipioCombobox(inicial: string, onElegir: (r: ResultadoGeocodigo) => void) {
  const { ubicacionesNoEncontradas } = usePalabras("ubicacion");
  const [texto, setTexto] = useState(inicial);
  // Suggestions remember the text they answer: those of an older text are never offered or taken.
  const [respuesta, setRespuesta] = useState<{ para: string; lista: ResultadoGeocodigo[] }>({ para: "", lista: [] });
  const [activa, setActiva] = useState(-1);
  const [abierta, setAbierta] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ultima = useRef("");
  const id = useId();
  const listaId = `${id}-lista`;

  // A place set from outside (back button, a restored draft) replaces the text; a place
  // cleared from outside (the form dropping it while the user types) leaves the typing alone.
  const [inicialPrevio, setInicialPrevio] = useState(inicial);
  if (inicial !== inicialPrevio) {
    setInicialPrevio(inicial);
    if (inicial) setTexto(inicial);
  }

  const consulta = texto.trim();
  const sugerencias = respuesta.para === consulta ? respuesta.lista : [];
  useEffect(() => {
    if (!abierta || consulta.length < 2) return;
    const t = setTimeout(async () => {
      ultima.current = consulta;
      const res = await geocodificar(consulta, 5);
      if (ultima.current !== consulta) return; // a newer query is on its way
      setRespuesta({ para: consulta, lista: res ?? [] });
      setActiva(-1);
      if (!res) setError(ubicacionesNoEncontradas);
    }, ESPERA_MS);
    return () => clearTimeout(t);
  }, [consulta, abierta, ubicacionesNoEncontradas]);

  const elegir = (r: ResultadoGeocodigo) => {
    setTexto(lugarDe(r).municipio);
    setRespuesta({ para: "", lista: [] });
    setAbierta(false);
    setError(null);
    onElegir(r);
  };

  /**
   * Enter and 'Buscar': the highlighted (or first) suggestion of the text in the box, else the
   * first result for that text (spec §4). A later keystroke makes the answer stale: it is dropped.
   */
  const confirmar = async () => {
    if (sugerencias.length > 0 && abierta) return elegir(sugerencias[Math.max(activa, 0)]);
    if (!consulta) return;
    const pedida = consulta;
    ultima.current = pedida;
    const res = await geocodificar(pedida, 1);
    if (ultima.current !== pedida) return;
    if (res && res.length > 0) elegir(res[0]);
    else setError(ubicacionesNoEncontradas);
  };

  const mostrar = abierta && consulta.length >= 2 && sugerencias.length > 0;
  const inputProps = {
    id,
    type: "text",
    role: "combobox",
    autoComplete: "off",
    maxLength: 100,
    "aria-autocomplete": "list" as const,
    "aria-expanded": mostrar,
    "aria-controls": listaId,
    "aria-activedescendant": mostrar && activa >= 0 ? `${listaId}-${activa}` : undefined,
    "aria-invalid": error ? true : undefined,
    value: texto,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setTexto(e.target.value);
      setAbierta(true);
      setError(null);
    },
    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
      if (e.key === "ArrowDown" && sugerencias.length > 0) {
        e.preventDefault();
        setActiva((a) => (a + 1) % sugerencias.length);
      } else if (e.key === "ArrowUp" && sugerencias.length > 0) {
        e.preventDefault();
        setActiva((a) => (a <= 0 ? sugerencias.length - 1 : a - 1));
      } else if (e.key === "Escape") {
        setRespuesta({ para: "", lista: [] });
        setAbierta(false);
      } else if (e.key === "Enter") {
        // Enter picks a place; it never submits a surrounding form.
        e.preventDefault();
        void confirmar();
      }
    },
    onBlur: () => setTimeout(() => setAbierta(false), 150),
  };

  const limpiar = () => {
    setTexto("");
    setRespuesta({ para: "", lista: [] });
    setError(null);
  };

  return { id, listaId, texto, consulta, sugerencias, activa, mostrar, error, elegir, confirmar, limpiar, inputProps };
}

export type MunicipioCombobox = ReturnType<typeof useMunicipioCombobox>;

/** The wrapper the input and its list sit in (the list is positioned against it). */
export function ComboCaja({ children }: { children: React.ReactNode }) {
  return <div className={styles.combo}>{children}</div>;
}

export function ListaSugerencias({ combo }: { combo: MunicipioCombobox }) {
  const b = usePalabras("buscador");
  return (
    <ul
      id={combo.listaId}
      role="listbox"
      aria-label={b.municipiosSugeridos}
      className={styles.sugerencias}
      hidden={!combo.mostrar}
    >
      {combo.sugerencias.map((r, i) => (
        <li
          key={r.id}
          id={`${combo.listaId}-${i}`}
          role="option"
          aria-selected={i === combo.activa}
          className={i === combo.activa ? `${styles.sugerencia} ${styles.activa}` : styles.sugerencia}
          onMouseDown={(e) => {
            e.preventDefault();
            combo.elegir(r);
          }}
        >
          {r.address.freeformAddress}
        </li>
      ))}
    </ul>
  );
}
