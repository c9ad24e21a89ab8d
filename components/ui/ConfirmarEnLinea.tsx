"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import ui from "./ui.module.css";

/**
 * A destructive action asked once more in place (no dialog): what will happen, the red button
 * that does it, and "Cancelar". A browser component (its parents hold the handlers): its page gives
 * the "asistente" words.
 */
export function ConfirmarEnLinea({
  etiqueta,
  texto,
  boton,
  ocupado,
  onConfirmar,
  onCancelar,
  className,
  botonesClassName,
}: {
  /** The group's accessible name ("Eliminar «…»"). */
  etiqueta: string;
  texto: string;
  boton: string;
  ocupado: boolean;
  onConfirmar: () => void;
  onCancelar: () => void;
  className?: string;
  botonesClassName?: string;
}) {
  const p = usePalabras("general");
  return (
    <div className={className} role="group" aria-label={etiqueta}>
      <p>{texto}</p>
      <div className={botonesClassName}>
        <button type="button" className={ui.buttonDangerSolid} disabled={ocupado} onClick={onConfirmar}>
          {boton}
        </button>
        <button type="button" className={ui.buttonGhost} onClick={onCancelar}>
          {p.cancelar}
        </button>
      </div>
    </div>
  );
}
