"use client";

import { useEffect, useRef } from "react";
import styles from "./SeguirBusqueda.module.css";

/** What covers the top of the screen once the page scrolls: the navbar, or the sticky search bar. */
function tapaArriba(): number {
  const barra = document.getElementById("barra-busqueda");
  if (barra && getComputedStyle(barra).position === "sticky") return barra.getBoundingClientRect().bottom;
  return document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
}

/**
 * The <details> of "Seguir esta búsqueda", which opens its options where the button is: a panel
 * that floats (laptop) lines up with the button and opens upwards when the screen has no room for
 * it below the button and has above; otherwise the page scrolls just enough to show it whole (also
 * as the e-mail form opens inside it). Without script it is a plain <details> that opens below.
 */
export function DesplegableSeguir({ id, children }: { id: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const desplegable = ref.current;
    if (!desplegable) return;
    const colocar = () => {
      delete desplegable.dataset.arriba;
      const panel = desplegable.querySelector<HTMLElement>(`.${styles.panel}`);
      if (!desplegable.open || !panel) return;
      const boton = desplegable.querySelector("summary")!.getBoundingClientRect();
      const flota = getComputedStyle(panel).position === "absolute";
      if (flota) {
        // Under the button: from its left edge when the panel fits the screen so, else to its right edge.
        const caja = desplegable.getBoundingClientRect();
        const cabe = boton.left + panel.offsetWidth <= window.innerWidth - 16;
        panel.style.left = cabe ? `${boton.left - caja.left}px` : "auto";
        panel.style.right = cabe ? "auto" : `${caja.right - boton.right}px`;
      }
      const p = panel.getBoundingClientRect();
      if (flota && p.bottom > window.innerHeight && boton.top - p.height - 8 >= tapaArriba()) {
        desplegable.dataset.arriba = "";
        return;
      }
      if (p.bottom > window.innerHeight) {
        const reducido = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        panel.scrollIntoView({ block: "nearest", behavior: reducido ? "instant" : "smooth" });
      }
    };
    // Capture: 'toggle' does not bubble, and the e-mail form is a <details> inside this one.
    desplegable.addEventListener("toggle", colocar, true);
    return () => desplegable.removeEventListener("toggle", colocar, true);
  }, []);
  return (
    <details className={styles.seguir} id={id} ref={ref}>
      {children}
    </details>
  );
}
