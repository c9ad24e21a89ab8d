"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import styles from "./InsigniaVerificada.module.css";

/**
 * "Verificada": the team has checked this organization (/gestion/organizaciones). A check and the
 * word, so it reads the same to a screen reader ("Verificada") as it looks; the check is decoration.
 * A browser component for its words: cards show it on the server and in the browser (the
 * published plan's preview), and only "general" reaches every page (the root layout's).
 */
export function InsigniaVerificada({ pequena = false }: { pequena?: boolean }) {
  const p = usePalabras("general");
  return (
    <span className={pequena ? `${styles.insignia} ${styles.pequena}` : styles.insignia} title={p.verificadaTitulo}>
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 1.5 14.6 4l3.5-.4.9 3.4 3.1 1.7-1.4 3.3 1.4 3.3-3.1 1.7-.9 3.4-3.5-.4L12 22.5 9.4 20l-3.5.4-.9-3.4-3.1-1.7L3.3 12 1.9 8.7 5 7l.9-3.4 3.5.4z"
        />
        <path
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="m7.8 12.2 2.9 2.9 5.5-5.8"
        />
      </svg>
      {p.verificada}
    </span>
  );
}
