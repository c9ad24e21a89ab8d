"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { enlaceWhatsApp } from "./enlaces";
import styles from "./PlanDetail.module.css";

const sinCambios = () => () => {};

function Compartir() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 15V3m0 0L7.5 7.5M12 3l4.5 4.5M5 12v8h14v-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * 'Compartir' (spec §2). Where the browser has a share sheet (phones), the button opens it with
 * the plan's title, address, date and link. Elsewhere it opens a small panel with "Copiar enlace"
 * and the WhatsApp message of spec §2. The panel is a <details>, so without JavaScript the
 * button still opens it and the WhatsApp link works.
 */
export function SharePlan({ titulo, lineas, url }: { titulo: string; lineas: string[]; url: string }) {
  const p = usePalabras("plan");
  const planes = usePalabras("planes");
  const panel = useRef<HTMLDetailsElement>(null);
  const [copiado, setCopiado] = useState<boolean | null>(null);
  const puedeCopiar = useSyncExternalStore(
    sinCambios,
    () => typeof navigator.clipboard?.writeText === "function",
    () => false,
  );

  // Like the navbar's menus: a click elsewhere or Escape closes the panel.
  useEffect(() => {
    function cerrar(event: MouseEvent | KeyboardEvent) {
      const d = panel.current;
      if (d?.open && (event instanceof KeyboardEvent ? event.key === "Escape" : !d.contains(event.target as Node)))
        d.open = false;
    }
    document.addEventListener("click", cerrar);
    document.addEventListener("keydown", cerrar);
    return () => {
      document.removeEventListener("click", cerrar);
      document.removeEventListener("keydown", cerrar);
    };
  }, []);

  function abrir(event: React.MouseEvent) {
    if (typeof navigator.share !== "function" || panel.current?.open) return;
    event.preventDefault();
    navigator
      .share({ title: titulo, text: [titulo, ...lineas].filter(Boolean).join("\n"), url })
      .catch((error: unknown) => {
        // Closing the sheet is no failure; a browser that refuses it gets the panel instead.
        if ((error as Error)?.name !== "AbortError" && panel.current) panel.current.open = true;
      });
  }

  async function copiar() {
    try {
      await navigator.clipboard.writeText(url);
      setCopiado(true);
    } catch {
      setCopiado(false);
    }
  }

  return (
    <details ref={panel} className={styles.compartir} onToggle={(e) => !e.currentTarget.open && setCopiado(null)}>
      <summary className={styles.accion} onClick={abrir}>
        <Compartir />
        {p.compartir}
      </summary>
      <div className={styles.compartirPanel}>
        {puedeCopiar && (
          <button type="button" className={styles.accion} onClick={copiar}>
            {p.copiarEnlace}
          </button>
        )}
        <a
          className={styles.accion}
          href={enlaceWhatsApp([titulo, ...lineas, url])}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
          <span className="visually-hidden">{` ${p.nuevaPestana}`}</span>
        </a>
        <div role="status" className={styles.compartirAviso}>
          {copiado === true && planes.enlaceCopiado}
          {copiado === false && (
            <>
              {planes.enlaceNoCopiado}
              <input
                className={styles.compartirUrl}
                readOnly
                value={url}
                aria-label={p.direccionDelPlan}
                onFocus={(e) => e.currentTarget.select()}
              />
            </>
          )}
        </div>
      </div>
    </details>
  );
}
