import Link from "@/components/idioma/Enlace";
import { enlaceBuscarEnMapa } from "@/components/plans/enlaces";
import { Markdown } from "@/components/plans/Markdown";
import { InsigniaVerificada } from "@/components/organizaciones/InsigniaVerificada";
import { PlanGrid } from "@/components/plans/PlanCard";
import { ContactLinks } from "@/components/plans/PlanDetail";
import { PosterImage } from "@/components/plans/PosterImage";
import { variantUrl } from "@/lib/media/variant-url";
import type { Favoritos } from "@/lib/favoritos/sesion";
import { conDatos, mensajes } from "@/lib/messages";
import type { OrganizacionApi } from "@/lib/organizaciones/serialize";
import type { UrlsFeed } from "@/lib/difusion/feed-url";
import type { PlanApi } from "@/lib/plans/plan";
import { SeguirBusqueda } from "@/components/busqueda/SeguirBusqueda";
import { SeguirOrganizacion } from "@/components/seguimientos/SeguirOrganizacion";
import seguirCss from "@/components/seguimientos/seguimientos.module.css";
import type { SeguirEnSesion } from "@/lib/seguimientos/sesion";
import styles from "./OrganizationDetail.module.css";
import { mensajesSeguir } from "@/lib/seguimientos/mensajes";

/** "12 personas siguen esta organización": what its owner sees. */
function textoSeguidores(n: number): string {
  if (n === 0) return mensajesSeguir.seguidoresNinguno;
  return n === 1 ? mensajesSeguir.seguidoresUno : conDatos(mensajesSeguir.seguidores, { n: n.toLocaleString("es-ES") });
}

/**
 * The organization page of spec §2: name, logo, description, address, contact and its plans; a
 * verified organization has "Verificada" under its name and on its plans' cards.
 */
export function OrganizationDetail({
  org,
  planes,
  favoritos,
  verificada = false,
  feeds,
  seguir,
}: {
  org: OrganizacionApi;
  planes: PlanApi[];
  favoritos: Favoritos;
  verificada?: boolean;
  /** Its calendar and Atom feeds (lib/difusion/feed-url.ts): the subscribe button under "Planes:". */
  feeds?: UrlsFeed;
  /** "Seguir" for the current person, and the number of followers for its owner. */
  seguir?: SeguirEnSesion;
}) {
  const logo = org.archivoLogo;
  const verificadas = new Set(verificada ? [org._id] : []);
  return (
    <article className={styles.org}>
      <header className={styles.cabecera}>
        {logo && (
          <div className={styles.logo}>
            <PosterImage src={variantUrl(logo.url, "detalle")} width={logo.width} height={logo.height} priority />
          </div>
        )}
        <div className={styles.datos}>
          <h1 className={styles.nombre}>{org.nombre}</h1>
          {verificada && (
            <p className={styles.verificada}>
              <InsigniaVerificada />
            </p>
          )}
          {org.direccion && (
            <p className={styles.direccion}>
              <a href={enlaceBuscarEnMapa(org.direccion)} target="_blank" rel="noopener noreferrer">
                {org.direccion}
                <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
              </a>
            </p>
          )}
          <ContactLinks email={org.emailContacto} telefono={org.telefonoContacto} />
          {seguir && (
            <div className={styles.seguir}>
              <SeguirOrganizacion
                organizacion={{ _id: org._id, nombre: org.nombre }}
                conectado={seguir.conectado}
                siguiendo={seguir.siguiendo}
              />
              {seguir.seguidores !== null && (
                <p className={seguirCss.seguidores}>{textoSeguidores(seguir.seguidores)}</p>
              )}
            </div>
          )}
        </div>
      </header>
      {org.descripcion && <Markdown texto={org.descripcion} nivelTitulos={2} />}
      <section aria-labelledby="org-planes">
        <h2 id="org-planes" className={styles.planesTitulo}>
          Planes:
        </h2>
        {feeds && (
          <div className={styles.suscribir}>
            <SeguirBusqueda feeds={feeds} pueblo={null} conSesion={false} id="org-suscribir" />
          </div>
        )}
        {planes.length > 0 ? (
          <PlanGrid planes={planes} favoritos={favoritos} verificadas={verificadas} />
        ) : (
          <p className={styles.vacio}>{mensajes.orgSinPlanes}</p>
        )}
      </section>
      <p className={styles.widget}>
        <Link href={`/widget?organizacion=${org._id}`}>Muestra los planes de {org.nombre} en tu página web</Link>
      </p>
    </article>
  );
}
