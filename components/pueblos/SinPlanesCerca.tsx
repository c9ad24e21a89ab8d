import Link from "@/components/idioma/Enlace";
import { PlanGrid } from "@/components/plans/PlanCard";
import { SeguirPueblo } from "@/components/seguimientos/SeguirPueblo";
import type { Favoritos } from "@/lib/favoritos/sesion";
import type { MunicipioConRuta } from "@/lib/geo/slug";
import { conDatos, mensajes } from "@/lib/messages";
import type { PlanApi } from "@/lib/plans/plan";
import { planesTexto } from "@/lib/plans/cantidades";
import type { PuebloCercano } from "@/lib/pueblos/planes";
import { ListaPueblos } from "./ListaPueblos";
import styles from "./pueblos.module.css";

/** Kilometres as people say them: 8,5 under 10, whole above. */
export const km = (n: number) => (n < 10 ? n.toFixed(1).replace(".", ",") : String(Math.round(n)));

/** The nearest towns with plans, each with how far and how many plans: a town page's and an empty place's. */
export function PueblosCercanos({ cercanos }: { cercanos: readonly PuebloCercano[] }) {
  return (
    <ListaPueblos
      pueblos={cercanos.map((c) => ({
        clave: c.municipio.ine,
        href: c.municipio.ruta,
        nombre: c.municipio.nombre,
        detalle: conDatos(mensajes.puebloCercanoDetalle, { km: km(c.km), planes: planesTexto(c.planes) }),
      }))}
    />
  );
}

/**
 * What a search or a town page with no plans around offers instead of a dead end, each one tap
 * away from plans: the nearest plans beyond the radius with their distance ("Lo más cercano:
 * Écija, a 85 km"), the nearest towns that have plans, "Seguir {municipio}" (the weekly e-mail,
 * which tells when something appears) and, only where the place has no plan at all (`conPlanes`
 * false: its words or filters are not what emptied it), "Publica el primer plan de {municipio}".
 * Headings are h3, under the page's own h2.
 */
export function SinPlanesCerca({
  municipio,
  masAlla,
  cercanos,
  conPlanes = false,
  radio,
  categorias,
  conSesion,
  favoritos,
  verificadas,
}: {
  /** The town searched (null when the place is only a point the gazetteer cannot name). */
  municipio: MunicipioConRuta | null;
  masAlla: PlanApi[];
  cercanos: PuebloCercano[];
  /** The place has plans, only not these words or filters': no call to publish its first. */
  conPlanes?: boolean;
  radio: number;
  categorias: string[];
  conSesion: boolean;
  favoritos?: Favoritos;
  verificadas?: ReadonlySet<string>;
}) {
  const primero = masAlla[0];
  const nombre = { municipio: municipio?.nombre ?? "" };
  return (
    <div className={styles.sinPlanes}>
      {primero && (
        <section aria-labelledby="mas-alla-titulo">
          <h3 id="mas-alla-titulo" className={styles.sinPlanesTitulo}>
            {conDatos(mensajes.masAllaTitulo, {
              municipio: primero.municipio,
              km: (primero.distancia ?? "").replace(/km$/, ""),
            })}
          </h3>
          <PlanGrid planes={masAlla} nivelTitulo={4} prioritarios={2} favoritos={favoritos} verificadas={verificadas} />
        </section>
      )}
      {cercanos.length > 0 && (
        <section aria-labelledby="cercanos-con-planes">
          <h3 id="cercanos-con-planes" className={styles.sinPlanesTitulo}>
            {mensajes.puebloCercanos}
          </h3>
          <PueblosCercanos cercanos={cercanos} />
        </section>
      )}
      {municipio && (
        <section className={styles.sinPlanesAcciones} aria-labelledby="sin-planes-acciones">
          <h3 id="sin-planes-acciones" className={styles.sinPlanesTitulo}>
            {conDatos(mensajes.sinPlanesAcciones, nombre)}
          </h3>
          {!conPlanes && <p>{conDatos(mensajes.puebloPublicarPrimero, nombre)}</p>}
          <div className={styles.sinPlanesBotones}>
            {!conPlanes && (
              <Link className="button" href="/publicar" prefetch={false}>
                {conDatos(mensajes.publicarPrimero, nombre)}
              </Link>
            )}
            <details className={styles.seguirPueblo}>
              <summary className={styles.seguirBoton}>{conDatos(mensajes.seguirBoton, nombre)}</summary>
              <SeguirPueblo
                pueblo={{ ine: municipio.ine, nombre: municipio.nombre, radio, categorias }}
                conSesion={conSesion}
              />
            </details>
          </div>
        </section>
      )}
    </div>
  );
}
