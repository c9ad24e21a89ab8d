"use client";

import { arreglosSinResultados } from "@/lib/busqueda/estado-url";
import { conDatos, mensajes } from "@/lib/messages";
import { planesTexto } from "@/lib/plans/cantidades";
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
  const todos = arreglosSinResultados(estado);
  const conPlanes = todos.filter((a) => (cuentas?.[a.etiqueta]?.total ?? 0) > 0);
  const arreglos = (conPlanes.length > 0 ? conPlanes : todos).map((a) => {
    const cuenta = cuentas?.[a.etiqueta];
    if (!cuenta || cuenta.total === 0) return { ...a, texto: a.etiqueta };
    const planes = planesTexto(cuenta.total, cuenta.totalExacto);
    return { ...a, texto: conDatos(mensajes.arregloConPlanes, { arreglo: a.etiqueta, planes }) };
  });
  if (arreglos.length === 0) return null;
  return (
    <ul className={styles.arreglos} aria-label="Ampliar la búsqueda">
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
