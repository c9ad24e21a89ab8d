import { etiquetaMotivo, FILTROS_MOTIVO, type FiltroMotivo, SIN_MOTIVO } from "@/lib/reportes/motivos";
import styles from "./gestion.module.css";

/**
 * Why a plan was reported: each reason given, the most given first, with how many reports give
 * it when there are several; then the newest of the reporters' own words.
 */
export function MotivosReporte({
  porMotivo,
  n,
  detalles,
  nDetalles,
}: {
  porMotivo: Record<FiltroMotivo, number>;
  n: number;
  detalles: string[];
  nDetalles: number;
}) {
  const dados = FILTROS_MOTIVO.filter((m) => porMotivo[m] > 0).sort((a, b) => porMotivo[b] - porMotivo[a]);
  return (
    <>
      <ul className={styles.motivos} aria-label={dados.length === 1 ? "Motivo" : "Motivos"}>
        {dados.map((m) => (
          <li key={m} className={m === SIN_MOTIVO ? styles.etiqueta : styles.etiquetaMotivo}>
            {etiquetaMotivo(m)}
            {n > 1 && ` · ${porMotivo[m]}`}
          </li>
        ))}
      </ul>
      {detalles.length > 0 && (
        <ul className={styles.detalles} aria-label="Lo que dicen">
          {detalles.map((d, i) => (
            <li key={i}>«{d}»</li>
          ))}
          {nDetalles > detalles.length && (
            <li className={styles.secundario}>
              y {nDetalles - detalles.length} {nDetalles - detalles.length === 1 ? "comentario más" : "comentarios más"}
            </li>
          )}
        </ul>
      )}
    </>
  );
}
