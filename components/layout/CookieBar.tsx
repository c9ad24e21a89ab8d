"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { mensajes } from "@/lib/messages";
import styles from "./CookieBar.module.css";

/** Local storage key of spec §9. */
const CLAVE = "cookiesAccepted";
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The bar shows until 'Aceptar' is pressed; the choice is kept in the browser. */
export function CookieBar() {
  const aceptadas = useSyncExternalStore(
    subscribe,
    () => window.localStorage.getItem(CLAVE) === "true",
    () => true, // on the server: render nothing, the browser decides after hydration
  );
  if (aceptadas) return null;
  return (
    <div className={styles.bar} role="region" aria-label="Aviso de cookies">
      <p className={styles.text}>
        {mensajes.cookiesTexto} <Link href="/cookies">{mensajes.politicaCookies}</Link>.
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          window.localStorage.setItem(CLAVE, "true");
          listeners.forEach((l) => l());
        }}
      >
        {mensajes.cookiesAceptar}
      </button>
    </div>
  );
}
