"use client";

import { useRuta } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { ComboCaja, ListaSugerencias, lugarDe, useMunicipioCombobox } from "./MunicipioCombobox";
import styles from "./Search.module.css";

export interface Lugar {
  municipio: string;
  lat: number;
  lng: number;
}

/**
 * The place box of the search (spec §2, §4): suggestions after 400 ms, a clear button, and
 * 'Buscar'/Enter, which take the highlighted or first result.
 */
export function LocationSearch({
  inicial,
  onLugar,
  compacto = false,
  despues,
}: {
  inicial: string;
  onLugar: (l: Lugar) => void;
  compacto?: boolean;
  /** A box of the same form beside the place's (the words: BuscarPalabras). */
  despues?: React.ReactNode;
}) {
  const combo = useMunicipioCombobox(inicial, (r) => {
    // The place is chosen: a phone's keyboard closes so the results it brings are in view.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    onLugar(lugarDe(r));
  });
  const { id, error } = combo;
  const b = usePalabras("buscador");
  const enIdioma = useRuta();
  return (
    <form
      className={styles.lugar}
      action={enIdioma("/")}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        void combo.confirmar();
      }}
    >
      <label htmlFor={id} className={compacto ? "visually-hidden" : styles.etiqueta}>
        {b.dondeBuscas}
      </label>
      <div className={styles.lugarFila}>
        <ComboCaja>
          <input
            {...combo.inputProps}
            name="municipio"
            className={styles.lugarInput}
            placeholder={b.municipio}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {combo.texto && (
            <button type="button" className={styles.limpiar} aria-label={b.borrarMunicipio} onClick={combo.limpiar}>
              ×
            </button>
          )}
          <ListaSugerencias combo={combo} />
        </ComboCaja>
        {despues}
        <button type="submit" className={`button ${styles.buscar}`}>
          {/* On a phone the magnifier alone: the row holds the place and the words. */}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-4-4" />
          </svg>
          <span className={styles.buscarTexto}>{b.buscar}</span>
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
