import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { cache } from "react";
import { PlanDetail } from "@/components/plans/PlanDetail";
import { obtenerPlan } from "@/lib/plans/get-plan";
import { planPath, serializePlan, tituloEnUrl } from "@/lib/plans/serialize";
import { jsonLdScript, planJsonLd, planMetadata, planTerminado, segmentoCanonico } from "@/lib/plans/seo";
import { planesParecidos } from "@/lib/plans/similar";
import { favoritosDeLaSesion } from "@/lib/favorites/sesion";

interface Props {
  params: Promise<{ titulo: string; planId: string }>;
}

/** One read per request, shared by the metadata and the page. */
const cargarPlan = cache(async (id: string) => {
  const row = await obtenerPlan(id);
  return row && serializePlan(row);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const plan = await cargarPlan((await params).planId);
  if (!plan) notFound();
  return planMetadata(plan);
}

export default async function PlanPage({ params }: Props) {
  const { titulo, planId } = await params;
  const plan = await cargarPlan(planId);
  if (!plan) notFound();
  if (!segmentoCanonico(titulo, tituloEnUrl(plan.titulo))) permanentRedirect(planPath(plan.titulo, plan._id));
  const terminado = planTerminado(plan);
  const [favoritos, parecidos] = await Promise.all([favoritosDeLaSesion(), terminado ? planesParecidos(plan) : []]);
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(planJsonLd(plan)) }} />
      <PlanDetail plan={plan} favoritos={favoritos} terminado={terminado} parecidos={parecidos} />
    </>
  );
}
