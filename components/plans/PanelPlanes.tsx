import { ConPalabras } from "@/components/idioma/ConPalabras";
import Link from "@/components/idioma/Enlace";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { variantUrl } from "@/lib/media/variant-url";
import { estadoDelPlan, type EstadoPlan } from "@/lib/plans/estado";
import { cuandoTexto } from "@/lib/plans/texto";
import { planPath, type PlanApi } from "@/lib/plans/plan";
import { CartelGenerado } from "./CartelGenerado";
import { cartelPropio } from "@/lib/plans/cartel";
import { EliminarDesdePanel } from "./EliminarDesdePanel";
import { PALABRAS_ESTADO, textosTarjetaDePagina, type TextosTarjeta } from "./PlanCard";
import { PosterImage } from "./PosterImage";
import styles from "./PanelPlanes.module.css";

const CLASE_ESTADO: Record<EstadoPlan, string> = {
  Publicado: styles.publicado,
  Oculto: styles.oculto,
  Cancelado: styles.oculto,
  Finalizado: styles.finalizado,
};

/** Where the wizard opens pre-filled with a plan of the user's (app/publicar/page.tsx reads it). */
export const rutaDuplicar = (id: string) => `/publicar?duplicar=${id}`;

/**
 * 'Planes Creados' as the organizer's dashboard: one row per plan with its state (Publicado,
 * Oculto, Finalizado, and Destacado besides) and explicit actions, Ver, Editar, Duplicar and
 * Eliminar. The title opens the public page when there is one; nothing opens the edit form by
 * surprise. Server-rendered: everything but Eliminar works without JavaScript. In the page's
 * language; Eliminar's confirmation reads the "plan" and "publicar" namespaces (EliminarPlan.tsx).
 */
export async function PanelPlanes({
  planes,
  importados = new Set(),
}: {
  planes: PlanApi[];
  /** The ids of the plans that came from a source (marked "Importado"). */
  importados?: ReadonlySet<string>;
}) {
  const [textos, { importado }] = await Promise.all([textosTarjetaDePagina(), palabrasDePagina("planes")]);
  return (
    <ConPalabras espacios={["plan", "publicar"]}>
      <ul className={styles.lista}>
        {planes.map((p) => (
          <li key={p._id}>
            <FilaPlan plan={p} importado={importados.has(p._id) ? importado : null} textos={textos} />
          </li>
        ))}
      </ul>
    </ConPalabras>
  );
}

function FilaPlan({
  plan,
  importado,
  textos,
}: {
  plan: PlanApi;
  /** The mark of a plan that came from a source, in the page's language ("Importado"). */
  importado: string | null;
  textos: TextosTarjeta;
}) {
  const { t } = textos;
  const estado = estadoDelPlan(plan);
  const { nombre: nombreEstado, detalle } = PALABRAS_ESTADO[estado];
  const pagina = estado === "Oculto" || estado === "Cancelado" ? null : planPath(plan.titulo, plan._id);
  const cuando = cuandoTexto(plan, {}, textos);
  const propio = cartelPropio(plan);
  const nombre = <span className="visually-hidden">{` ${t("nombrePlan", { titulo: plan.titulo })}`}</span>;
  const cartel = (
    <span className={estado === "Publicado" ? styles.cartel : `${styles.cartel} ${styles.apagado}`}>
      {propio ? (
        <PosterImage src={variantUrl(propio.url, "tarjeta")} width={600} height={400} />
      ) : (
        <CartelGenerado plan={plan} variante="mini" textos={textos} />
      )}
    </span>
  );
  return (
    <article className={styles.fila}>
      {pagina ? (
        <Link href={pagina} prefetch={false} className={styles.cartelEnlace} tabIndex={-1} aria-hidden="true">
          {cartel}
        </Link>
      ) : (
        cartel
      )}
      <div className={styles.cuerpo}>
        <p className={styles.estados}>
          <span className={`${styles.estado} ${CLASE_ESTADO[estado]}`}>{t(nombreEstado)}</span>
          {plan.destacado && <span className={`${styles.estado} ${styles.destacado}`}>{t("destacadoPanel")}</span>}
          {importado && <span className={`${styles.estado} ${styles.importado}`}>{importado}</span>}
          <span className={styles.tipo}>{t(plan.tipo)}</span>
        </p>
        <h2 className={styles.titulo}>
          {pagina ? (
            <Link href={pagina} prefetch={false}>
              {plan.titulo}
            </Link>
          ) : (
            plan.titulo
          )}
        </h2>
        <p className={styles.meta}>
          {cuando && <span className={styles.cuando}>{cuando}</span>}
          {cuando && " · "}
          {plan.municipio}
        </p>
        {detalle && <p className={styles.detalle}>{t(detalle)}</p>}
      </div>
      <div className={styles.acciones}>
        {pagina ? (
          <Link href={pagina} prefetch={false} className={styles.accion}>
            {t("ver")}
            {nombre}
          </Link>
        ) : (
          <span className={`${styles.accion} ${styles.sinAccion}`}>{t("sinPaginaPublica")}</span>
        )}
        <Link href={`/editar-plan/${plan._id}`} className={styles.accion}>
          {t("editar")}
          {nombre}
        </Link>
        <Link href={rutaDuplicar(plan._id)} className={styles.accion}>
          {t("duplicar")}
          {nombre}
        </Link>
        <EliminarDesdePanel planId={plan._id} titulo={plan.titulo} className={`${styles.accion} ${styles.eliminar}`} />
      </div>
    </article>
  );
}
