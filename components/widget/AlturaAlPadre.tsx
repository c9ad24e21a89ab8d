"use client";

import { useEffect } from "react";
import { MENSAJE_ALTURA, type MensajeAltura } from "@/lib/difusion/widget";

/**
 * The widget's height for the page that frames it (lib/difusion/widget.ts's codigoWidget listens):
 * posted at once, on load (posters) and whenever the list's size changes (ResizeObserver: a
 * poster that arrives, a narrower page that wraps the titles). The height is no secret, so any
 * parent may read it ('*'); the parent checks that it comes from us.
 */
export function AlturaAlPadre({ de }: { de: string }) {
  useEffect(() => {
    if (window.parent === window) return;
    const elemento = document.getElementById(de);
    if (!elemento) return;
    let enviada = 0;
    const enviar = () => {
      const altura = Math.ceil(elemento.getBoundingClientRect().height);
      if (altura === enviada) return;
      enviada = altura;
      const mensaje: MensajeAltura = { tipo: MENSAJE_ALTURA, altura };
      window.parent.postMessage(mensaje, "*");
    };
    enviar();
    const observador = new ResizeObserver(enviar);
    observador.observe(elemento);
    window.addEventListener("load", enviar);
    return () => {
      observador.disconnect();
      window.removeEventListener("load", enviar);
    };
  }, [de]);
  return null;
}
