"use client";

import dynamic from "next/dynamic";
import { usePalabras } from "@/components/idioma/Palabras";
import { SinMapaSiFalla } from "../SinMapaSiFalla";
import styles from "./form.module.css";

export interface Punto {
  lat: number;
  lng: number;
}

// Leaflet needs `window`: the map is only ever rendered in the browser.
const PinMapLeaflet = dynamic(() => import("./PinMapLeaflet"), {
  ssr: false,
  loading: () => <div className={styles.mapa} />,
});

/**
 * The map of the location picker: the pin can be dragged, moved with the arrow keys once focused,
 * or placed by a click on the map. `encuadre` changes when the view should recentre on the pin.
 */
export function PinMap(props: { punto: Punto; encuadre: number; onMover: (p: Punto) => void }) {
  const p = usePalabras("formulario");
  return (
    <SinMapaSiFalla>
      <div className={styles.mapaMarco} role="region" aria-label={p.mapaLugar}>
        <PinMapLeaflet {...props} />
      </div>
      <p className={styles.ayuda}>{p.mapaAyuda}</p>
    </SinMapaSiFalla>
  );
}
