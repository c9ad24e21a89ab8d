"use client";

import dynamic from "next/dynamic";
import { SinMapaSiFalla } from "./SinMapaSiFalla";
import styles from "./PlanDetail.module.css";

// Leaflet needs `window`: the map is only ever rendered in the browser.
const PlanMapLeaflet = dynamic(() => import("./PlanMapLeaflet"), {
  ssr: false,
  loading: () => <div className={styles.mapa} />,
});


export function PlanMap(props: { lat: number; lng: number; direccion: string }) {
  return (
    <SinMapaSiFalla>
      <div className={styles.mapaMarco} role="region" aria-label="Mapa">
        <PlanMapLeaflet {...props} />
      </div>
    </SinMapaSiFalla>
  );
}
