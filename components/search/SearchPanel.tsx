"use client";

import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { CATEGORIAS } from "@/lib/plans/constants";
import { alternarCategoria, conFlechas, ETIQUETAS_FECHA, OPCIONES_FECHA, type OpcionFecha } from "@/lib/plans/search-url";
import { useBusqueda } from "./BusquedaProvider";
import { LocationSearch, type Lugar } from "./LocationSearch";
import styles from "./Search.module.css";

/** Where the chosen place is remembered in the browser (spec §3 'Local storage'). */
export const CLAVE_LUGAR = "ubicacionBusqueda";

export function lugarGuardado(): Lugar | null {
  try {
    const l = JSON.parse(localStorage.getItem(CLAVE_LUGAR) ?? "null") as Lugar | null;
    return l && typeof l.lat === "number" && typeof l.lng === "number" && typeof l.municipio === "string" ? l : null;
  } catch {
    return null;
  }
}

/**
 * The search controls. Every change becomes a new URL (page back to 1), which the server
 * renders: the URL is the state, so searches can be shared and work without this script. Each
 * change builds on the latest intended search (BusquedaProvider), never on a URL still on its way.
 * `ventana` is the chosen date window as text ('Del 1 al 7 de junio de 2025'), written by the
 * server so that no date library ships to the browser.
 */
export function SearchPanel({ ventana }: { ventana: string | null }) {
  const { estado, pendiente, ir } = useBusqueda();
  const [radio, setRadio] = useState(estado.radio);
  const radioId = useId();
  const fechaId = useId();

  const [radioPrevio, setRadioPrevio] = useState(estado.radio);
  if (estado.radio !== radioPrevio) {
    setRadioPrevio(estado.radio);
    setRadio(estado.radio);
  }

  // Spec §4: the search runs again on the next visit for the remembered place.
  useEffect(() => {
    if (estado.lat !== null || estado.municipio) return;
    const l = lugarGuardado();
    if (l) ir(l, { reemplazar: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival
  }, []);

  // The slider searches once the hand stops moving.
  useEffect(() => {
    if (radio === estado.radio) return;
    const t = setTimeout(() => ir({ radio }), 350);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- radio is the trigger
  }, [radio]);

  const elegirLugar = (l: Lugar) => {
    localStorage.setItem(CLAVE_LUGAR, JSON.stringify(l));
    ir(l);
  };

  return (
    <section className={styles.panel} aria-label="Buscar planes" aria-busy={pendiente}>
      <LocationSearch inicial={estado.municipio ?? ""} onLugar={elegirLugar} />

      <fieldset className={styles.grupo}>
        <legend className={styles.etiqueta}>Categorías</legend>
        <div className={styles.chips}>
          {CATEGORIAS.map((c) => {
            const activa = estado.categorias.includes(c);
            return (
              <button
                key={c}
                type="button"
                className={activa ? `${styles.chip} ${styles.chipActiva}` : styles.chip}
                aria-pressed={activa}
                onClick={() => ir((b) => ({ categorias: alternarCategoria(b.categorias, c) }))}
              >
                {c === "Otros" ? "Todos" : c}
              </button>
            );
          })}
        </div>
      </fieldset>

      <div className={styles.fila}>
        <div className={styles.grupo}>
          <label htmlFor={radioId} className={styles.etiqueta}>
            Distancia: <output htmlFor={radioId}>{radio} km</output>
          </label>
          <input
            id={radioId}
            className={styles.rango}
            type="range"
            min={0}
            max={50}
            step={1}
            value={radio}
            onChange={(e) => setRadio(Number(e.target.value))}
          />
        </div>

        <div className={styles.grupo}>
          <label htmlFor={fechaId} className={styles.etiqueta}>
            Fecha
          </label>
          <div className={styles.fechas}>
            {conFlechas(estado.fecha) && estado.desplazamiento > 0 && (
              <button type="button" className={styles.flecha} aria-label="Periodo anterior" onClick={() => ir((b) => ({ desplazamiento: Math.max(0, b.desplazamiento - 1) }))}>
                ‹
              </button>
            )}
            <select
              id={fechaId}
              className={styles.select}
              value={estado.fecha ?? ""}
              onChange={(e) => ir({ fecha: (e.target.value || null) as OpcionFecha | null, desplazamiento: 0 })}
            >
              {(["", ...OPCIONES_FECHA] as const).map((o) => (
                <option key={o} value={o}>
                  {ETIQUETAS_FECHA[o]}
                </option>
              ))}
            </select>
            {conFlechas(estado.fecha) && (
              <button type="button" className={styles.flecha} aria-label="Periodo siguiente" onClick={() => ir((b) => ({ desplazamiento: b.desplazamiento + 1 }))}>
                ›
              </button>
            )}
          </div>
          {ventana && <p className={styles.ventana}>{ventana}</p>}
        </div>
      </div>
    </section>
  );
}

/** The promo block shows only while no place is remembered (spec §2). */
export function SoloSinLugar({ children }: { children: React.ReactNode }) {
  const hay = useSyncExternalStore(
    (avisar) => {
      window.addEventListener("storage", avisar);
      return () => window.removeEventListener("storage", avisar);
    },
    () => lugarGuardado() !== null,
    () => false,
  );
  return hay ? null : <>{children}</>;
}
