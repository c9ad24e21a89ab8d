import type { Metadata } from "next";
import { absoluteUrl } from "../plans/plan";
import { ORGANIZACION_VERIFICADA_JSON_LD, imagenOg, metadatosCompartidos } from "./plan";
import { resumen, textoPlano } from "../text";
import { conDatos, mensajes } from "../messages";
import { urlsFeedOrganizacion } from "../difusion/feed-url";
import { site } from "../site";
import { organizacionPath } from "../organizaciones/paths";
import type { OrganizacionApi } from "../organizaciones/serialize";

export function organizacionUrl(org: Pick<OrganizacionApi, "_id" | "nombre">): string {
  return `${site().url}${organizacionPath(org.nombre, org._id)}`;
}

/** The organization page's description: the start of its own, or a sentence of ours. */
export function descripcionOrganizacion(org: OrganizacionApi): string {
  const propia = org.descripcion ? textoPlano(org.descripcion) : "";
  return resumen(propia || `Planes, eventos y actividades organizados por ${org.nombre}.`);
}

export function organizacionMetadata(org: OrganizacionApi): Metadata {
  const metadatos = metadatosCompartidos({
    titulo: org.nombre,
    descripcion: descripcionOrganizacion(org),
    url: organizacionUrl(org),
    imagen: imagenOg(org.archivoLogo),
    alt: `Logo de ${org.nombre}`,
  });
  // <link rel="alternate" type="application/atom+xml">: its plans as a feed.
  const atom = {
    url: urlsFeedOrganizacion(org, site().url).atom,
    title: conDatos(mensajes.feedTituloOrganizacion, { organizacion: org.nombre }),
  };
  return { ...metadatos, alternates: { ...metadatos.alternates, types: { "application/atom+xml": [atom] } } };
}

/** schema.org Organization of the organization page; a verified one says so (ORGANIZACION_VERIFICADA_JSON_LD). */
export function organizacionJsonLd(org: OrganizacionApi, verificada = false): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: org.nombre,
    url: organizacionUrl(org),
    ...(org.archivoLogo ? { logo: absoluteUrl(org.archivoLogo.url) } : {}),
    ...(org.descripcion ? { description: resumen(textoPlano(org.descripcion), 500) } : {}),
    email: org.emailContacto,
    ...(org.telefonoContacto ? { telephone: org.telefonoContacto } : {}),
    ...(org.direccion
      ? { address: { "@type": "PostalAddress", streetAddress: org.direccion, addressCountry: "ES" } }
      : {}),
    ...(verificada ? ORGANIZACION_VERIFICADA_JSON_LD : {}),
  };
}
