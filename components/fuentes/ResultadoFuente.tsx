import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import type { ResultadoSincronizacion } from "@/lib/fuentes/sincronizar";
import styles from "./Fuentes.module.css";

/**
 * A source's last sync as people read it: when, what became of the items it read (adding up),
 * its plans' figures apart (a show of three items makes one plan), the limit when it brought only the
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
      {resultado.error && <p className={styles.error}>{resultado.error}</p>}
      {/* A sync that stopped at a page of an agenda still synced what it read. */}
      {(!resultado.error || resultado.leidos) && <p className={styles.cifras}>{mensajesFuentes.cifras(resultado)}</p>}
      {resultado.leidos !== undefined && (
        <p className={styles.cifras}>
          {resultado.items
            ? mensajesFuentes.itemsLeidos(resultado.leidos, resultado.items)
            : mensajesFuentes.leidos(resultado.leidos, resultado.vinculados ?? 0)}
        </p>
      )}
      {resultado.items && (resultado.vinculados ?? 0) > 0 && (
        <p className={styles.cifras}>{mensajesFuentes.vinculados(resultado.vinculados!)}</p>
      )}
      {resultado.limite !== undefined && (
        <p className={styles.limite}>{mensajesFuentes.limiteAlcanzado(resultado.limite)}</p>
      )}
      {resultado.descartados.length > 0 && <Descartados descartados={resultado.descartados} />}
    </div>
  );
}

/** The items a sync left out, folded under their count and their reasons grouped ("sin municipio × 12"). */
export function Descartados({ descartados }: { descartados: ResultadoSincronizacion["descartados"] }) {
  const porMotivo = new Map<string, number>();
  for (const d of descartados) porMotivo.set(d.motivo, (porMotivo.get(d.motivo) ?? 0) + 1);
  const grupos = [...porMotivo].sort((a, b) => b[1] - a[1]);
  return (
    <details className={styles.descartados}>
      <summary>
        {mensajesFuentes.descartados(descartados.length)}
        {grupos.length > 1 || grupos[0][1] > 1 ? `: ${mensajesFuentes.motivos(grupos)}` : ""}
      </summary>
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
