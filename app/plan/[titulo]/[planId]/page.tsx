import type { Metadata } from "next";
import { conVersiones } from "@/lib/seo/versiones";
import { redirigirParaSiempre } from "@/lib/idioma-de-pagina";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PlanDetail } from "@/components/plans/PlanDetail";
import { planOcultoParaQuienMira } from "@/lib/plans/get-plan";
import { leerPlan } from "@/lib/plans/queries";
import { planPath, serializePlan, tituloEnUrl } from "@/lib/plans/plan";
import { jsonLdScript, planJsonLd, planMetadata, segmentoCanonico } from "@/lib/seo/plan";
import { planTerminado } from "@/lib/plans/estado";
import { PLANES_PARECIDOS, planesDelFindeCerca, planesParecidos } from "@/lib/busqueda/parecidos";
import { favoritosDeLaSesion } from "@/lib/favoritos/sesion";
import { seguirOrganizacionEnSesion } from "@/lib/seguimientos/sesion";
import { municipioDeNombre } from "@/lib/geo/municipios";
import { organizacionesVerificadas } from "@/lib/organizaciones/verificadas";
import { origenDelPlan } from "@/lib/fuentes/pantallas";
import { readDb } from "@/lib/db";

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

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const cargado = await cargarPlan((await params).planId);
  if (!cargado) notFound();
  const { plan, oculto } = cargado;
  return oculto
    ? { title: plan.titulo, robots: { index: false, follow: false } }
    : conVersiones(planMetadata(plan), ["es"]);
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
  const verificadas = await organizacionesVerificadas([plan, ...parecidos, ...finde]);
  const organizacionVerificada = Boolean(plan.organizacionId && verificadas.has(plan.organizacionId));
  return (
    <>
      {!oculto && (
        <script
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: jsonLdScript(planJsonLd(plan, { organizacionVerificada })) }}
        />
      )}
      <PlanDetail
        plan={plan}
        favoritos={favoritos}
        terminado={terminado}
        parecidos={parecidos}
        finde={finde}
        oculto={oculto}
        verificadas={verificadas}
        pueblo={pueblo && { nombre: pueblo.nombre, ruta: pueblo.ruta }}
        origen={origen && { fuente: origen.fuente, url: origen.url, tambienEn: origen.tambienEn }}
        seguirOrganizacion={seguir}
      />
    </>
  );
}
