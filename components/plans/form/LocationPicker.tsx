"use client";

import { useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { ComboCaja, ListaSugerencias, lugarDe, useMunicipioCombobox } from "@/components/busqueda/MunicipioCombobox";
import { marcado, Pista, type MensajeCampo } from "@/components/ui/Field";
import { DIRECCION_MAX } from "@/lib/plans/input";
import styles from "./form.module.css";
import { PinMap, type Punto } from "./PinMap";

export interface Ubicacion {
  municipio: string;
  direccion: string;
  ubicacion: Punto | null;
}

/**
 * Where the plan is (spec §2): the municipality from the gazetteer's suggestions (an ARIA
 * combobox), the street address as the user writes it, and a map whose pin can be dragged to the
 * exact spot. Typing a new municipality drops the chosen one until a suggestion is picked.
 */
export function LocationPicker({
  value,
  onChange,
  pistas = {},
}: {
  value: Ubicacion;
  onChange: (cambio: Partial<Ubicacion>) => void;
  /** The form rules' hints for the municipality and the address. */
  pistas?: { municipio?: MensajeCampo; direccion?: MensajeCampo };
}) {
  const p = usePalabras("formulario");
  // The map recentres when a municipality is picked (or restored), not when the pin is dragged.
  const [encuadre, setEncuadre] = useState(0);
  const [municipioPrevio, setMunicipioPrevio] = useState(value.municipio);
  if (value.municipio !== municipioPrevio) {
    setMunicipioPrevio(value.municipio);
    if (value.municipio) setEncuadre((n) => n + 1);
  }
  const combo = useMunicipioCombobox(value.municipio, (r) => {
    const { municipio, lat, lng } = lugarDe(r);
    onChange({ municipio, ubicacion: { lat, lng } });
  });
  const { id, error } = combo;

  return (
    <fieldset className={styles.grupo}>
      <legend className={styles.leyenda}>{p.ubicacion}</legend>
      <div className={styles.campo} data-campo>
        <label htmlFor={id} className={styles.etiqueta}>
          {p.municipio}
        </label>
        <ComboCaja>
          <input
            {...combo.inputProps}
            className={styles.input}
            placeholder={p.municipioEjemplo}
            {...marcado(pistas.municipio, `${id}-pista`, `${id}-ayuda`, error ? `${id}-error` : undefined)}
            onChange={(e) => {
              combo.inputProps.onChange(e);
              if (value.municipio) onChange({ municipio: "", ubicacion: null });
            }}
          />
          <ListaSugerencias combo={combo} />
        </ComboCaja>
        <p id={`${id}-ayuda`} className={styles.ayuda}>
          {p.municipioAyuda}
        </p>
        <Pista id={`${id}-pista`} texto={pistas.municipio} className={styles.pista} />
        {error && (
          <p id={`${id}-error`} className={styles.ayuda}>
            {error}
          </p>
        )}
      </div>
      <div className={styles.campo} data-campo>
        <label htmlFor={`${id}-direccion`} className={styles.etiqueta}>
          {p.direccion}
        </label>
        <input
          id={`${id}-direccion`}
          className={styles.input}
          type="text"
          autoComplete="street-address"
          placeholder={p.direccionEjemplo}
          maxLength={DIRECCION_MAX}
          value={value.direccion}
          onChange={(e) => onChange({ direccion: e.target.value })}
          {...marcado(pistas.direccion, `${id}-direccion-pista`)}
        />
        <Pista id={`${id}-direccion-pista`} texto={pistas.direccion} className={styles.pista} />
      </div>
      {value.ubicacion ? (
        <PinMap punto={value.ubicacion} encuadre={encuadre} onMover={(ubicacion) => onChange({ ubicacion })} />
      ) : (
        <p className={styles.sinMapa}>{p.sinMapa}</p>
      )}
    </fieldset>
  );
}
