"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import styles from "./Search.module.css";

/** "Elige tu pueblo": one tap to the search box of the bar (#barra-busqueda), ready to type. */
export function ElegirPueblo() {
  const p = usePalabras("busqueda");
  return (
    <button
      type="button"
      className={`${styles.chip} ${styles.elegirPueblo}`}
      onClick={() => {
        const caja = document.querySelector<HTMLInputElement>("#barra-busqueda input[role=combobox]");
        caja?.scrollIntoView({ block: "center" });
        caja?.focus();
      }}
    >
      {p.elegirPueblo}
    </button>
  );
}
