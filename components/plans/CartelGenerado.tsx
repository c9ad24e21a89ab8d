import { mensajes } from "@/lib/messages";
import type { PlanApi } from "@/lib/plans/plan";
import { categoriaCartel, fechaCartel, type CuandoPlan } from "@/lib/plans/texto";
import styles from "./CartelGenerado.module.css";

type Datos = CuandoPlan & Pick<PlanApi, "titulo" | "municipio" | "categorias">;

/** A line of the poster: its words are drawn by CSS from the attribute, so they are not the page's text twice. */
const Texto = ({ clase, texto }: { clase: string; texto: string }) => (
  <span className={`${styles.texto} ${clase}`} data-texto={texto} />
);

/**
 * A poster drawn for a plan that has none (many imported plans): its category, title, date and
 * town in the brand's colours, captioned as generated. Decorative: the card or page around it
 * already says all of it, so it is hidden from screen readers, and its words are drawn from
 * attributes (CSS generated content), so neither the page's text nor a search for it repeats them. `tarjeta` fills a card's poster
 * box, `detalle` stands in the plan page's poster column, `mini` is the owner's list's thumbnail
 * (the title alone).
 */
export function CartelGenerado({ plan, variante }: { plan: Datos; variante: "tarjeta" | "detalle" | "mini" }) {
  const categoria = categoriaCartel(plan.categorias);
  const fecha = fechaCartel(plan);
  return (
    <div className={`${styles.cartel} ${styles[variante]}`} data-cartel="generado" aria-hidden="true">
      {variante === "mini" ? (
        <Texto clase={styles.titulo} texto={plan.titulo} />
      ) : (
        <>
          <span className={styles.cuerpo}>
            {categoria && <Texto clase={styles.categoria} texto={categoria} />}
            <Texto clase={styles.titulo} texto={plan.titulo} />
            {fecha && <Texto clase={styles.fecha} texto={fecha} />}
            <Texto clase={styles.lugar} texto={plan.municipio} />
          </span>
          <Texto clase={styles.marca} texto={mensajes.cartelGenerado} />
        </>
      )}
    </div>
  );
}
