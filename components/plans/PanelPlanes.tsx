import Link from "@/components/idioma/Enlace";
import { variantUrl } from "@/lib/media/variant-url";
import { DETALLE_ESTADO, estadoDelPlan, type EstadoPlan } from "@/lib/plans/estado";
import { cuandoTexto } from "@/lib/plans/texto";
import { planPath, type PlanApi } from "@/lib/plans/plan";
import { mensajes } from "@/lib/messages";
import { CartelGenerado } from "./CartelGenerado";
import { EliminarDesdePanel } from "./EliminarDesdePanel";
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
 * surprise. Server-rendered: everything but Eliminar works without JavaScript.
 */
export function PanelPlanes({
  planes,
  importados = new Set(),
}: {
  planes: PlanApi[];
  /** The ids of the plans that came from a source (marked "Importado"). */
  importados?: ReadonlySet<string>;
}) {
  return (
    <ul className={styles.lista}>
      {planes.map((p) => (
        <li key={p._id}>
          <FilaPlan plan={p} importado={importados.has(p._id)} />
        </li>
      ))}
    </ul>
  );
}

function FilaPlan({ plan, importado }: { plan: PlanApi; importado: boolean }) {
  const estado = estadoDelPlan(plan);
  const pagina = estado === "Oculto" || estado === "Cancelado" ? null : planPath(plan.titulo, plan._id);
  const cuando = cuandoTexto(plan);
  const nombre = <span className="visually-hidden"> «{plan.titulo}»</span>;
  const cartel = (
    <span className={estado === "Publicado" ? styles.cartel : `${styles.cartel} ${styles.apagado}`}>
      {plan.archivoCartel ? (
        <PosterImage src={variantUrl(plan.archivoCartel.url, "tarjeta")} width={600} height={400} />
      ) : (
        <CartelGenerado plan={plan} variante="mini" />
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
          <span className={`${styles.estado} ${CLASE_ESTADO[estado]}`}>{estado}</span>
          {plan.destacado && <span className={`${styles.estado} ${styles.destacado}`}>Destacado</span>}
          {importado && <span className={`${styles.estado} ${styles.importado}`}>{mensajes.importado}</span>}
          <span className={styles.tipo}>{plan.tipo === "evento" ? "Evento" : "Experiencia"}</span>
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
        {estado !== "Publicado" && <p className={styles.detalle}>{DETALLE_ESTADO[estado]}</p>}
      </div>
      <div className={styles.acciones}>
        {pagina ? (
          <Link href={pagina} prefetch={false} className={styles.accion}>
            Ver{nombre}
          </Link>
        ) : (
          <span className={`${styles.accion} ${styles.sinAccion}`}>Sin página pública</span>
        )}
        <Link href={`/editar-plan/${plan._id}`} className={styles.accion}>
          Editar{nombre}
        </Link>
        <Link href={rutaDuplicar(plan._id)} className={styles.accion}>
          Duplicar{nombre}
        </Link>
        <EliminarDesdePanel planId={plan._id} titulo={plan.titulo} className={`${styles.accion} ${styles.eliminar}`} />
      </div>
    </article>
  );
}
