"use client";

import { useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { enlaceComoLlegar } from "./enlaces";
import { PosterImage } from "./PosterImage";
import styles from "./PlanDetail.module.css";

function Chincheta() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 21s7-6.1 7-11.5A7 7 0 0 0 5 9.5C5 14.9 12 21 12 21z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="9.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The detail modal of spec §2: title, image, address, dates, 'Cerrar' and 'Cómo llegar'. */
export function PlanSummary({
  titulo,
  imagen,
  direccion,
  cuando,
  coordenadas,
}: {
  titulo: string;
  imagen: { src: string; width: number; height: number } | null;
  direccion: string;
  cuando: string | null;
  coordenadas: [number, number];
}) {
  const [abierto, setAbierto] = useState(false);
  const p = usePalabras("plan");
  return (
    <>
      <button type="button" className={styles.accion} aria-haspopup="dialog" onClick={() => setAbierto(true)}>
        <Chincheta />
        {p.verResumen}
      </button>
      <Modal
        abierto={abierto}
        titulo={titulo}
        onCerrar={() => setAbierto(false)}
        acciones={
          <>
            <button type="button" className={ui.buttonGhost} onClick={() => setAbierto(false)}>
              {p.cerrar}
            </button>
            <a className="button" href={enlaceComoLlegar(coordenadas)} target="_blank" rel="noopener noreferrer">
              {p.comoLlegar}
              <span className="visually-hidden">{` ${p.nuevaPestana}`}</span>
            </a>
          </>
        }
      >
        {imagen && (
          <PosterImage src={imagen.src} width={imagen.width} height={imagen.height} className={styles.resumenImagen} />
        )}
        <p className={styles.resumenDato}>{direccion}</p>
        {cuando && <p className={styles.resumenDato}>{cuando}</p>}
      </Modal>
    </>
  );
}
