"use client";

import { useState } from "react";
import { mensajes } from "@/lib/messages";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import perfil from "./Profile.module.css";

/** The reminder e-mails on or off (PATCH /api/usuario/recordatorios); reports through onAviso. */
export function RemindersToggle({
  inicial,
  onAviso,
}: {
  inicial: boolean;
  onAviso: (a: { error?: string; exito?: string }) => void;
}) {
  const [activos, setActivos] = useState(inicial);
  const [enviando, setEnviando] = useState(false);
  return (
    <label className={perfil.preferencia}>
      <input
        type="checkbox"
        checked={activos}
        disabled={enviando}
        onChange={async (e) => {
          const nuevo = e.target.checked;
          setActivos(nuevo);
          setEnviando(true);
          const r = await llamar("PATCH", "/api/usuario/recordatorios", { recordatorios: nuevo });
          setEnviando(false);
          if (r.ok) onAviso({ exito: mensajeDe(r) });
          else {
            setActivos(!nuevo);
            onAviso({ error: mensajeDe(r) });
          }
        }}
      />
      <span>{mensajes.recordatoriosEtiqueta}</span>
    </label>
  );
}
