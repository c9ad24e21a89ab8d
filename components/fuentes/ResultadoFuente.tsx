"use client";

import { useMemo } from "react";
import { useIdioma } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { textosDeFuente } from "@/lib/fuentes/mensajes";
import type { ResultadoSincronizacion } from "@/lib/fuentes/sincronizar";
import styles from "./Fuentes.module.css";

/**
 * A source's last sync as people read it: when, what became of the items it read (adding up),
 * its plans' figures apart (a show of three items makes one plan), the limit when it brought only the
 * soonest plans, the items it left out (each title with its reason, folded), and its error in red.
 * `cuando` is already written (fechaHora on the server). In the page's language; what the sync
 * wrote down (its error, each item's reason) is Spanish, and translated when the catalogue has it.
 */
export function ResultadoFuente({
  cuando,
  resultado,
  sincronizando = false,
}: {
  cuando: string | null;
  resultado: ResultadoSincronizacion | null;
  sincronizando?: boolean;
}) {
  const t = useTextosDeFuente();
  if (sincronizando) return <p className={styles.cuando}>{t.sincronizando}</p>;
  if (!cuando || !resultado) return <p className={styles.cuando}>{t.sinSincronizar}</p>;
  return (
    <div className={styles.resultado}>
      <p className={styles.cuando}>{t.ultimaSincronizacion(cuando)}</p>
      {resultado.error && <p className={styles.error}>{t.traducir(resultado.error)}</p>}
      {/* A sync that stopped at a page of an agenda still synced what it read. */}
      {(!resultado.error || resultado.leidos) && <p className={styles.cifras}>{t.cifras(resultado)}</p>}
      {resultado.leidos !== undefined && (
        <p className={styles.cifras}>
          {resultado.items
            ? t.itemsLeidos(resultado.leidos, resultado.items)
            : t.leidos(resultado.leidos, resultado.vinculados ?? 0)}
        </p>
      )}
      {resultado.items && (resultado.vinculados ?? 0) > 0 && (
        <p className={styles.cifras}>{t.vinculados(resultado.vinculados!)}</p>
      )}
      {resultado.limite !== undefined && <p className={styles.limite}>{t.limiteAlcanzado(resultado.limite)}</p>}
      {resultado.descartados.length > 0 && <Descartados descartados={resultado.descartados} />}
    </div>
  );
}

/** The items a sync left out, folded under their count and their reasons grouped ("sin municipio × 12"). */
export function Descartados({ descartados }: { descartados: ResultadoSincronizacion["descartados"] }) {
  const t = useTextosDeFuente();
  const porMotivo = new Map<string, number>();
  const motivos = descartados.map((d) => t.traducir(d.motivo));
  for (const motivo of motivos) porMotivo.set(motivo, (porMotivo.get(motivo) ?? 0) + 1);
  const grupos = [...porMotivo].sort((a, b) => b[1] - a[1]);
  return (
    <details className={styles.descartados}>
      <summary>
        {t.descartados(descartados.length)}
        {grupos.length > 1 || grupos[0][1] > 1 ? `: ${t.motivos(grupos)}` : ""}
      </summary>
      <ul>
        {descartados.map((d, i) => (
          <li key={i}>
            <strong>{d.titulo}</strong>: {motivos[i]}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The page's words of sources with their figures (textosDeFuente), made once per language. */
export function useTextosDeFuente() {
  const p = usePalabras("fuentes");
  const idioma = useIdioma();
  return useMemo(() => ({ ...p, ...textosDeFuente(p, idioma) }), [p, idioma]);
}
