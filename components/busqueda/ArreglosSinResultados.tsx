"use client";

import { useIdioma } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { arreglosSinResultados, textoArreglo } from "@/lib/busqueda/estado-url";
import { conDatos } from "@/lib/con-datos";
import { palabrasPlanes, planesTexto } from "@/lib/plans/cantidades";
import { EnlaceBusqueda, useBusqueda } from "./BusquedaProvider";
import styles from "./Search.module.css";

/**
 * Under 'no plans found': one tap widens the search (only the ways that apply), keeping the rest.
 * With `cuentas` (how many plans each way would show, by its label, counted on the server) each
 * says so ("Quitar «rock» (16 planes)") and, when some way shows plans, one that would show none
 * is not offered. When none does alone, every way stays, to widen the search step by step.
 */
export function ArreglosSinResultados({
  cuentas,
}: {
  cuentas?: Readonly<Record<string, { total: number; totalExacto: boolean }>>;
}) {
  const { estado } = useBusqueda();
  const b = usePalabras("buscador");
  const busqueda = usePalabras("busqueda");
  const palabras = palabrasPlanes(useIdioma(), b, busqueda);
  const todos = arreglosSinResultados(estado);
  const conPlanes = todos.filter((a) => (cuentas?.[a.etiqueta]?.total ?? 0) > 0);
  const arreglos = (conPlanes.length > 0 ? conPlanes : todos).map((a) => {
    const arreglo = textoArreglo(a, estado, { ...b, quitarPalabras: busqueda.quitarPalabras });
    const cuenta = cuentas?.[a.etiqueta];
    if (!cuenta || cuenta.total === 0) return { ...a, texto: arreglo };
    const planes = planesTexto(cuenta.total, palabras, cuenta.totalExacto);
    return { ...a, texto: conDatos(busqueda.arregloConPlanes, { arreglo, planes }) };
  });
  if (arreglos.length === 0) return null;
  return (
    <ul className={styles.arreglos} aria-label={b.ampliarBusqueda}>
      {arreglos.map((a) => (
        <li key={a.etiqueta}>
          <EnlaceBusqueda cambios={a.cambios} className={`${styles.chip} ${styles.arreglo}`}>
            {a.texto}
          </EnlaceBusqueda>
        </li>
      ))}
    </ul>
  );
}
