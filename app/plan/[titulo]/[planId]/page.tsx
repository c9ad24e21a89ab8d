import type { Metadata } from "next";
import { conVersiones } from "@/lib/seo/versiones";
import { redirigirParaSiempre } from "@/lib/idioma-de-pagina";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PlanDetail } from "@/components/plans/PlanDetail";
import { textosTarjetaDePagina } from "@/components/plans/PlanCard";
import { planOcultoParaQuienMira } from "@/lib/plans/get-plan";
import { leerPlan } from "@/lib/plans/queries";
import { planPath, serializePlan, tituloEnUrl, type PlanApi } from "@/lib/plans/plan";
import { jsonLdScript, planJsonLd, planMetadata, segmentoCanonico } from "@/lib/seo/plan";
import { cuandoTexto } from "@/lib/plans/texto";
import { resumen, textoPlano } from "@/lib/text";
import { ConPalabras } from "@/components/idioma/ConPalabras";
import { planTerminado } from "@/lib/plans/estado";
import { PLANES_PARECIDOS, planesDelFindeCerca, planesParecidos } from "@/lib/busqueda/parecidos";
import { favoritosDeLaSesion } from "@/lib/favoritos/sesion";
import { seguirOrganizacionEnSesion } from "@/lib/seguimientos/sesion";
import { municipioDeNombre } from "@/lib/geo/municipios";
import { organizacionesVerificadas } from "@/lib/organizaciones/verificadas";
import { origenDelPlan } from "@/lib/fuentes/pantallas";
import { readDb } from "@/lib/db";
import { getTranslations } from "next-intl/server";
import { idiomaDePagina } from "@/lib/idioma-de-pagina";
import { idiomasDelPlan, idiomasDelTexto, textoParaLeer } from "@/lib/plans/idiomas";
import { IDIOMA_POR_DEFECTO, type Idioma } from "@/lib/idiomas";
import type { Espacio } from "@/lib/catalogo";

/**
 * The namespaces the page's browser components read beyond the root layout's: its own (share,
 * summary, map, report), planes' (share, report), cuenta's (the report's thanks), and perfil's
 * and seguir's (follow the organizer).
 */
const ESPACIOS: readonly Espacio[] = ["plan", "planes", "cuenta", "perfil", "seguir"];

interface Props {
  params: Promise<{ titulo: string; planId: string }>;
}

/**
 * One read per request, shared by the metadata and the page: the public plan, or a hidden one
 * for its owner and the team (with the team's reason).
 */
const cargarPlan = cache(async (id: string) => {
  const row = await leerPlan(id);
  if (row) return { plan: serializePlan(row), oculto: null };
  const oculto = await planOcultoParaQuienMira(id);
  return oculto && { plan: serializePlan(oculto.row), oculto: { motivo: oculto.motivo } };
});

/**
 * The plan's languages (read apart by its id) and the text its reader reads: the page's language
 * when the plan has it, else Spanish, else the original (lib/plans/idiomas.ts).
 */
const cargarTexto = cache(async (id: string, titulo: string, descripcion: string) => {
  const [idiomas, lector] = await Promise.all([readDb().then((db) => idiomasDelPlan(id, db)), idiomaDePagina()]);
  return { idiomas, lector, texto: textoParaLeer({ titulo, descripcion }, idiomas, lector) };
});

/**
 * A link preview's description in another language: its "when" line is the interface's words
 * (lib/seo/plan.ts writes the Spanish one: "when · town · start of the description").
 */
async function enIdioma(metadata: Metadata, plan: PlanApi, idioma: Idioma): Promise<Metadata> {
  if (idioma === IDIOMA_POR_DEFECTO) return metadata;
  const description = resumen(
    [cuandoTexto(plan, {}, await textosTarjetaDePagina()), plan.municipio, textoPlano(plan.descripcion)]
      .filter(Boolean)
      .join(" · "),
  );
  return {
    ...metadata,
    description,
    openGraph: metadata.openGraph && { ...metadata.openGraph, description },
    twitter: metadata.twitter && { ...metadata.twitter, description },
  };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const cargado = await cargarPlan((await params).planId);
  if (!cargado) notFound();
  const { plan, oculto } = cargado;
  if (oculto) return { title: plan.titulo, robots: { index: false, follow: false } };
  // Indexed in each language its text is written in: another language's page would repeat it.
  const { idiomas, lector, texto } = await cargarTexto(plan._id, plan.titulo, plan.descripcion);
  const visto = { ...plan, titulo: texto.titulo, descripcion: texto.descripcion };
  return conVersiones(await enIdioma(planMetadata(visto), visto, lector), idiomasDelTexto(idiomas));
}

export default async function PlanPage({ params }: Props) {
  const { titulo, planId } = await params;
  const cargado = await cargarPlan(planId);
  if (!cargado) notFound();
  const { plan, oculto } = cargado;
  if (!segmentoCanonico(titulo, tituloEnUrl(plan.titulo))) await redirigirParaSiempre(planPath(plan.titulo, plan._id));
  const terminado = planTerminado(plan);
  const [lng, lat] = plan.ubicacion.coordinates;
  // Every plan page leads on: this weekend's plans around it and more plans near it (those of its
  // own categories first), never the same plan twice.
  // Where an imported plan came from is read apart, by its id: the plan's API shape stays as it is.
  const [favoritos, finde, cerca, pueblo, origen, seguir] = await Promise.all([
    favoritosDeLaSesion(),
    planesDelFindeCerca(plan),
    planesParecidos(plan, 2 * PLANES_PARECIDOS),
    municipioDeNombre(plan.municipio, { lat, lng }, { oElMasCercano: true }),
    readDb().then((db) => origenDelPlan(plan._id, db)),
    plan.organizacion ? seguirOrganizacionEnSesion(plan.organizacion._id) : null,
  ]);
  const enFinde = new Set(finde.map((p) => p._id));
  const parecidos = cerca.filter((p) => !enFinde.has(p._id)).slice(0, PLANES_PARECIDOS);
  const [verificadas, { texto, lector }, t] = await Promise.all([
    organizacionesVerificadas([plan, ...parecidos, ...finde]),
    cargarTexto(plan._id, plan.titulo, plan.descripcion),
    getTranslations("textoOriginal"),
  ]);
  // The page in its reader's text throughout: title, description, link previews, calendar, sharing.
  const visto = { ...plan, titulo: texto.titulo, descripcion: texto.descripcion };
  const organizacionVerificada = Boolean(plan.organizacionId && verificadas.has(plan.organizacionId));
  return (
    <>
      {!oculto && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonLdScript(planJsonLd(visto, { organizacionVerificada })) }}
        />
      )}
      <ConPalabras espacios={ESPACIOS}>
        <PlanDetail
          plan={visto}
          favoritos={favoritos}
          terminado={terminado}
          parecidos={parecidos}
          finde={finde}
          oculto={oculto}
          verificadas={verificadas}
          pueblo={pueblo && { nombre: pueblo.nombre, ruta: pueblo.ruta }}
          origen={origen && { fuente: origen.fuente, url: origen.url, tambienEn: origen.tambienEn }}
          seguirOrganizacion={seguir}
          texto={{ idioma: texto.idioma, original: texto.idioma === lector ? null : t(texto.idioma) }}
        />
      </ConPalabras>
    </>
  );
}
