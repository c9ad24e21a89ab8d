"use client";

import { ConTextosTarjeta } from "@/components/plans/TextosTarjeta";
import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { SharePlan } from "@/components/plans/SharePlan";
import { PlanCard } from "@/components/plans/PlanCard";
import { useTraduccion } from "@/components/ui/Field";
import ui from "@/components/ui/ui.module.css";
import { conDatos } from "@/lib/con-datos";
import { cuandoTexto } from "@/lib/plans/texto";
import type { PlanApi } from "@/lib/plans/plan";
import wizard from "./Wizard.module.css";

/**
 * Where the wizard ends (spec §8's '¡Genial! El plan ha sido publicado.', the server's message, in
 * the page's language under MensajesEnIdioma):
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
  const p = usePalabras("asistente");
  const traducir = useTraduccion();
  const ruta = new URL(plan.urlPlan).pathname;
  return (
    <section className={wizard.publicado} aria-labelledby="publicado-titulo">
      <div role="status">
        <h2 id="publicado-titulo" ref={tituloRef} tabIndex={-1} className={wizard.publicadoTitulo}>
          {traducir(mensaje)}
        </h2>
      </div>
      <p className={wizard.intro}>{conDatos(p.asiLoVera, { municipio: plan.municipio })}</p>
      <div className={wizard.publicadoTarjeta}>
        <ConTextosTarjeta>{(textos) => <PlanCard plan={plan} textos={textos} />}</ConTextosTarjeta>
      </div>
      <div className={wizard.publicadoAcciones}>
        <Link href={ruta} className="button">
          {p.verMiPlan}
        </Link>
        <SharePlan
          titulo={plan.titulo}
          lineas={[`${plan.direccion}, ${plan.municipio}`, cuandoTexto(plan) ?? ""]}
          url={plan.urlPlan}
        />
        <button type="button" className={ui.buttonGhost} onClick={onOtro}>
          {p.publicarOtro}
        </button>
      </div>
      <p className={wizard.publicadoOtros}>
        <Link href="/mis-planes">{p.verMisPublicaciones}</Link> · <Link href="/">{p.irAlInicio}</Link>
      </p>
    </section>
  );
}
