"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { llamar, mensajeDe } from "@/components/account/api";
import { Aviso } from "@/components/ui/Field";
import { mensajes } from "@/lib/messages";
import { LOGIN_PATH } from "@/lib/users/routes";
import styles from "./PlanDetail.module.css";

function Corazon({ lleno }: { lleno: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z"
        fill={lleno ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The favourite toggle of the plan page (spec §4): a visitor without a session goes to the login
 * page (and comes back); with one, the saved state loads from the favourites list and flips at
 * once, going back if the server refuses. A saved plan's button reads "Guardado".
 */
export function FavoriteToggle({ planId, conectado }: { planId: string; conectado: boolean }) {
  const router = useRouter();
  const [sesion, setSesion] = useState(conectado);
  const [favorito, setFavorito] = useState(false);
  const [cargando, setCargando] = useState(conectado);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});

  useEffect(() => {
    if (!conectado) return;
    let vigente = true;
    llamar<{ _id: string }[]>("GET", "/api/plan/planesFavoritos").then((r) => {
      if (!vigente) return;
      if (r.status === 401) setSesion(false);
      else if (r.ok && Array.isArray(r.data)) setFavorito(r.data.some((p) => p._id === planId));
      setCargando(false);
    });
    return () => {
      vigente = false;
    };
  }, [conectado, planId]);

  async function alternar() {
    if (!sesion) {
      router.push(`${LOGIN_PATH}?redirigir=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    const guardar = !favorito;
    setFavorito(guardar);
    setAviso({});
    const r = await llamar(guardar ? "POST" : "PATCH", `/api/plan/${guardar ? "agregar" : "eliminar"}-plan-favorito/${planId}`);
    if (r.ok) {
      setAviso({ exito: r.data.mensaje });
      return;
    }
    setFavorito(!guardar);
    if (r.status === 401) setSesion(false);
    setAviso({ error: mensajeDe(r, guardar ? mensajes.errorGuardarFavorito : mensajes.errorEliminarFavorito) });
  }

  return (
    <div className={styles.favorito}>
      <button type="button" className={styles.accion} aria-pressed={favorito} disabled={cargando} onClick={alternar}>
        <Corazon lleno={favorito} />
        {favorito ? mensajes.favoritoGuardadoBoton : "Favorito"}
      </button>
      <Aviso error={aviso.error} exito={aviso.exito} />
    </div>
  );
}
