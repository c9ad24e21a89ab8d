import { fechaInsignia } from "@/lib/dates";
import { cuandoTexto, distanciaVisible } from "@/lib/plans/texto";
import { planPath, type PlanApi } from "@/lib/plans/plan";
import { variantUrl } from "@/lib/media/variant-url";
import { conDatos } from "@/lib/con-datos";
import { MENSAJES_WIDGET, type Tema } from "@/lib/difusion/widget";
import { PosterImage } from "@/components/plans/PosterImage";
import type { GrupoDia } from "@/lib/busqueda/grupos";
import { AlturaAlPadre } from "./AlturaAlPadre";
import styles from "./Widget.module.css";

const ID = "planazo-widget";
const ID_TITULO = "planazo-widget-titulo";

/** The frame of the widget: its theme, and its height posted to the page around it. */
export function MarcoWidget({ tema, children }: { tema: Tema; children: React.ReactNode }) {
  return (
    // Named by its title: a page that frames it has a main landmark of its own.
    <main id={ID} className={`${styles.widget} ${styles[tema]}`} aria-labelledby={ID_TITULO}>
      {children}
      <AlturaAlPadre de={ID} />
    </main>
  );
}

/**
 * The widget's list (/embed/planes): title, when (dates or weekly days), where (town and
 * distance) and a small poster for each plan. Every link opens Planazo in a new tab: the town
 * hall's page stays where it was.
 */
export function ListaWidget({
  titulo,
  grupos,
  masUrl,
  sitio,
  origen,
}: {
  titulo: string;
  /** By date, each day under its heading (Hoy, Mañana, Sábado 6…); an organization's, one list. */
  grupos: GrupoDia<PlanApi>[];
  masUrl: string;
  sitio: string;
  /** The site's address: links in the frame must not depend on the page that frames it. */
  origen: string;
}) {
  return (
    <>
      <h1 id={ID_TITULO} className={styles.titulo}>
        {titulo}
      </h1>
      {grupos.length === 0 ? (
        <p className={styles.vacio}>{MENSAJES_WIDGET.sinPlanes}</p>
      ) : (
        grupos.map((g) => (
          <div key={g.clave}>
            {g.titulo && <h2 className={styles.dia}>{g.titulo}</h2>}
            <ListaDelDia planes={g.items} origen={origen} />
          </div>
        ))
      )}
      <p className={styles.pie}>
        <a href={masUrl} target="_blank" rel="noopener">
          {conDatos(MENSAJES_WIDGET.masPlanes, { sitio })}
          <span className="visually-hidden"> {MENSAJES_WIDGET.nuevaPestana}</span>
        </a>
      </p>
    </>
  );
}

/** One day's plans of the widget: title, when, where and a small poster each, in a new tab. */
function ListaDelDia({ planes, origen }: { planes: PlanApi[]; origen: string }) {
  return (
    <ul className={styles.lista}>
      {planes.map((plan) => {
        const distancia = distanciaVisible(plan.distancia);
        const cuando = cuandoTexto(plan);
        // Without a poster, an event's day (or 'Cada semana') stands in its place; the text says it in full.
        const insignia = plan.tipo === "evento" && plan.fechaInicio ? fechaInsignia(plan.fechaInicio) : null;
        return (
          <li key={plan._id} className={styles.plan}>
            <a
              className={styles.enlace}
              href={new URL(planPath(plan.titulo, plan._id), origen).toString()}
              target="_blank"
              rel="noopener"
            >
              <span className={styles.cartel} aria-hidden="true">
                {!plan.archivoCartel &&
                  (insignia ? (
                    <span className={styles.insignia}>
                      <strong>{insignia.dia}</strong>
                      {insignia.mes}
                    </span>
                  ) : (
                    <span className={styles.insignia}>{MENSAJES_WIDGET.semanal}</span>
                  ))}
                {plan.archivoCartel && (
                  <PosterImage
                    src={variantUrl(plan.archivoCartel.url, "tarjeta")}
                    width={plan.archivoCartel.width}
                    height={plan.archivoCartel.height}
                  />
                )}
              </span>
              <span className={styles.texto}>
                <span className={styles.nombre}>{plan.titulo}</span>
                {cuando && <span className={styles.cuando}>{cuando}</span>}
                <span className={styles.donde}>
                  {plan.municipio}
                  {distancia && ` · a ${distancia}`}
                </span>
              </span>
              <span className="visually-hidden"> {MENSAJES_WIDGET.nuevaPestana}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** What the widget says when its code is wrong or its organization is gone. */
export function ErrorWidget({ mensaje, ayuda }: { mensaje: string; ayuda: string }) {
  return (
    <>
      <h1 id={ID_TITULO} className={styles.titulo}>
        {MENSAJES_WIDGET.tituloError}
      </h1>
      <p className={styles.vacio} role="alert">
        {mensaje}
      </p>
      <p className={styles.vacio}>{ayuda}</p>
    </>
  );
}
