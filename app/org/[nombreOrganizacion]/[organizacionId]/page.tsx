import type { Metadata } from "next";
import { conVersiones } from "@/lib/seo/versiones";
import { redirigirParaSiempre } from "@/lib/idioma-de-pagina";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { OrganizationDetail } from "@/components/organizaciones/OrganizationDetail";
import { favoritosDeLaSesion } from "@/lib/favoritos/sesion";
import { seguirOrganizacionEnSesion } from "@/lib/seguimientos/sesion";
import { organizacionConPlanes } from "@/lib/organizaciones/organizaciones";
import { organizacionPath } from "@/lib/organizaciones/paths";
import { organizacionVerificada } from "@/lib/organizaciones/verificadas";
import { organizacionJsonLd, organizacionMetadata } from "@/lib/seo/organizacion";
import { urlsFeedOrganizacion } from "@/lib/difusion/feed-url";
import { tituloEnUrl } from "@/lib/plans/plan";
import { site } from "@/lib/site";
import { jsonLdScript, segmentoCanonico } from "@/lib/seo/plan";

interface Props {
  params: Promise<{ nombreOrganizacion: string; organizacionId: string }>;
}

const cargarOrganizacion = cache(organizacionConPlanes);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const org = await cargarOrganizacion((await params).organizacionId);
  if (!org) notFound();
  // Its description is in Spanish: indexed in Spanish alone.
  return conVersiones(organizacionMetadata(org), ["es"]);
}

export default async function OrganizationPage({ params }: Props) {
  const { nombreOrganizacion, organizacionId } = await params;
  const org = await cargarOrganizacion(organizacionId);
  if (!org) notFound();
  if (!segmentoCanonico(nombreOrganizacion, tituloEnUrl(org.nombre)))
    await redirigirParaSiempre(organizacionPath(org.nombre, org._id));
  const { planes, ...datos } = org;
  const [favoritos, verificada, seguir] = await Promise.all([
    favoritosDeLaSesion(),
    organizacionVerificada(org._id),
    seguirOrganizacionEnSesion(org._id, org.usuario),
  ]);
  return (
    <>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdScript(organizacionJsonLd(datos, verificada)) }}
      />
      {/* "Seguir" and its e-mail form are the browser's. */}
      <ConPalabras espacios={["perfil", "seguir"]}>
        <OrganizationDetail
          org={datos}
          planes={planes}
          favoritos={favoritos}
          verificada={verificada}
          seguir={seguir}
          feeds={urlsFeedOrganizacion(org, site().url)}
        />
      </ConPalabras>
    </>
  );
}
