import Link from "@/components/idioma/Enlace";
import { PlanGrid } from "@/components/plans/PlanGrid";
import { SeguirPueblo } from "@/components/seguimientos/SeguirPueblo";
import type { Favoritos } from "@/lib/favoritos/sesion";
import type { MunicipioConRuta } from "@/lib/geo/slug";
import { idiomaDePagina, palabrasDePagina } from "@/lib/idioma-de-pagina";
import type { Idioma } from "@/lib/idiomas";
import { conDatos } from "@/lib/con-datos";
import type { PlanApi } from "@/lib/plans/plan";
import { planesTexto } from "@/lib/plans/cantidades";
import { palabrasPlanesDePagina } from "@/lib/plans/cantidades-pagina";
import type { PuebloCercano } from "@/lib/pueblos/planes";
import { ListaPueblos } from "./ListaPueblos";
import styles from "./pueblos.module.css";

/** Kilometres as people say them: 8,5 under 10 (8.5 in English), whole above. */
export const km = (n: number, idioma: Idioma = "es") =>
  n < 10 ? (idioma === "en" ? n.toFixed(1) : n.toFixed(1).replace(".", ",")) : String(Math.round(n));

/** The nearest towns with plans, each with how far and how many plans: a town page's and an empty place's. */
export async function PueblosCercanos({ cercanos }: { cercanos: readonly PuebloCercano[] }) {
  const [cuentas, { puebloCercanoDetalle }, idioma] = await Promise.all([
    palabrasPlanesDePagina(),
    palabrasDePagina("busqueda"),
    idiomaDePagina(),
  ]);
  return (
    <ListaPueblos
      pueblos={cercanos.map((c) => ({
        clave: c.municipio.ine,
        href: c.municipio.ruta,
        nombre: c.municipio.nombre,
        detalle: conDatos(puebloCercanoDetalle, { km: km(c.km, idioma), planes: planesTexto(c.planes, cuentas) }),
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
export async function SinPlanesCerca({
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
  const [b, p, { seguirBoton }] = await Promise.all([
    palabrasDePagina("busqueda"),
    palabrasDePagina("pueblos"),
    palabrasDePagina("seguir"),
  ]);
  const primero = masAlla[0];
  const nombre = { municipio: municipio?.nombre ?? "" };
  return (
    <div className={styles.sinPlanes}>
      {primero && (
        <section aria-labelledby="mas-alla-titulo">
          <h3 id="mas-alla-titulo" className={styles.sinPlanesTitulo}>
            {conDatos(b.masAllaTitulo, {
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
            {p.puebloCercanos}
          </h3>
          <PueblosCercanos cercanos={cercanos} />
        </section>
      )}
      {municipio && (
        <section className={styles.sinPlanesAcciones} aria-labelledby="sin-planes-acciones">
          <h3 id="sin-planes-acciones" className={styles.sinPlanesTitulo}>
            {conDatos(b.sinPlanesAcciones, nombre)}
          </h3>
          {!conPlanes && <p>{conDatos(p.puebloPublicarPrimero, nombre)}</p>}
          <div className={styles.sinPlanesBotones}>
            {!conPlanes && (
              <Link className="button" href="/publicar" prefetch={false}>
                {conDatos(b.publicarPrimero, nombre)}
              </Link>
            )}
            <details className={styles.seguirPueblo}>
              <summary className={styles.seguirBoton}>{conDatos(seguirBoton, nombre)}</summary>
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
