import type { SerieDiaria } from "@/lib/admin/resumen";
import styles from "./gestion.module.css";

const ANCHO = 600;
const ALTO = 160;
const MARGEN = 24;

/**
 * New plans (bars) and new users (line) per day over the last 30 days, drawn on the server as
 * SVG; the figures are also in a table under it for screen readers and for copying.
 */
export function GraficoDiario({ serie }: { serie: SerieDiaria[] }) {
  const maximo = Math.max(1, ...serie.flatMap((d) => [d.planes, d.usuarios]));
  const paso = (ANCHO - MARGEN) / serie.length;
  const y = (n: number) => ALTO - MARGEN - (n / maximo) * (ALTO - 2 * MARGEN);
  const linea = serie
    .map((d, i) => `${i === 0 ? "M" : "L"}${(MARGEN + i * paso + paso / 2).toFixed(1)},${y(d.usuarios).toFixed(1)}`)
    .join(" ");
  const total = (k: "planes" | "usuarios") => serie.reduce((s, d) => s + d[k], 0);
  const resumen = `Últimos 30 días: ${total("planes")} planes nuevos y ${total("usuarios")} usuarios nuevos; el día con más, ${maximo}.`;
  return (
    <figure className={styles.grafico}>
      <svg viewBox={`0 0 ${ANCHO} ${ALTO}`} role="img" aria-label={resumen}>
        <line x1={MARGEN} x2={ANCHO} y1={ALTO - MARGEN} y2={ALTO - MARGEN} className={styles.eje} />
        <text x={0} y={y(maximo) + 4} className={styles.etiquetaEje}>
          {maximo}
        </text>
        <text x={0} y={ALTO - MARGEN + 4} className={styles.etiquetaEje}>
          0
        </text>
        {serie.map((d, i) => (
          <rect
            key={d.dia}
            x={MARGEN + i * paso + 2}
            width={Math.max(1, paso - 4)}
            y={y(d.planes)}
            height={ALTO - MARGEN - y(d.planes)}
            className={styles.columnaGrafico}
          >
            <title>{`${d.dia}: ${d.planes} planes, ${d.usuarios} usuarios`}</title>
          </rect>
        ))}
        <path d={linea} className={styles.linea} />
        <text x={MARGEN} y={ALTO - 6} className={styles.etiquetaEje}>
          {serie[0]?.dia}
        </text>
        <text x={ANCHO} y={ALTO - 6} textAnchor="end" className={styles.etiquetaEje}>
          {serie.at(-1)?.dia}
        </text>
      </svg>
      <figcaption>
        <span className={styles.leyendaPlanes}>Planes nuevos</span>{" "}
        <span className={styles.leyendaUsuarios}>Usuarios nuevos</span>
      </figcaption>
      <details>
        <summary>Ver las cifras por día</summary>
        <table className={styles.tabla}>
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col">Planes</th>
              <th scope="col">Usuarios</th>
            </tr>
          </thead>
          <tbody>
            {serie.map((d) => (
              <tr key={d.dia}>
                <th scope="row">{d.dia}</th>
                <td>{d.planes}</td>
                <td>{d.usuarios}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
