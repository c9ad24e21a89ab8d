"use client";

import { useRutaActual } from "@/components/idioma/ContextoIdioma";
import { useEffect, useState } from "react";
import styles from "./ui.module.css";

const CLAVE = "planazo.avisoAlLlegar";
/** Tells a page already open at the route (a list reloaded in place) to show the message now. */
const EVENTO = "planazo:aviso";

const mismaRuta = (a: string, b: string) => {
  try {
    return decodeURIComponent(a) === decodeURIComponent(b);
  } catch {
    return a === b;
  }
};

/**
 * Leaves a message for the page an action goes on to ('Planes Creados' after deleting a plan says
 * so). Kept in this tab's session storage, not in the URL, so a shared or reloaded link never
 * shows it again. When that page is the one already open, it shows at once.
 */
export function dejarAviso(ruta: string, mensaje: string) {
  try {
    sessionStorage.setItem(CLAVE, JSON.stringify({ ruta, mensaje }));
  } catch {
    // Storage refused (private mode): the page still opens, without the message.
  }
  window.dispatchEvent(new Event(EVENTO));
}

/** Shows, once, the message left for the current page (in the root layout). */
export function AvisoAlLlegar() {
  const ruta = useRutaActual();
  const [aviso, setAviso] = useState<string | null>(null);
  useEffect(() => {
    const leer = () => {
      let guardado: { ruta?: unknown; mensaje?: unknown } | null = null;
      try {
        guardado = JSON.parse(sessionStorage.getItem(CLAVE) ?? "null");
      } catch {
        return;
      }
      if (
        !guardado ||
        typeof guardado.ruta !== "string" ||
        typeof guardado.mensaje !== "string" ||
        !mismaRuta(guardado.ruta, ruta)
      )
        return;
      sessionStorage.removeItem(CLAVE);
      setAviso(guardado.mensaje);
    };
    // Session storage is only readable after hydration: the message cannot come from the render.
    leer();
    window.addEventListener(EVENTO, leer);
    return () => window.removeEventListener(EVENTO, leer);
  }, [ruta]);
  if (!aviso) return null;
  return (
    <div role="status" className={styles.avisoLlegada}>
      <p>{aviso}</p>
      <button type="button" className={styles.avisoCerrar} aria-label="Cerrar aviso" onClick={() => setAviso(null)}>
        ×
      </button>
    </div>
  );
}
