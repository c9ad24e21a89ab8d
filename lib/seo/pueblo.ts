import type { Metadata } from "next";
import { espacioDe } from "../catalogo";
import { nombreDelPueblo, type MunicipioConRuta } from "../geo/slug";
import { IDIOMA_POR_DEFECTO, type Idioma } from "../idiomas";
import { conDatos } from "../con-datos";
import { RADIO_DEFAULT_KM } from "../plans/constants";
import type { PlanApi } from "../plans/plan";
import { imagenOg, metadatosCompartidos, planJsonLd } from "./plan";
import { absoluta } from "../site";
import { site } from "../site";

/** The path of a province's page, which lists its towns (app/planes/[provincia]). */
export const rutaProvincia = (provinciaSlug: string) => `/planes/${provinciaSlug}`;

const datos = (m: MunicipioConRuta, idioma: Idioma) => ({
  municipio: nombreDelPueblo(m, idioma),
  provincia: m.provincia,
  km: String(RADIO_DEFAULT_KM),
});

/**
 * A town page's metadata in the page's language: canonical path (its Spanish one, which
 * conVersiones turns into the language's), link previews with the first listed plan's poster
 * (the site's own image when none has one), and noindex while no plan is listed around it: an
 * empty page is useful to a person who arrives but not worth a search result.
 */
export function puebloMetadata(
  m: MunicipioConRuta,
  planes: readonly PlanApi[],
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Metadata {
  const w = espacioDe(idioma, "pueblos");
  const url = `${site().url}${m.ruta}`;
  const conCartel = planes.find((p) => p.archivoCartel);
  const vacio = planes.length === 0;
  const base = metadatosCompartidos({
    titulo: conDatos(w.puebloTituloMeta, datos(m, idioma)),
    descripcion: conDatos(vacio ? w.puebloDescripcionVacio : w.puebloDescripcion, datos(m, idioma)),
    url,
    imagen: conCartel ? imagenOg(conCartel.archivoCartel) : `${site().url}/og-planazo.jpg`,
    alt: conCartel ? conCartel.titulo : conDatos(w.puebloTitulo, datos(m, idioma)),
  });
  return { ...base, ...(vacio ? { robots: { index: false, follow: true } } : {}) };
}

/**
 * schema.org data of a town page: an ItemList of the listed plans, each exactly the plan page's
 * own Event or TouristAttraction (planJsonLd, without its repeated @context), in the page's
 * order; and the BreadcrumbList España › provincia › municipio. The lists' names and addresses
 * are the page's language's; the plans are data, as their own pages give them.
 */
export function puebloJsonLd(
  m: MunicipioConRuta,
  planes: readonly PlanApi[],
  verificadas: ReadonlySet<string>,
  idioma: Idioma = IDIOMA_POR_DEFECTO,
): Record<string, unknown>[] {
  const { puebloTitulo } = espacioDe(idioma, "pueblos");
  const { puebloEspana } = espacioDe(idioma, "busqueda");
  const url = (ruta: string) => absoluta(idioma, ruta);
  return [
    {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: conDatos(puebloTitulo, datos(m, idioma)),
      url: url(m.ruta),
      numberOfItems: planes.length,
      itemListElement: planes.map((p, i) => {
        const item = planJsonLd(p, {
          organizacionVerificada: Boolean(p.organizacionId && verificadas.has(p.organizacionId)),
        });
        delete item["@context"];
        return { "@type": "ListItem", position: i + 1, item };
      }),
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: puebloEspana, item: url("/") },
        { "@type": "ListItem", position: 2, name: m.provincia, item: url(rutaProvincia(m.provinciaSlug)) },
        { "@type": "ListItem", position: 3, name: nombreDelPueblo(m, idioma), item: url(m.ruta) },
      ],
    },
  ];
}
