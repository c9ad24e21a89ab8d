"use client";

import { useEffect } from "react";

/**
 * While a programme is on, marks its acts "Ahora" (begun, not ended) and "A continuación" (the
 * next to begin) by the reader's clock, every minute: the page itself is rendered for the day and
 * cached, so the hour's marks are set here, on the markers FechasPlan renders hidden.
 */
export function AhoraEnElPrograma({ fechas }: { fechas: { id: string; inicio: string; fin: string | null }[] }) {
  useEffect(() => {
    const marcar = () => {
      const ahora = Date.now();
      const enCurso = new Set(
        fechas.filter((f) => Date.parse(f.inicio) <= ahora && f.fin && Date.parse(f.fin) > ahora).map((f) => f.id),
      );
      const siguiente = fechas.find((f) => Date.parse(f.inicio) > ahora)?.id;
      // Only while it is on: before the first act and after the last, the day's marks say enough.
      const enMarcha = enCurso.size > 0 || fechas.some((f) => Date.parse(f.inicio) <= ahora);
      for (const el of document.querySelectorAll<HTMLElement>("[data-ahora]"))
        el.hidden = !enCurso.has(el.dataset.ahora!);
      for (const el of document.querySelectorAll<HTMLElement>("[data-siguiente]"))
        el.hidden = !(enMarcha && el.dataset.siguiente === siguiente);
    };
    marcar();
    const reloj = setInterval(marcar, 60_000);
    return () => clearInterval(reloj);
  }, [fechas]);
  return null;
}
