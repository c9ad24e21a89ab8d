"use client";

import { useEffect, useId, useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { marcado, Pista, type MensajeCampo } from "@/components/ui/Field";
import { IMAGE_ACCEPT } from "@/lib/media/image-types";
import { conDatos } from "@/lib/con-datos";
import styles from "./form.module.css";

/** The preview URL of a chosen file, released when the file changes or the picker goes away. */
export function useUrlDeArchivo(archivo: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!archivo) return;
    const u = URL.createObjectURL(archivo);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the object URL is an external resource tied to this effect
    setUrl(u);
    return () => {
      URL.revokeObjectURL(u);
      setUrl(null);
    };
  }, [archivo]);
  return archivo ? url : null;
}

/**
 * The poster (spec §2): a PNG or JPEG chosen with a file picker, previewed at once. With a stored
 * poster (edit page, or the wizard's poster stored in advance) the button reads 'Seleccionar nuevo
 * cartel'. Without `conVista` the preview is left to the caller (the back-office shows the whole
 * sponsor card instead). `estado` is a line about the poster's storing (the wizard's), and
 * `onVistaRota` hears of a stored poster whose image is gone.
 */
export function PosterPicker({
  archivo,
  urlGuardada,
  nombreGuardado,
  onArchivo,
  pista,
  conVista = true,
  estado,
  onVistaRota,
}: {
  archivo: File | null;
  urlGuardada?: string | null;
  /** The stored poster's file name, when it is one the person chose (the wizard's draft). */
  nombreGuardado?: string | null;
  onArchivo: (f: File | null) => void;
  pista?: MensajeCampo;
  conVista?: boolean;
  estado?: React.ReactNode;
  onVistaRota?: () => void;
}) {
  const id = useId();
  const p = usePalabras("formulario");
  const vista = useUrlDeArchivo(archivo) ?? (archivo ? null : (urlGuardada ?? null));
  const nombre = archivo?.name ?? nombreGuardado;
  return (
    <div className={styles.campo} data-campo role="group" aria-labelledby={`${id}-titulo`}>
      <span className={styles.etiqueta} id={`${id}-titulo`}>
        {p.cartel}
      </span>
      <input
        id={id}
        className={`visually-hidden ${styles.archivo}`}
        type="file"
        accept={IMAGE_ACCEPT}
        {...marcado(pista, `${id}-pista`, `${id}-ayuda`)}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onArchivo(f);
          // The same file can be chosen again after a reset.
          e.target.value = "";
        }}
      />
      <label htmlFor={id} className={styles.botonArchivo}>
        {urlGuardada || archivo ? p.seleccionarNuevoCartel : p.seleccionarCartel}
      </label>
      <p id={`${id}-ayuda`} className={styles.ayuda}>
        {p.cartelAyuda}
      </p>
      <Pista id={`${id}-pista`} texto={pista} className={styles.pista} />
      {nombre && <p className={styles.nombreArchivo}>{conDatos(p.archivoElegido, { nombre })}</p>}
      {estado}
      {conVista && vista && (
        // eslint-disable-next-line @next/next/no-img-element -- a local object URL or an already resized variant
        <img src={vista} alt={p.vistaPreviaCartel} className={styles.vistaCartel} onError={onVistaRota} />
      )}
    </div>
  );
}
