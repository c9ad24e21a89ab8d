"use client";

import Link from "next/link";
import { mensajes } from "@/lib/messages";
import { VISTAS } from "@/lib/busqueda/estado-url";
import { useBusqueda, useEnlaceBusqueda } from "./BusquedaProvider";
import styles from "./Mapa.module.css";

const ETIQUETA = { lista: mensajes.vistaLista, mapa: mensajes.vistaMapa } as const;

/**
 * The 'Lista / Mapa' switch of the results: two links of the search (the view travels in the
 * URL, so a shared map link opens the map), the current one marked.
 */
export function SelectorVista() {
  const { estado } = useBusqueda();
  const enlace = useEnlaceBusqueda();
  return (
    <div className={styles.selector} role="group" aria-label={mensajes.vistaResultados}>
      {VISTAS.map((v) => (
        <Link key={v} {...enlace({ vista: v })} aria-current={estado.vista === v ? "true" : undefined} prefetch={false}>
          {ETIQUETA[v]}
        </Link>
      ))}
    </div>
  );
}
