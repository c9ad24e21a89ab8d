import { SoloSinLugar } from "@/components/busqueda/SearchPanel";
import { PlanGrid } from "@/components/plans/PlanGrid";
import { ListaPueblos } from "@/components/pueblos/ListaPueblos";
import { leerEstado, urlBusqueda } from "@/lib/busqueda/estado";
import type { Inicio } from "@/lib/portada/cargar";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { planesTexto } from "@/lib/plans/cantidades";
import { palabrasPlanesDePagina } from "@/lib/plans/cantidades-pagina";
import { ENLACES_EXTERNOS } from "@/lib/site";
import styles from "./portada.module.css";

/**
 * Below a first visit's feed, while the browser remembers no place: the apps, the featured
 * plans and the towns with most plans.
 */
export async function SinLugar({ inicio: { destacados, pueblos, favoritos, verificadas } }: { inicio: Inicio }) {
  const [b, cuentas] = await Promise.all([palabrasDePagina("buscador"), palabrasPlanesDePagina()]);
  return (
    <SoloSinLugar>
      <section className={styles.promo} aria-labelledby="promo-titulo">
        <h2 id="promo-titulo" className={styles.promoTitle}>
          {b.promoTitulo}
        </h2>
        <p>{b.promoTexto}</p>
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
            {b.destacados}
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
            {b.pueblosConMasPlanes}
          </h2>
          <ListaPueblos
            pueblos={pueblos.map((p) => ({
              clave: `${p.municipio}|${p.provincia}`,
              href: urlBusqueda({ ...leerEstado({}), municipio: p.municipio, lat: p.lat, lng: p.lng }),
              nombre: p.municipio,
              detalle: `${p.provincia} · ${planesTexto(p.planes, cuentas)}`,
            }))}
          />
        </section>
      )}
    </SoloSinLugar>
  );
}
