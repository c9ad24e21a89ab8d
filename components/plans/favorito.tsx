"use client";

import { useRuta } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { useHidratado } from "@/lib/cliente/hidratado";
import { loginConVuelta } from "@/lib/users/protected-pages";

/** The heart of the favourite buttons (plan page and cards). */
export function Corazon({ lleno, tamano = 20 }: { lleno: boolean; tamano?: number }) {
  return (
    <svg width={tamano} height={tamano} viewBox="0 0 24 24" aria-hidden="true">
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
 * A plan's saved state and its toggle, for every favourite button (spec §4). The page's server
 * says whether someone is logged in and whether the plan is saved. A tap flips the heart at once;
 * the calls go one at a time, each for the latest wish, so fast taps end where the last one
 * pointed and the server agrees; a refusal puts back what the server holds. Without a session the
 * tap goes to the login page with this plan to save and this same address to come back to: the
 * login page says so, saves the plan once the person is in, and comes back here.
 */
export function useFavorito(planId: string, { conectado, guardado }: { conectado: boolean; guardado: boolean }) {
  const router = useRouter();
  const enIdioma = useRuta();
  const p = usePalabras("tarjeta");
  const [sesion, setSesion] = useState(conectado);
  const [favorito, setFavorito] = useState(guardado);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  // Until the page is hydrated the button is disabled: a tap then would be lost without a trace.
  const listo = useHidratado();
  // While calls are on their way the button is aria-busy: what it shows is not yet the server's.
  const [ocupado, setOcupado] = useState(false);
  // What the person wants, what the server last confirmed, and whether a call is on its way.
  const deseado = useRef(guardado);
  const confirmado = useRef(guardado);
  const enCurso = useRef(false);

  async function sincronizar() {
    if (enCurso.current) return;
    enCurso.current = true;
    setOcupado(true);
    while (deseado.current !== confirmado.current) {
      const guardar = deseado.current;
      const r = await llamar(
        guardar ? "POST" : "PATCH",
        `/api/plan/${guardar ? "agregar" : "eliminar"}-plan-favorito/${planId}`,
      );
      if (r.ok) {
        confirmado.current = guardar;
        if (deseado.current === guardar) setAviso({ exito: r.data.mensaje });
        continue;
      }
      deseado.current = confirmado.current;
      setFavorito(confirmado.current);
      if (r.status === 401) setSesion(false);
      setAviso({ error: mensajeDe(r, guardar ? p.errorGuardar : p.errorQuitar) });
    }
    enCurso.current = false;
    setOcupado(false);
  }

  function querer(guardar: boolean) {
    deseado.current = guardar;
    setFavorito(guardar);
    setAviso({});
    void sincronizar();
  }

  function alternar() {
    if (!sesion) {
      router.push(enIdioma(loginConVuelta(`${window.location.pathname}${window.location.search}`, planId)));
      return;
    }
    querer(!deseado.current);
  }

  // The toggle's own attributes, the same on every favourite button.
  const boton = {
    type: "button",
    "aria-pressed": favorito,
    "aria-busy": ocupado,
    disabled: !listo,
    onClick: alternar,
  } as const;
  return { boton, favorito, aviso };
}
