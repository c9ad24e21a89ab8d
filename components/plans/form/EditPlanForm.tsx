"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { llamar, mensajeDe } from "@/components/account/api";
import { useEnfocarPrimerError, useLimpiarAlCorregir } from "@/components/ui/errores-campos";
import { Aviso, Spinner } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import ui from "@/components/ui/ui.module.css";
import { varianteUrl } from "@/lib/media/variant-url";
import { mensajes } from "@/lib/messages";
import { camposDePlan, erroresFormularioPlan, formularioPlan, type CamposPlan } from "@/lib/plans/formulario";
import type { PlanApi } from "@/lib/plans/serialize";
import { CampoCartel, CampoCategorias, CampoDescripcion, CampoFechas, CampoOrganizacion, CampoPrecio, CampoTitulo, CampoUbicacion, CamposContacto } from "./campos";
import { useOrganizaciones, type OrganizacionResumen } from "./OrganizationSelect";
import { resolverDeReglas } from "./resolver";
import styles from "./form.module.css";

interface Contexto {
  cartelGuardado: boolean;
}

/** Spec §5 'Plan update', in its order, on the very form the page sends. */
const resolver = resolverDeReglas<Contexto>((c, { cartelGuardado }) => erroresFormularioPlan(c, { modo: "actualizar", parte: "todo", cartelGuardado }));

const urlCartel = (p: PlanApi) => (p.archivoCartel ? varianteUrl(p.archivoCartel.url, "detalle") : null);
const rutaPlan = (p: PlanApi) => new URL(p.urlPlan).pathname;

/**
 * The edit page's form (spec §2 'Edit plan'): every field of the plan, the contact switch, and
 * 'Eliminar' (with its confirmation) and 'Actualizar'. A spinner shows while a call is under way,
 * and the server's message is shown after it.
 */
export function EditPlanForm({ plan: inicial, organizaciones: iniciales }: { plan: PlanApi; organizaciones: OrganizacionResumen[] }) {
  const router = useRouter();
  const [plan, setPlan] = useState(inicial);
  const [resultado, setResultado] = useState<{ error?: string; exito?: string }>({});
  const [trabajando, setTrabajando] = useState(false);
  const [confirmar, setConfirmar] = useState(false);
  const [eliminado, setEliminado] = useState<string | null>(null);
  const organizaciones = useOrganizaciones(iniciales);
  const cartelGuardado = plan.archivoCartel !== null;
  const contexto = useMemo(() => ({ cartelGuardado }), [cartelGuardado]);
  const form = useForm<CamposPlan, Contexto>({ defaultValues: camposDePlan(inicial), resolver, context: contexto, shouldFocusError: false });
  const formulario = useRef<HTMLFormElement>(null);
  useEnfocarPrimerError(formulario, form.formState.submitCount);
  useLimpiarAlCorregir(form, resolver, contexto);

  async function actualizar(campos: CamposPlan) {
    setTrabajando(true);
    const r = await llamar("PATCH", `/api/plan/${plan._id}`, formularioPlan(campos));
    setTrabajando(false);
    if (!r.ok) return setResultado({ error: mensajeDe(r, mensajes.errorActualizarPlan) });
    setPlan(r.data.plan as PlanApi);
    // Spec §4: after sending, the chosen poster is cleared (the stored one now shows).
    form.setValue("cartel", null);
    setResultado({ exito: mensajeDe(r, mensajes.planActualizado) });
    router.refresh();
  }

  async function eliminar() {
    setConfirmar(false);
    setResultado({});
    setTrabajando(true);
    const r = await llamar("DELETE", `/api/plan/${plan._id}`);
    setTrabajando(false);
    if (!r.ok) return setResultado({ error: mensajeDe(r, mensajes.errorEliminarPlan) });
    setEliminado(mensajeDe(r, mensajes.planEliminado));
    router.refresh();
  }

  if (eliminado) {
    return (
      <div className={styles.tarjeta}>
        <p role="status" className={ui.success}>
          {eliminado}
        </p>
        <div className={ui.actions}>
          <Link href="/mis-planes" className="button">
            Ver mis planes
          </Link>
          <Link href="/publicar" className={ui.buttonGhost}>
            Publicar otro plan
          </Link>
        </div>
      </div>
    );
  }

  return (
    <FormProvider {...form}>
      <form
        ref={formulario}
        className={styles.tarjeta}
        noValidate
        aria-busy={trabajando}
        onSubmit={(e) => {
          // Spec §4: a submit first clears the previous messages, then validates.
          setResultado({});
          return form.handleSubmit(actualizar)(e);
        }}
      >
        <p className={styles.meta}>
          {plan.tipo === "evento" ? "Evento" : "Experiencia"} · <Link href={rutaPlan(plan)}>Ver el plan publicado</Link>
        </p>
        <CampoTitulo />
        <CampoDescripcion />
        <CampoCategorias />
        <CampoUbicacion />
        <CampoFechas />
        <CampoCartel urlGuardada={urlCartel(plan)} />
        <CampoOrganizacion organizaciones={organizaciones} variante="editar" />
        <CampoPrecio />
        <CamposContacto interruptor />
        <Aviso error={form.formState.errors.root?.message ?? resultado.error} exito={resultado.exito} />
        <div className={styles.acciones}>
          <button type="button" className={ui.buttonDanger} disabled={trabajando} onClick={() => setConfirmar(true)}>
            Eliminar
          </button>
          {trabajando && <Spinner etiqueta="Guardando los cambios…" />}
          <button type="submit" className="button" disabled={trabajando}>
            Actualizar
          </button>
        </div>
      </form>
      <Modal
        abierto={confirmar}
        titulo={mensajes.eliminarPlanTitulo}
        onCerrar={() => setConfirmar(false)}
        acciones={
          <>
            <button type="button" className={ui.buttonGhost} onClick={() => setConfirmar(false)}>
              Cancelar
            </button>
            <button type="button" className={ui.buttonDanger} onClick={() => void eliminar()}>
              Eliminar
            </button>
          </>
        }
      >
        <p>{mensajes.eliminarPlanConfirmacion}</p>
      </Modal>
    </FormProvider>
  );
}
