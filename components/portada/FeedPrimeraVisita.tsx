import Link from "@/components/idioma/Enlace";
import { ElegirPueblo } from "@/components/busqueda/ElegirPueblo";
import { UsarMiUbicacionFinde } from "@/components/busqueda/SearchPanel";
import { PRIMERA_PANTALLA } from "@/components/busqueda/ListaResultados";
import { ListaPorDias } from "@/components/plans/ListaPorDias";
import { agruparPorDia } from "@/lib/busqueda/grupos";
import { palabrasGruposDePagina } from "@/lib/busqueda/grupos-pagina";
import { leerEstado, urlBusqueda } from "@/lib/busqueda/estado";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { conDatos } from "@/lib/con-datos";
import type { Inicio } from "@/lib/portada/cargar";
import type { FeedPortada } from "@/lib/portada/portada";
import styles from "./portada.module.css";

/**
 * A first visit starts with plans: this weekend's near the centre of Spain, by day. That place
 * was chosen for the visitor, not found (the home is the same for everyone; a visitor the server
 * can place is sent to their own search): the header says so and offers both ways to their own.
 */
export async function FeedPrimeraVisita({
  feed,
  inicio: { ahora, favoritos, verificadas },
}: {
  feed: FeedPortada;
  inicio: Inicio;
}) {
  const { municipio } = feed;
  const [p, titulos] = await Promise.all([palabrasDePagina("busqueda"), palabrasGruposDePagina()]);
  return (
    <section className={styles.feed} aria-labelledby="feed-titulo">
      <div className={styles.feedCabecera}>
        <h2 id="feed-titulo">
          {conDatos(feed.cuando === "finde" ? p.feedFinde : p.feedProximos, {
            municipio: municipio.nombre,
          })}
        </h2>
        <p className={styles.lugarDeEjemplo}>{p.lugarDeEjemplo}</p>
        <div className={styles.lugarAcciones}>
          <ElegirPueblo />
          <UsarMiUbicacionFinde />
        </div>
      </div>
      <ListaPorDias
        grupos={agruparPorDia(feed.planes, { base: feed.base, ahora, palabras: titulos })}
        id="feed"
        prioritarios={PRIMERA_PANTALLA}
        favoritos={favoritos}
        verificadas={verificadas}
      />
      <p className={styles.feedMas}>
        <Link
          href={urlBusqueda({ ...leerEstado({}), municipio: municipio.nombre, lat: municipio.lat, lng: municipio.lng })}
          prefetch={false}
        >
          {conDatos(p.feedVerMas, { municipio: municipio.nombre })}
        </Link>
      </p>
    </section>
  );
}
