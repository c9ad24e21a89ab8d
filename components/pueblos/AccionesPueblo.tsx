import Link from "@/components/idioma/Enlace";
import { SeguirBusqueda } from "@/components/busqueda/SeguirBusqueda";
import type { MunicipioConRuta } from "@/lib/geo/slug";
import { palabrasDePagina } from "@/lib/idioma-de-pagina";
import { conDatos } from "@/lib/con-datos";
import { RADIO_DEFAULT_KM } from "@/lib/plans/constants";
import { urlsFeedBusqueda } from "@/lib/difusion/feed-url";
import { leerEstado, urlBusqueda } from "@/lib/busqueda/estado";
import { site } from "@/lib/site";
import styles from "./pueblos.module.css";

/**
 * The town page's actions, right above its plans: the town's search in the home (every plan of
 * the radius, with filters), and the ways to keep getting them (SeguirBusqueda: the town's
 * calendar feed and the weekly e-mail), for the town's point within the default radius.
 */
export async function AccionesPueblo({ municipio, conSesion }: { municipio: MunicipioConRuta; conSesion: boolean }) {
  const [{ puebloAcciones }, { puebloVerTodos }] = await Promise.all([
    palabrasDePagina("busqueda"),
    palabrasDePagina("pueblos"),
  ]);
  const estado = { ...leerEstado({}), municipio: municipio.nombre, lat: municipio.lat, lng: municipio.lng };
  return (
    <div
      className={styles.acciones}
      role="group"
      aria-label={conDatos(puebloAcciones, { municipio: municipio.nombre })}
      data-acciones-pueblo
    >
      <Link className={styles.verTodos} href={urlBusqueda(estado)} prefetch={false}>
        {puebloVerTodos}
      </Link>
      <SeguirBusqueda
        id="pueblo-suscribir"
        feeds={urlsFeedBusqueda(estado, site().url)}
        pueblo={{ ine: municipio.ine, nombre: municipio.nombre, radio: RADIO_DEFAULT_KM, categorias: [] }}
        conSesion={conSesion}
      />
    </div>
  );
}
