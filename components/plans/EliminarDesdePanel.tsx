"use client";

import { Spinner } from "@/components/ui/Field";
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
  return (
    <>
      <button type="button" className={className} onClick={borrado.pedir} disabled={borrado.trabajando}>
        Eliminar<span className="visually-hidden"> «{titulo}»</span>
        {borrado.trabajando && <Spinner etiqueta="Eliminando el plan…" />}
      </button>
      {borrado.error && (
        <p role="alert" className={ui.error}>
          {borrado.error}
        </p>
      )}
      {borrado.confirmacion}
    </>
  );
}
