import { mensajesFuentes } from "@/lib/messages";
import type { ResultadoSincronizacion } from "@/lib/fuentes/sincronizar";
import styles from "./Fuentes.module.css";

/**
 * A source's last sync as people read it: when, its figures, the limit when it brought only the
 * soonest plans, the items it left out (each title with its reason, folded), and its error in red.
 * `cuando` is already written (fechaHora on the server).
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
  if (sincronizando) return <p className={styles.cuando}>{mensajesFuentes.sincronizando}</p>;
  if (!cuando || !resultado) return <p className={styles.cuando}>{mensajesFuentes.sinSincronizar}</p>;
  return (
    <div className={styles.resultado}>
      <p className={styles.cuando}>{mensajesFuentes.ultimaSincronizacion(cuando)}</p>
      {resultado.error ? (
        <p className={styles.error}>{resultado.error}</p>
      ) : (
        <p className={styles.cifras}>{mensajesFuentes.cifras(resultado)}</p>
      )}
      {resultado.limite !== undefined && (
        <p className={styles.limite}>{mensajesFuentes.limiteAlcanzado(resultado.limite)}</p>
      )}
      {resultado.descartados.length > 0 && <Descartados descartados={resultado.descartados} />}
    </div>
  );
}

/** The items a sync left out, folded under their count. */
export function Descartados({ descartados }: { descartados: ResultadoSincronizacion["descartados"] }) {
  return (
    <details className={styles.descartados}>
      <summary>{mensajesFuentes.descartados(descartados.length)}</summary>
      <ul>
        {descartados.map((d, i) => (
          <li key={i}>
            <strong>{d.titulo}</strong>: {d.motivo}
          </li>
        ))}
      </ul>
    </details>
  );
}
