"use client";

import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { FormProvider } from "react-hook-form";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { useFormularioConPistas } from "@/components/ui/errores-campos";
import { Aviso, Spinner } from "@/components/ui/Field";
import ui from "@/components/ui/ui.module.css";
import { variantUrl } from "@/lib/media/variant-url";
import { camposDePlan, erroresFormularioPlan, formularioPlan, type CamposPlan } from "@/lib/plans/formulario";
import type { IdiomasDelPlan } from "@/lib/plans/idiomas";
import type { PlanApi } from "@/lib/plans/plan";
import {
  CamposSiNo,
  CampoCartel,
  CampoCategorias,
  CampoDescripcion,
  CampoFechas,
  CampoIdioma,
  CampoOrganizacion,
  CampoPrecio,
  CampoTitulo,
  CampoUbicacion,
  CamposContacto,
  CamposTraducciones,
} from "./campos";
import { useEliminarPlan } from "../EliminarPlan";
import { useOrganizaciones, type OrganizacionResumen } from "./OrganizationSelect";
import { mensajeDelBoton, resolverDeReglas } from "./resolver";
import styles from "./form.module.css";

interface Contexto {
  cartelGuardado: boolean;
}

/** Spec §5 'Plan update', in its order, on the very form the page sends. */
const resolver = resolverDeReglas<Contexto>((c, { cartelGuardado }) =>
  erroresFormularioPlan(c, { modo: "actualizar", parte: "todo", cartelGuardado }),
);

const urlCartel = (p: PlanApi) => (p.archivoCartel ? variantUrl(p.archivoCartel.url, "detalle") : null);
const rutaPlan = (p: PlanApi) => new URL(p.urlPlan).pathname;

/**
 * The edit page's form (spec §2 'Edit plan'): every field of the plan, the contact switch, and
 * 'Eliminar' (with its confirmation) and 'Actualizar'. A spinner shows while a call is under way,
 * and the server's message is shown after it. The languages of its text (`idiomas`) are read apart.
 */
export function EditPlanForm({
  plan: inicial,
  idiomas,
  organizaciones: iniciales,
}: {
  plan: PlanApi;
  idiomas: IdiomasDelPlan;
  organizaciones: OrganizacionResumen[];
}) {
  const router = useRouter();
  const p = usePalabras("formulario");
  const { errorActualizarPlan, planActualizado } = usePalabras("publicar");
  const [plan, setPlan] = useState(inicial);
  const [resultado, setResultado] = useState<{ error?: string; exito?: string }>({});
  const [trabajando, setTrabajando] = useState(false);
  const borrado = useEliminarPlan(inicial._id);
  const organizaciones = useOrganizaciones(iniciales);
  const ocupado = trabajando || borrado.trabajando;
  const cartelGuardado = plan.archivoCartel !== null;
  const contexto = useMemo(() => ({ cartelGuardado }), [cartelGuardado]);
  const { form, raiz: formulario } = useFormularioConPistas<CamposPlan, Contexto>({
    defaultValues: camposDePlan(inicial, idiomas),
    resolver,
    context: contexto,
  });

  async function actualizar(campos: CamposPlan) {
    setTrabajando(true);
    const r = await llamar("PATCH", `/api/plan/${plan._id}`, formularioPlan(campos));
    setTrabajando(false);
    if (!r.ok) return setResultado({ error: mensajeDe(r, errorActualizarPlan) });
    setPlan(r.data.plan as PlanApi);
    // Spec §4: after sending, the chosen poster is cleared (the stored one now shows).
    form.setValue("cartel", null);
    setResultado({ exito: mensajeDe(r, planActualizado) });
    router.refresh();
  }

  return (
    <FormProvider {...form}>
      <form
        ref={formulario}
        className={styles.tarjeta}
        noValidate
        aria-busy={ocupado}
        onSubmit={(e) => {
          // Spec §4: a submit first clears the previous messages, then validates.
          setResultado({});
          return form.handleSubmit(actualizar)(e);
        }}
      >
        <p className={styles.meta}>
          {plan.tipo === "evento" ? p.evento : p.experiencia} · <Link href={rutaPlan(plan)}>{p.verPlanPublicado}</Link>
        </p>
        <CampoTitulo />
        <CampoDescripcion />
        <CampoIdioma />
        <CamposTraducciones />
        <CampoCategorias />
        <CampoUbicacion />
        <CampoFechas />
        <CampoCartel urlGuardada={urlCartel(plan)} />
        <CampoOrganizacion organizaciones={organizaciones} variante="editar" />
        <CampoPrecio />
        <CamposSiNo />
        <CamposContacto interruptor />
        <Aviso
          error={mensajeDelBoton(form.formState.errors) ?? borrado.error ?? resultado.error}
          exito={resultado.exito}
        />
        <div className={styles.acciones}>
          <button
            type="button"
            className={ui.buttonDanger}
            disabled={ocupado}
            onClick={() => {
              setResultado({});
              borrado.pedir();
            }}
          >
            {p.eliminar}
          </button>
          {trabajando && <Spinner etiqueta={p.guardandoCambios} />}
          {borrado.trabajando && <Spinner etiqueta={p.eliminandoPlan} />}
          <button type="submit" className="button" disabled={ocupado}>
            {p.actualizar}
          </button>
        </div>
      </form>
      {borrado.confirmacion}
    </FormProvider>
  );
}
