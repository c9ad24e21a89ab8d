"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { SinMapaSiFalla } from "./SinMapaSiFalla";
import type { LugarDelMapa } from "./PlanMapLeaflet";
import styles from "./PlanDetail.module.css";

// Leaflet needs `window`: the map is only ever rendered in the browser.
const PlanMapLeaflet = dynamic(() => import("./PlanMapLeaflet"), {
  ssr: false,
  loading: () => <div className={styles.mapa} />,
});

/**
 * The plan's map. Leaflet (its script, styles and tiles) loads only when the map's frame comes
 * near the viewport: on a phone it sits far below the poster, and loading it with the page
 * would hold up the first screen for something most visitors never scroll to.
 */
export function PlanMap(props: { lat: number; lng: number; direccion: string; lugares?: LugarDelMapa[] }) {
  const marco = useRef<HTMLDivElement>(null);
  const [cerca, setCerca] = useState(false);
  const p = usePalabras("plan");
  useEffect(() => {
    const el = marco.current;
    if (!el || cerca) return;
    const observer = new IntersectionObserver(
      (entradas) => {
        if (entradas.some((e) => e.isIntersecting)) setCerca(true);
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [cerca]);
  return (
    <SinMapaSiFalla>
      <div ref={marco} className={styles.mapaMarco} role="region" aria-label={p.mapa}>
        {cerca ? <PlanMapLeaflet {...props} /> : <div className={styles.mapa} />}
      </div>
    </SinMapaSiFalla>
  );
}
