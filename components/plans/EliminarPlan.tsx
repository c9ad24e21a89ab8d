"use client";

import { useRouter } from "next/navigation";
import { useRuta, useRutaActual } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { useState, useTransition } from "react";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { dejarAviso } from "@/components/ui/AvisoAlLlegar";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";

/** 'Planes Creados': where a deleted plan's owner goes back to. */
export const MIS_PLANES = "/mis-planes";

/**
 * Deleting a plan, the same from the edit page and from 'Planes Creados' (spec §2, §4): the
 * 'Eliminar Plan' confirmation, DELETE /api/plan/{id}, then 'Planes Creados' reloaded with the
 * server's message on top. The caller places the button (`pedir`) and the error; `confirmacion`
 * is the modal to render.
 */
export function useEliminarPlan(planId: string) {
  const p = usePalabras("plan");
  const publicar = usePalabras("publicar");
  const router = useRouter();
  const ruta = useRutaActual();
  const enIdioma = useRuta();
  const [abierto, setAbierto] = useState(false);
  const [llamando, setLlamando] = useState(false);
  const [recargando, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  async function eliminar() {
    setAbierto(false);
    setError(null);
    setLlamando(true);
    const r = await llamar("DELETE", `/api/plan/${planId}`);
    setLlamando(false);
    if (!r.ok) return setError(mensajeDe(r, publicar.errorEliminarPlan));
    // The API's confirmation is Spanish (its contract): the page says it in its own language.
    dejarAviso(MIS_PLANES, publicar.planEliminado);
    // Already on the list: read it again in place; elsewhere (the edit page, now a 404): go there.
    startTransition(() => (ruta === MIS_PLANES ? router.refresh() : router.push(enIdioma(MIS_PLANES))));
  }

  const confirmacion = (
    <Modal
      abierto={abierto}
      titulo={publicar.eliminarPlanTitulo}
      onCerrar={() => setAbierto(false)}
      acciones={
        <>
          <button type="button" className={ui.buttonGhost} onClick={() => setAbierto(false)}>
            {p.cancelar}
          </button>
          <button type="button" className={ui.buttonDangerSolid} onClick={() => void eliminar()}>
            {p.eliminar}
          </button>
        </>
      }
    >
      <p>{publicar.eliminarPlanConfirmacion}</p>
    </Modal>
  );
  return {
    pedir: () => {
      setError(null);
      setAbierto(true);
    },
    trabajando: llamando || recargando,
    error,
    confirmacion,
  };
}
