import { nombreCategoria } from "@/lib/plans/categorias";
import type { Categoria } from "@/lib/plans/constants";
import type { PlanApi } from "@/lib/plans/plan";
import { categoriaCartel, fechaCartel, type CuandoPlan } from "@/lib/plans/texto";
import type { TextosTarjeta } from "./PlanCard";
import styles from "./CartelGenerado.module.css";

type Datos = CuandoPlan & Pick<PlanApi, "titulo" | "municipio" | "categorias">;

/** The category a card and a poster drawn for it show (categoriaCartel), named in the page's language. */
export function categoriaVisible(categorias: readonly string[], textos: TextosTarjeta): string | null {
  const categoria = categoriaCartel(categorias);
  return categoria && nombreCategoria(categoria as Categoria, textos.categorias);
}

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
 * (the title alone). Its words are the page's (`textos`: PlanCard's textosTarjetaDePagina on the server).
 */
export function CartelGenerado({
  plan,
  variante,
  textos,
}: {
  plan: Datos;
  variante: "tarjeta" | "detalle" | "mini";
  textos: TextosTarjeta;
}) {
  const categoria = categoriaVisible(plan.categorias, textos);
  const fecha = fechaCartel(plan, textos);
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
          <Texto clase={styles.marca} texto={textos.t("cartelGenerado")} />
        </>
      )}
    </div>
  );
}
