"use client";

import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { VISTAS, type EstadoBusqueda } from "@/lib/busqueda/estado-url";
import { useBusqueda, useEnlaceBusqueda } from "./BusquedaProvider";
import styles from "./Mapa.module.css";

/**
 * A switch of the results between the values of one field of the search: links of the search
 * (the field travels in the URL, so a shared link opens as it was seen), the current one marked.
 */
function Selector<K extends "vista" | "orden">({
  campo,
  opciones,
  etiqueta,
  className = styles.selector,
}: {
  campo: K;
  opciones: readonly { valor: EstadoBusqueda[K]; texto: string }[];
  etiqueta: string;
  className?: string;
}) {
  const { estado } = useBusqueda();
  const enlace = useEnlaceBusqueda();
  return (
    <div className={className} role="group" aria-label={etiqueta}>
      {opciones.map(({ valor, texto }) => (
        <Link
          key={valor}
          {...enlace({ [campo]: valor } as Partial<EstadoBusqueda>)}
          aria-current={estado[campo] === valor ? "true" : undefined}
          prefetch={false}
        >
          {texto}
        </Link>
      ))}
    </div>
  );
}

/**
 * 'Lista / Mapa' in the list's header; on a phone only the other view (the list offers "Mapa",
 * the map "Lista"), beside the order, so the header keeps to two rows and the plans start high.
 */
export function SelectorVista() {
  const p = usePalabras("busqueda");
  const etiqueta = { lista: p.vistaLista, mapa: p.vistaMapa } as const;
  return (
    <Selector
      campo="vista"
      opciones={VISTAS.map((v) => ({ valor: v, texto: etiqueta[v] }))}
      etiqueta={p.vistaResultados}
      className={`${styles.selector} ${styles.otraVista}`}
    />
  );
}

/** 'Antes primero / Cerca primero': the web lists by date; distance is one tap away. */
export function SelectorOrden() {
  const p = usePalabras("busqueda");
  const opciones = [
    { valor: "fecha", texto: p.ordenFecha },
    { valor: "distancia", texto: p.ordenDistancia },
  ] as const;
  return <Selector campo="orden" opciones={opciones} etiqueta={p.ordenResultados} />;
}
