import { fechaInsignia } from "@/lib/dates";
import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import type { PlanApi } from "@/lib/plans/plan";
import { cuandoTexto } from "@/lib/plans/texto";
import styles from "./CartelGenerado.module.css";

type Datos = Pick<
  PlanApi,
  "titulo" | "tipo" | "fechaInicio" | "fechaFin" | "horariosDisponibles" | "municipio" | "categorias"
>;

/** An event's day as a poster writes it ("SÁB 29 NOV"); an experience's days or dates. */
function fechaCartel(plan: Datos): string | null {
  if (plan.tipo === "evento" && plan.fechaInicio) {
    const f = fechaInsignia(plan.fechaInicio);
    return `${f.semana} ${f.dia} ${f.mes}`;
  }
  return cuandoTexto(plan);
}

/**
 * A poster drawn for a plan that has none (many imported plans): its category, title, date and
 * town in the brand's colours, captioned as generated. Decorative: the card or page around it
 * already says all of it, so it is hidden from screen readers. `tarjeta` fills a card's poster
 * box, `detalle` stands in the plan page's poster column, `mini` is the owner's list's thumbnail
 * (the title alone).
 */
export function CartelGenerado({ plan, variante }: { plan: Datos; variante: "tarjeta" | "detalle" | "mini" }) {
  const categoria = plan.categorias.find((c) => c !== "Otros");
  const fecha = fechaCartel(plan);
  return (
    <div className={`${styles.cartel} ${styles[variante]}`} data-cartel="generado" aria-hidden="true">
      {variante === "mini" ? (
        <span className={styles.titulo}>{plan.titulo}</span>
      ) : (
        <>
          <span className={styles.cuerpo}>
            {categoria && <span className={styles.categoria}>{categoria}</span>}
            <span className={styles.titulo}>{plan.titulo}</span>
            {fecha && <span className={styles.fecha}>{fecha}</span>}
            <span className={styles.lugar}>{plan.municipio}</span>
          </span>
          <span className={styles.marca}>{mensajesFuentes.cartelGenerado}</span>
        </>
      )}
    </div>
  );
}
