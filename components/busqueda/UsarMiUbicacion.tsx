"use client";

import { useState } from "react";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { usePalabras } from "@/components/idioma/Palabras";
import type { Lugar } from "./LocationSearch";
import { lugarDe, type ResultadoGeocodigo } from "./MunicipioCombobox";
import styles from "./Search.module.css";

/** How long the browser may take to say where the person is, and how old a known position may be. */
const OPCIONES_POSICION: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 };

function posicion(): Promise<GeolocationPosition> {
  return new Promise((resolver, rechazar) =>
    navigator.geolocation.getCurrentPosition(resolver, rechazar, OPCIONES_POSICION),
  );
}

/**
 * 'Usar mi ubicación': the browser's position → the nearest municipality of the gazetteer
 * (GET /api/geocode/cercano) → `onLugar`, as if the person had picked that town. A refusal,
 * a timeout or a position outside Spain leaves everything as it was, with a short message.
 */
export function UsarMiUbicacion({ onLugar }: { onLugar: (l: Lugar) => void }) {
  const u = usePalabras("ubicacion");
  const b = usePalabras("buscador");
  const [buscando, setBuscando] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function usar() {
    if (buscando) return;
    setError(null);
    if (!("geolocation" in navigator)) return setError(u.ubicacionNoDisponible);
    setBuscando(true);
    try {
      const { coords } = await posicion();
      const q = new URLSearchParams({ lat: coords.latitude.toFixed(5), lng: coords.longitude.toFixed(5) });
      const r = await llamar<{ results: ResultadoGeocodigo[] }>("GET", `/api/geocode/cercano?${q}`);
      const lugar = r.ok ? r.data.results[0] : undefined;
      if (lugar) onLugar(lugarDe(lugar));
      else setError(mensajeDe(r, u.ubicacionNoDisponible));
    } catch (e) {
      const denegada =
        typeof GeolocationPositionError !== "undefined" &&
        e instanceof GeolocationPositionError &&
        e.code === e.PERMISSION_DENIED;
      setError(denegada ? u.ubicacionDenegada : u.ubicacionNoDisponible);
    } finally {
      setBuscando(false);
    }
  }

  return (
    <div className={styles.miUbicacion}>
      <button
        type="button"
        className={styles.botonUbicacion}
        onClick={usar}
        aria-busy={buscando}
        aria-describedby={error ? "mi-ubicacion-error" : undefined}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="12" cy="12" r="3" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
          <circle cx="12" cy="12" r="7" />
        </svg>
        {buscando ? b.buscandoDondeEstas : b.usarMiUbicacion}
      </button>
      {error && (
        <p id="mi-ubicacion-error" role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
