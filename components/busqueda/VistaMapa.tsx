"use client";

import { lazy, Suspense } from "react";
import { SinMapaSiFalla } from "@/components/plans/SinMapaSiFalla";
import { usePalabras } from "@/components/idioma/Palabras";
import { conDatos } from "@/lib/con-datos";
import type { ResultadoMapa } from "@/lib/busqueda/mapa";
import { useHidratado } from "@/lib/cliente/hidratado";
import styles from "./Mapa.module.css";

// Leaflet and the clusters load only here, once the person is on the map view: never with the
// home's first screen. React's own lazy, not next/dynamic, whose machinery would ship with it.
const MapaResultados = lazy(() => import("./MapaResultados"));

function Cargando() {
  const p = usePalabras("busqueda");
  return (
    <div className={styles.mapa}>
      <p className={styles.cargando}>{p.mapaCargando}</p>
    </div>
  );
}

/**
 * The home's map view of the search: its plans as markers, the radius drawn around the point.
 * Without script it is hidden (see SinScript) and the page's list shows instead.
 */
export function VistaMapa({ mapa, radioKm, verLista }: { mapa: ResultadoMapa; radioKm: number; verLista: string }) {
  // Leaflet needs `window`: the server and the hydration draw the frame only.
  const enNavegador = useHidratado();
  const p = usePalabras("busqueda");
  return (
    <SinMapaSiFalla
      alternativa={
        <p className={styles.aviso} role="alert">
          {p.mapaNoDisponible} <a href={verLista}>{p.mapaVerLista}</a>
        </p>
      }
    >
      <div data-solo-con-script="">
        {mapa.total > mapa.puntos.length && (
          <p className={styles.nota}>{conDatos(p.mapaTope, { n: String(mapa.puntos.length) })}</p>
        )}
        <div className={styles.marco} role="region" aria-label={p.mapaRegion}>
          {enNavegador ? (
            <Suspense fallback={<Cargando />}>
              <MapaResultados {...mapa} radioKm={radioKm} />
            </Suspense>
          ) : (
            <Cargando />
          )}
        </div>
      </div>
    </SinMapaSiFalla>
  );
}

/** What shows instead of the map without script: a note, the list, and the map's frame hidden. */
export function SinScript({ children }: { children: React.ReactNode }) {
  const p = usePalabras("busqueda");
  return (
    <noscript>
      <style>{"[data-solo-con-script]{display:none}"}</style>
      <p className={styles.aviso}>{p.mapaSinScript}</p>
      {children}
    </noscript>
  );
}
