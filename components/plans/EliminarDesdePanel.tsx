"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import { Spinner, useTraduccion } from "@/components/ui/Field";
import { conDatos } from "@/lib/con-datos";
import ui from "@/components/ui/ui.module.css";
import { useEliminarPlan } from "./EliminarPlan";

/** 'Eliminar' on a row of 'Planes Creados': the edit page's own delete flow, its error beside it. */
export function EliminarDesdePanel({
  planId,
  titulo,
  className,
}: {
  planId: string;
  titulo: string;
  className: string;
}) {
  const borrado = useEliminarPlan(planId);
  const p = usePalabras("tarjeta");
  const traducir = useTraduccion();
  return (
    <>
      <button type="button" className={className} onClick={borrado.pedir} disabled={borrado.trabajando}>
        {p.eliminar}
        <span className="visually-hidden">{` ${conDatos(p.nombrePlan, { titulo })}`}</span>
        {borrado.trabajando && <Spinner etiqueta={p.eliminando} />}
      </button>
      {borrado.error && (
        <p role="alert" className={ui.error}>
          {traducir(borrado.error)}
        </p>
      )}
      {borrado.confirmacion}
    </>
  );
}
