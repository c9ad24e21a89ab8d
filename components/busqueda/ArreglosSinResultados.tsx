"use client";

import { arreglosSinResultados } from "@/lib/busqueda/estado-url";
import { EnlaceBusqueda, useBusqueda } from "./BusquedaProvider";
import styles from "./Search.module.css";

/** Under 'no plans found': one tap widens the search (only the ways that apply), keeping the rest. */
export function ArreglosSinResultados() {
  const { estado } = useBusqueda();
  const arreglos = arreglosSinResultados(estado);
  if (arreglos.length === 0) return null;
  return (
    <ul className={styles.arreglos} aria-label="Ampliar la búsqueda">
      {arreglos.map((a) => (
        <li key={a.etiqueta}>
          <EnlaceBusqueda cambios={a.cambios} className={`${styles.chip} ${styles.arreglo}`}>
            {a.etiqueta}
          </EnlaceBusqueda>
        </li>
      ))}
    </ul>
  );
}
