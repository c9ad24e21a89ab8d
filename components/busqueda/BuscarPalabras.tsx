"use client";

import { useEffect, useId, useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { textoDeBusqueda } from "@/lib/busqueda/filtros-url";
import type { EstadoBusqueda } from "@/lib/busqueda/estado-url";
import { useBusqueda } from "./BusquedaProvider";
import styles from "./Search.module.css";

/** How long the hand must rest before the words typed are searched. */
const ESPERA_MS = 400;

/**
 * "¿Qué buscas?": words to search for, beside the place. They are searched as they are typed,
 * once the hand rests (the URL replaced, not one history entry per letter), or at once with
 * Enter. Before a place is chosen they search around `lugarPorDefecto` (the first visit's example
 * place), else they wait in the URL for the place. Its input is part of the place's form, so
 * without script both travel together.
 */
export function BuscarPalabras({ lugarPorDefecto }: { lugarPorDefecto?: Partial<EstadoBusqueda> }) {
  const { estado, ir } = useBusqueda();
  const p = usePalabras("busqueda");
  const id = useId();
  const [texto, setTexto] = useState(estado.q);
  const [previo, setPrevio] = useState(estado.q);
  // Changed elsewhere (a way out that drops the words, the back button): the box follows.
  if (estado.q !== previo) {
    setPrevio(estado.q);
    setTexto(estado.q);
  }
  const buscar = (reemplazar: boolean) => {
    const q = textoDeBusqueda(texto);
    if (q === estado.q) return;
    const lugar = estado.lat === null && estado.municipio === null ? lugarPorDefecto : undefined;
    ir({ q, ...lugar }, { reemplazar });
  };
  useEffect(() => {
    const t = setTimeout(() => buscar(true), ESPERA_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the text is the trigger
  }, [texto]);
  return (
    <div className={styles.palabras}>
      <label htmlFor={id} className="visually-hidden">
        {p.queBuscas}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        className={styles.palabrasInput}
        placeholder={p.queBuscas}
        value={texto}
        onChange={(e) => setTexto(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          // The words at once; the place's form is not sent for them.
          e.preventDefault();
          buscar(false);
        }}
      />
    </div>
  );
}
