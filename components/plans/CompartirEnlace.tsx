"use client";

import { useState } from "react";
import { mensajes } from "@/lib/messages";
import { enlaceWhatsApp } from "./enlaces";

type Resultado = "copiado" | "manual" | null;

/**
 * 'Compartir' a plan's link: the device's share sheet where the browser has one, otherwise the
 * link copied to the clipboard ('Enlace copiado'), and where even that is refused, the link shown
 * selected to copy by hand. The chat link (spec §7) sits beside it, for the many who share there.
 */
export function CompartirEnlace({
  titulo,
  lineas,
  url,
  clases,
}: {
  titulo: string;
  lineas: string[];
  url: string;
  clases: { boton: string; chat: string; aviso: string };
}) {
  const [resultado, setResultado] = useState<Resultado>(null);

  async function compartir() {
    setResultado(null);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: titulo, text: [titulo, ...lineas].join("\n"), url });
        return;
      } catch (e) {
        // The person closed the sheet: nothing to do. Any other refusal falls back to copying.
        if (e instanceof DOMException && e.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setResultado("copiado");
    } catch {
      setResultado("manual");
    }
  }

  return (
    <>
      <button type="button" className={clases.boton} onClick={() => void compartir()}>
        Compartir
      </button>
      <a className={clases.chat} href={enlaceWhatsApp([titulo, ...lineas, url])} target="_blank" rel="noopener noreferrer">
        Enviar por WhatsApp<span className="visually-hidden"> (se abre en una pestaña nueva)</span>
      </a>
      <p role="status" className={clases.aviso}>
        {resultado === "copiado" && mensajes.enlaceCopiado}
      </p>
      {resultado === "manual" && (
        <label className={clases.aviso}>
          {mensajes.copiaEnlaceManual}
          <input
            type="url"
            readOnly
            value={url}
            ref={(el) => {
              el?.focus();
              el?.select();
            }}
          />
        </label>
      )}
    </>
  );
}
