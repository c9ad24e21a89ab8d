"use client";

import { useState } from "react";
import { useRuta } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { Aviso } from "@/components/ui/Field";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { CorreoParaSeguir } from "./SeguirPueblo";
import seguir from "./seguimientos.module.css";

/**
 * "Seguir" beside an organization's name (its page, and a plan's organizer). With a session it
 * is a toggle: one tap follows (new plans by notification and in the Thursday e-mail, as the
 * profile's choices say), another stops. Without one it asks for an e-mail address and sends the
 * confirmation link, as following a town does. Its page provides "perfil" and "seguir".
 */
export function SeguirOrganizacion({
  organizacion,
  conectado,
  siguiendo: inicial,
}: {
  organizacion: { _id: string; nombre: string };
  conectado: boolean;
  /** The user's follow of it (its id), or null. */
  siguiendo: string | null;
}) {
  const p = usePalabras("perfil");
  const { seguirError } = usePalabras("seguir");
  const enIdioma = useRuta();
  const [siguiendo, setSiguiendo] = useState(inicial);
  const [pedirCorreo, setPedirCorreo] = useState(false);
  const [correo, setCorreo] = useState("");
  const [enviando, setEnviando] = useState(false);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});

  async function alternar() {
    if (!conectado) {
      setPedirCorreo((v) => !v);
      return;
    }
    setEnviando(true);
    setAviso({});
    const r = siguiendo
      ? await llamar("DELETE", `/api/seguimientos/${siguiendo}`)
      : await llamar("POST", "/api/seguimientos", { organizacionId: organizacion._id });
    setEnviando(false);
    if (!r.ok) {
      setAviso({ error: mensajeDe(r, seguirError) });
      // The session ended: follow by e-mail instead.
      if (r.status === 400 || r.status === 401) setPedirCorreo(true);
      return;
    }
    const cuerpo = r.data as { seguimiento?: { _id: string } };
    setSiguiendo(siguiendo ? null : (cuerpo.seguimiento?._id ?? null));
    setAviso({ exito: mensajeDe(r, seguirError) });
  }

  async function enviarCorreo() {
    setEnviando(true);
    setAviso({});
    const r = await llamar("POST", "/api/seguimientos", { organizacionId: organizacion._id, email: correo });
    setEnviando(false);
    setAviso(r.ok ? { exito: mensajeDe(r, seguirError) } : { error: mensajeDe(r, seguirError) });
  }

  return (
    <div className={seguir.seguirOrg}>
      <button
        type="button"
        className={`button ${seguir.seguirOrgBoton}`}
        aria-pressed={conectado ? siguiendo !== null : undefined}
        aria-expanded={conectado ? undefined : pedirCorreo}
        disabled={enviando}
        onClick={() => void alternar()}
      >
        {siguiendo ? p.seguirOrganizacionSiguiendo : p.seguirOrganizacionBoton}
        <span className="visually-hidden"> {organizacion.nombre}</span>
      </button>
      {pedirCorreo && !aviso.exito && (
        <CorreoParaSeguir
          correo={correo}
          onCorreo={setCorreo}
          onEnviar={() => void enviarCorreo()}
          enviando={enviando}
          invalido={Boolean(aviso.error)}
        >
          <p className={seguir.seguirTexto}>{p.seguirOrganizacionExplicacion}</p>
        </CorreoParaSeguir>
      )}
      <Aviso {...aviso} />
      {conectado && siguiendo && aviso.exito && (
        <a href={enIdioma("/perfil#avisos")} className={seguir.seguirTexto}>
          {p.seguirOrganizacionElegir}
        </a>
      )}
    </div>
  );
}
