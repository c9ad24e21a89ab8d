"use client";

import Link from "@/components/idioma/Enlace";
import { SharePlan } from "@/components/plans/SharePlan";
import { PlanCard } from "@/components/plans/PlanCard";
import ui from "@/components/ui/ui.module.css";
import { cuandoTexto } from "@/lib/plans/texto";
import type { PlanApi } from "@/lib/plans/plan";
import wizard from "./Wizard.module.css";

/**
 * Where the wizard ends (spec §8's '¡Genial! El plan ha sido publicado.', the server's message):
 * the new plan's card as the public will see it, and what comes next, as Eventbrite and Meetup
 * end theirs: see it, share it, publish another. Home and 'Planes Creados' stay one tap away.
 */
export function Publicado({
  mensaje,
  plan,
  tituloRef,
  onOtro,
}: {
  mensaje: string;
  plan: PlanApi;
  tituloRef: React.Ref<HTMLHeadingElement>;
  onOtro: () => void;
}) {
  const ruta = new URL(plan.urlPlan).pathname;
  return (
    <section className={wizard.publicado} aria-labelledby="publicado-titulo">
      <div role="status">
        <h2 id="publicado-titulo" ref={tituloRef} tabIndex={-1} className={wizard.publicadoTitulo}>
          {mensaje}
        </h2>
      </div>
      <p className={wizard.intro}>Así lo verá la gente al buscar planes cerca de {plan.municipio}:</p>
      <div className={wizard.publicadoTarjeta}>
        <PlanCard plan={plan} />
      </div>
      <div className={wizard.publicadoAcciones}>
        <Link href={ruta} className="button">
          Ver mi plan
        </Link>
        <SharePlan
          titulo={plan.titulo}
          lineas={[`${plan.direccion}, ${plan.municipio}`, cuandoTexto(plan) ?? ""]}
          url={plan.urlPlan}
        />
        <button type="button" className={ui.buttonGhost} onClick={onOtro}>
          Publicar otro
        </button>
      </div>
      <p className={wizard.publicadoOtros}>
        <Link href="/mis-planes">Ver mis publicaciones</Link> · <Link href="/">Ir al inicio</Link>
      </p>
    </section>
  );
}
