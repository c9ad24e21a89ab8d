import Link from "@/components/idioma/Enlace";
import { enlaceBuscarEnMapa } from "@/components/plans/enlaces";
import { Markdown } from "@/components/plans/Markdown";
import { InsigniaVerificada } from "@/components/organizaciones/InsigniaVerificada";
import { PlanGrid } from "@/components/plans/PlanGrid";
import { ContactLinks } from "@/components/plans/PlanDetail";
import { PosterImage } from "@/components/plans/PosterImage";
import { variantUrl } from "@/lib/media/variant-url";
import type { Favoritos } from "@/lib/favoritos/sesion";
import { conDatos } from "@/lib/con-datos";
import { palabrasDePagina, idiomaDePagina } from "@/lib/idioma-de-pagina";
import type { Catalogo } from "@/lib/catalogo";
import { LOCALE_INTL } from "@/lib/idiomas";
import type { OrganizacionApi } from "@/lib/organizaciones/serialize";
import type { UrlsFeed } from "@/lib/difusion/feed-url";
import type { PlanApi } from "@/lib/plans/plan";
import { SeguirBusqueda } from "@/components/busqueda/SeguirBusqueda";
import { SeguirOrganizacion } from "@/components/seguimientos/SeguirOrganizacion";
import seguirCss from "@/components/seguimientos/seguimientos.module.css";
import type { SeguirEnSesion } from "@/lib/seguimientos/sesion";
import styles from "./OrganizationDetail.module.css";

/** "12 personas siguen esta organización": what its owner sees. */
function textoSeguidores(n: number, p: Catalogo["perfil"], locale: string): string {
  if (n === 0) return p.seguidoresNinguno;
  return n === 1 ? p.seguidoresUno : conDatos(p.seguidores, { n: n.toLocaleString(locale) });
}

/**
 * The organization page of spec §2: name, logo, description, address, contact and its plans; a
 * verified organization has "Verificada" under its name and on its plans' cards.
 */
export async function OrganizationDetail({
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
  const [p, planesP, idioma] = await Promise.all([
    palabrasDePagina("perfil"),
    palabrasDePagina("planes"),
    idiomaDePagina(),
  ]);
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
                <span className="visually-hidden">{` ${p.nuevaPestana}`}</span>
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
                <p className={seguirCss.seguidores}>{textoSeguidores(seguir.seguidores, p, LOCALE_INTL[idioma])}</p>
              )}
            </div>
          )}
        </div>
      </header>
      {org.descripcion && <Markdown texto={org.descripcion} nivelTitulos={2} />}
      <section aria-labelledby="org-planes">
        <h2 id="org-planes" className={styles.planesTitulo}>
          {p.planesDosPuntos}
        </h2>
        {feeds && (
          <div className={styles.suscribir}>
            <SeguirBusqueda feeds={feeds} pueblo={null} conSesion={false} id="org-suscribir" />
          </div>
        )}
        {planes.length > 0 ? (
          <PlanGrid planes={planes} favoritos={favoritos} verificadas={verificadas} />
        ) : (
          <p className={styles.vacio}>{planesP.orgSinPlanes}</p>
        )}
      </section>
      <p className={styles.widget}>
        <Link href={`/widget?organizacion=${org._id}`}>
          {conDatos(p.widgetOrganizacion, { organizacion: org.nombre })}
        </Link>
      </p>
    </article>
  );
}
