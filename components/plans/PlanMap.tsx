"use client";

import dynamic from "next/dynamic";
import { Component } from "react";
import styles from "./PlanDetail.module.css";

// Leaflet needs `window`: the map is only ever rendered in the browser.
const PlanMapLeaflet = dynamic(() => import("./PlanMapLeaflet"), {
  ssr: false,
  loading: () => <div className={styles.mapa} />,
});

/** A map that fails (a script that does not load, a Leaflet error) leaves the rest of the page alone. */
class SinMapaSiFalla extends Component<{ children: React.ReactNode }, { fallo: boolean }> {
  state = { fallo: false };

  static getDerivedStateFromError() {
    return { fallo: true };
  }

  render() {
    return this.state.fallo ? null : this.props.children;
  }
}

export function PlanMap(props: { lat: number; lng: number; direccion: string }) {
  return (
    <SinMapaSiFalla>
      <div className={styles.mapaMarco} role="region" aria-label="Mapa">
        <PlanMapLeaflet {...props} />
      </div>
    </SinMapaSiFalla>
  );
}
