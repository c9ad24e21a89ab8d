"use client";

import { AvisoAccion, useAccion } from "@/components/gestion/acciones";
import gestion from "@/components/gestion/gestion.module.css";
import ui from "@/components/ui/ui.module.css";
import { mensajesFuentes as m } from "@/lib/fuentes/mensajes";

/** An imported plan waiting for review: publish it, or keep it hidden for good. */
export function AccionesRevision({ plan }: { plan: { id: string; titulo: string } }) {
  const { hacer, ocupado, aviso } = useAccion();
  const ruta = `/api/gestion/fuentes/revision/${plan.id}`;
  return (
    <div className={gestion.acciones}>
      <div className={gestion.botones}>
        <button
          type="button"
          className="button"
          disabled={ocupado}
          onClick={() => hacer(ruta, { publicar: true })}
          aria-label={`${m.publicar} «${plan.titulo}»`}
        >
          {m.publicar}
        </button>
        <button
          type="button"
          className={ui.buttonGhost}
          disabled={ocupado}
          onClick={() => hacer(ruta, { publicar: false })}
          aria-label={`${m.descartar} «${plan.titulo}»`}
        >
          {m.descartar}
        </button>
      </div>
      <AvisoAccion aviso={aviso} />
    </div>
  );
}
