"use client";

import { useSyncExternalStore } from "react";
import { enlaceWhatsApp } from "./enlaces";
import styles from "./PlanDetail.module.css";

const sinCambios = () => () => {};

function Bocadillo() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 5h16v11H9l-5 4V5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * 'Compartir' (spec §2): a WhatsApp message with the title, address, date and link, and the
 * device's own share sheet where the browser has one.
 */
export function SharePlan({ titulo, lineas, url }: { titulo: string; lineas: string[]; url: string }) {
  const nativo = useSyncExternalStore(sinCambios, () => typeof navigator.share === "function", () => false);
  return (
    <>
      <a className={styles.accion} href={enlaceWhatsApp([titulo, ...lineas, url])} target="_blank" rel="noopener noreferrer">
        <Bocadillo />
        Compartir
        <span className="visually-hidden"> por WhatsApp (se abre en una pestaña nueva)</span>
      </a>
      {nativo && (
        <button
          type="button"
          className={styles.accion}
          onClick={() => navigator.share({ title: titulo, text: [titulo, ...lineas].join("\n"), url }).catch(() => {})}
        >
          Más opciones para compartir
        </button>
      )}
    </>
  );
}
