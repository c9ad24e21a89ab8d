"use client";

import Link from "@/components/idioma/Enlace";
import { useEffect, useSyncExternalStore } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { AVISO_COOKIES } from "@/lib/aviso-cookies";
import styles from "./CookieBar.module.css";

const UN_ANO_S = 365 * 24 * 3600;
const listeners = new Set<() => void>();
/** Accepted in this browser during this page: with the button, or found in local storage (see below). */
let aceptadasEnLocal = false;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const enCookie = () => document.cookie.split("; ").includes(`${AVISO_COOKIES}=true`);
const aceptadasEnNavegador = () => aceptadasEnLocal || enCookie();

/** Local storage's value, or null where the browser refuses local storage (a privacy setting). */
function leerLocal(): string | null {
  try {
    return window.localStorage.getItem(AVISO_COOKIES);
  } catch {
    return null;
  }
}

/** Remembers the acceptance in the cookie (which alone hides the bar) and hides it. */
function marcarAceptadas() {
  const segura = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${AVISO_COOKIES}=true; Path=/; Max-Age=${UN_ANO_S}; SameSite=Lax${segura}`;
  aceptadasEnLocal = true;
  listeners.forEach((l) => l());
}

/**
 * The bar shows until 'Aceptar' is pressed; the choice is kept in local storage (spec §9) and in
 * a cookie, which the page's head reads to hide the bar before it is painted (lib/aviso-cookies.ts).
 * Every page's HTML holds it, the same for every visitor; once hydrated, an accepted bar is removed.
 */
export function CookieBar() {
  const p = usePalabras("general");
  const aceptadas = useSyncExternalStore(subscribe, aceptadasEnNavegador, () => false);
  // Accepted before the cookie existed (local storage only): hide the bar and write the cookie.
  // Read when the page is idle: a page's first local storage access can block its thread for
  // tens of milliseconds on a slow phone, and hydration is the worst moment for it.
  useEffect(() => {
    if (aceptadas) return;
    const leer = () => {
      if (leerLocal() === "true") marcarAceptadas();
    };
    if (typeof window.requestIdleCallback !== "function") {
      const t = window.setTimeout(leer, 200);
      return () => window.clearTimeout(t);
    }
    const id = window.requestIdleCallback(leer, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, [aceptadas]);
  if (aceptadas) return null;
  return (
    <div className={styles.bar} role="region" aria-label={p.avisoCookies}>
      <div className={styles.inner}>
        <p className={styles.text}>
          {p.cookiesTexto}{" "}
          <Link href="/cookies" prefetch={false}>
            {p.politicaCookies}
          </Link>
        </p>
        <button
          type="button"
          className={`button ${styles.boton}`}
          onClick={() => {
            // The cookie first: it alone hides the bar, even where local storage is refused.
            marcarAceptadas();
            try {
              window.localStorage.setItem(AVISO_COOKIES, "true");
            } catch {
              // Storage disabled or full: the cookie keeps the choice.
            }
          }}
        >
          {p.cookiesAceptar}
        </button>
      </div>
    </div>
  );
}
