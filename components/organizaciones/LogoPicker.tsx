"use client";

import { useId, useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { marcado, Pista } from "@/components/ui/Field";
import { IMAGE_ACCEPT } from "@/lib/media/image-types";
import ui from "@/components/ui/ui.module.css";
import styles from "./Organizations.module.css";

/**
 * The logo file picker with a preview of the chosen file (or of the stored logo). The native
 * input stays in the tab order, visually hidden behind a label styled as a button.
 */
export function LogoPicker({
  etiqueta,
  archivo,
  onArchivo,
  actual,
  pista,
}: {
  etiqueta: string;
  archivo: File | null;
  onArchivo: (archivo: File | null) => void;
  /** The stored logo: its URL and its alt text. */
  actual?: { url: string; alt: string };
  /** The form rules' hint while the logo fails. */
  pista?: string;
}) {
  const p = usePalabras("perfil");
  const id = useId();
  // The preview belongs to one file: once the form forgets that file, the stored logo shows again.
  const [vista, setVista] = useState<{ archivo: File; url: string } | null>(null);
  const preview = vista && vista.archivo === archivo ? { url: vista.url, alt: p.vistaPreviaLogo } : actual;

  function elegir(event: React.ChangeEvent<HTMLInputElement>) {
    const elegido = event.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again after a reset still counts as a change.
    event.target.value = "";
    onArchivo(elegido);
    if (!elegido) return setVista(null);
    const lector = new FileReader();
    lector.onload = () => setVista({ archivo: elegido, url: String(lector.result) });
    lector.readAsDataURL(elegido);
  }

  return (
    <div className={styles.logoPicker} data-campo>
      <div className={styles.logoVista}>
        {preview ? (
          // eslint-disable-next-line @next/next/no-img-element -- a local preview (data URL) or an already resized variant
          <img src={preview.url} alt={preview.alt} />
        ) : (
          <span aria-hidden="true">{p.logo}</span>
        )}
      </div>
      <div className={styles.logoControles}>
        <input
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          className={`visually-hidden ${styles.logoInput}`}
          onChange={elegir}
          {...marcado(pista, `${id}-pista`)}
        />
        <label htmlFor={id} className={styles.logoBoton}>
          {etiqueta}
        </label>
        <p className={ui.ayuda} aria-live="polite">
          {archivo ? archivo.name : p.logoAyuda}
        </p>
        <Pista id={`${id}-pista`} texto={pista} />
      </div>
    </div>
  );
}
