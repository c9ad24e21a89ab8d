import { SoloSinLugar } from "@/components/busqueda/SearchPanel";
import { PlanGrid } from "@/components/plans/PlanCard";
import { ListaPueblos } from "@/components/pueblos/ListaPueblos";
import { leerEstado, urlBusqueda } from "@/lib/busqueda/estado";
import type { Inicio } from "@/lib/portada/cargar";
import { planesTexto } from "@/lib/plans/cantidades";
import { ENLACES_EXTERNOS } from "@/lib/site";
import styles from "./portada.module.css";

/**
 * Below a first visit's feed, while the browser remembers no place: the apps, the featured
 * plans and the towns with most plans.
 */
export function SinLugar({ inicio: { destacados, pueblos, favoritos, verificadas } }: { inicio: Inicio }) {
  return (
    <SoloSinLugar>
      <section className={styles.promo} aria-labelledby="promo-titulo">
        <h2 id="promo-titulo" className={styles.promoTitle}>
          Llévate los planes en el bolsillo
        </h2>
        <p>Publicar es gratis. Descarga la app y no te pierdas nada de lo que pasa en tu zona.</p>
        <div className={styles.badges}>
          <a className="button" href={ENLACES_EXTERNOS.appStore} rel="noopener noreferrer" target="_blank">
            App Store
          </a>
          <a className="button" href={ENLACES_EXTERNOS.googlePlay} rel="noopener noreferrer" target="_blank">
            Google Play
          </a>
        </div>
      </section>

      {destacados.length > 0 && (
        <section className={styles.portada} aria-labelledby="destacados-titulo">
          <h2 id="destacados-titulo" className={styles.portadaTitulo}>
            Destacados
          </h2>
          {/* Below the fold: their posters load as they come into view. A row to swipe on a phone. */}
          <div className={styles.carrusel}>
            <PlanGrid planes={destacados} nivelTitulo={3} favoritos={favoritos} verificadas={verificadas} />
          </div>
        </section>
      )}

      {pueblos.length > 0 && (
        <section className={styles.portada} aria-labelledby="pueblos-titulo">
          <h2 id="pueblos-titulo" className={styles.portadaTitulo}>
            Pueblos con más planes
          </h2>
          <ListaPueblos
            pueblos={pueblos.map((p) => ({
              clave: `${p.municipio}|${p.provincia}`,
              href: urlBusqueda({ ...leerEstado({}), municipio: p.municipio, lat: p.lat, lng: p.lng }),
              nombre: p.municipio,
              detalle: `${p.provincia} · ${planesTexto(p.planes)}`,
            }))}
          />
        </section>
      )}
    </SoloSinLugar>
  );
}
