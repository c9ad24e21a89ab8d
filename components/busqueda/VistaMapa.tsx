"use client";

import { lazy, Suspense } from "react";
import { SinMapaSiFalla } from "@/components/plans/SinMapaSiFalla";
import { conDatos, mensajes } from "@/lib/messages";
import type { ResultadoMapa } from "@/lib/busqueda/mapa";
import { useHidratado } from "@/lib/cliente/hidratado";
import styles from "./Mapa.module.css";

// Leaflet and the clusters load only here, once the person is on the map view: never with the
// home's first screen. React's own lazy, not next/dynamic, whose machinery would ship with it.
const MapaResultados = lazy(() => import("./MapaResultados"));

function Cargando() {
  return (
    <div className={styles.mapa}>
      <p className={styles.cargando}>{mensajes.mapaCargando}</p>
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
  return (
    <SinMapaSiFalla
      alternativa={
        <p className={styles.aviso} role="alert">
          {mensajes.mapaNoDisponible} <a href={verLista}>{mensajes.mapaVerLista}</a>
        </p>
      }
    >
      <div data-solo-con-script="">
        {mapa.total > mapa.puntos.length && (
          <p className={styles.nota}>{conDatos(mensajes.mapaTope, { n: String(mapa.puntos.length) })}</p>
        )}
        <div className={styles.marco} role="region" aria-label={mensajes.mapaRegion}>
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
  return (
    <noscript>
      <style>{"[data-solo-con-script]{display:none}"}</style>
      <p className={styles.aviso}>{mensajes.mapaSinScript}</p>
      {children}
    </noscript>
  );
}
