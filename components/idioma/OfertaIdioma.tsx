"use client";

import { useEffect, useState } from "react";
import { esIdioma, idiomaDeRuta, rutaEnIdioma, soloEnCastellano, type Idioma } from "@/lib/idiomas";
import { useIdioma, useRutaActual } from "./ContextoIdioma";
import ui from "@/components/ui/ui.module.css";
import styles from "./idioma.module.css";

export interface TextosOferta {
  disponible: string;
  no: string;
}

/** Where this browser keeps that it was offered its language: the offer is made once, answered or not. */
const CLAVE = "planazo.idioma";

/** The first of the browser's languages that the site speaks, by its base (`ca-ES` is `ca`). */
function preferido(): Idioma | null {
  for (const etiqueta of navigator.languages ?? [navigator.language]) {
    const base = etiqueta.toLowerCase().split("-")[0];
    if (esIdioma(base)) return base;
  }
  return null;
}

function recordar(idioma: Idioma) {
  try {
    localStorage.setItem(CLAVE, idioma);
  } catch {
    // Storage refused (private mode): the offer may come back; nothing else depends on it.
  }
}

/**
 * A visitor whose browser prefers another of the site's languages than the page's is offered the
 * same page in it, once, in that language ("Disponible en català"): never sent there, since a
 * link or a search result chose this page. It is made once in a browser, whatever the answer (a
 * line that moves the page down once, not at every page). Found only after hydration: a public
 * page is one shared copy for every visitor.
 */
export function OfertaIdioma({ textos }: { textos: Record<Idioma, TextosOferta> }) {
  const actual = useIdioma();
  const gestion = soloEnCastellano(useRutaActual());
  const [oferta, setOferta] = useState<Idioma | null>(null);
  useEffect(() => {
    if (gestion) return;
    let recordado: string | null = null;
    try {
      recordado = localStorage.getItem(CLAVE);
    } catch {
      return;
    }
    const otro = preferido();
    if (recordado || !otro || otro === actual) return;
    // Once: the next page this browser loads does not offer it again, answered or not.
    recordar(actual);
    // The browser's preferences are only readable here, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOferta(otro);
  }, [actual, gestion]);
  if (!oferta) return null;
  const t = textos[oferta];
  const destino = rutaEnIdioma(oferta, `${idiomaDeRuta(window.location.pathname).ruta}${window.location.search}`);
  // One line: the first screen is for plans.
  return (
    <aside className={styles.oferta} lang={oferta} aria-label={t.disponible}>
      <a href={destino} hrefLang={oferta} className={styles.ofertaSi} onClick={() => recordar(oferta)}>
        {t.disponible} <span aria-hidden="true">→</span>
      </a>
      <button
        type="button"
        className={`${ui.avisoCerrar} ${styles.ofertaNo}`}
        aria-label={t.no}
        title={t.no}
        onClick={() => {
          recordar(actual);
          setOferta(null);
        }}
      >
        ×
      </button>
    </aside>
  );
}
