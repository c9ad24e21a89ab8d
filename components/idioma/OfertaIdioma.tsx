"use client";

import { useEffect, useState } from "react";
import { IDIOMAS, idiomaDeRuta, rutaEnIdioma, type Idioma } from "@/lib/idiomas";
import { useIdioma } from "./ContextoIdioma";
import styles from "./idioma.module.css";

export interface TextosOferta {
  disponible: string;
  ver: string;
  no: string;
}

/** Where the visitor's answer is kept: the offer is made once, whatever they answer. */
const CLAVE = "planazo.idioma";

/** The first of the browser's languages that the site speaks, by its base (`ca-ES` is `ca`). */
function preferido(): Idioma | null {
  for (const etiqueta of navigator.languages ?? [navigator.language]) {
    const base = etiqueta.toLowerCase().split("-")[0];
    if ((IDIOMAS as readonly string[]).includes(base)) return base as Idioma;
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
 * link or a search result chose this page. Their answer, either way, is remembered in this
 * browser. Found only after hydration: a public page is one shared copy for every visitor.
 */
export function OfertaIdioma({ textos }: { textos: Record<Idioma, TextosOferta> }) {
  const actual = useIdioma();
  const [oferta, setOferta] = useState<Idioma | null>(null);
  useEffect(() => {
    let recordado: string | null = null;
    try {
      recordado = localStorage.getItem(CLAVE);
    } catch {
      return;
    }
    const otro = preferido();
    // The browser's preferences are only readable here, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!recordado && otro && otro !== actual) setOferta(otro);
  }, [actual]);
  if (!oferta) return null;
  const t = textos[oferta];
  const destino = rutaEnIdioma(oferta, `${idiomaDeRuta(window.location.pathname).ruta}${window.location.search}`);
  return (
    <aside className={styles.oferta} lang={oferta} aria-label={t.disponible}>
      <p>{t.disponible}</p>
      <a href={destino} hrefLang={oferta} className={styles.ofertaSi} onClick={() => recordar(oferta)}>
        {t.ver}
      </a>
      <button
        type="button"
        className={styles.ofertaNo}
        onClick={() => {
          recordar(actual);
          setOferta(null);
        }}
      >
        {t.no}
      </button>
    </aside>
  );
}
