"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useFormContext, useFormState, type UseFormReturn } from "react-hook-form";
import { llamar, mensajeDe } from "@/components/account/api";
import { CampoCartel, CampoCategorias, CampoDescripcion, CampoFechas, CampoOrganizacion, CampoPrecio, CampoTitulo, CampoUbicacion, CamposContacto } from "@/components/plans/form/campos";
import styles from "@/components/plans/form/form.module.css";
import { useOrganizaciones, type OrganizacionResumen } from "@/components/plans/form/OrganizationSelect";
import { resolverDeReglas } from "@/components/plans/form/resolver";
import { useEnfocarPrimerError, useLimpiarAlCorregir } from "@/components/ui/errores-campos";
import { dejarAviso } from "@/components/ui/AvisoAlLlegar";
import { Aviso, marcado, Pista, Spinner } from "@/components/ui/Field";
import ui from "@/components/ui/ui.module.css";
import { reunirFallos, type ErroresFormulario } from "@/lib/formularios";
import { mensajes, pistas } from "@/lib/messages";
import { CAMPOS_INICIALES, erroresFormularioPlan, formularioPlan, type CamposPlan } from "@/lib/plans/formulario";
import { borrarBorrador, guardarBorrador, guardarCartel, leerBorrador, leerCartel } from "./borrador";
import { PromotionModal, type PlanPublicado } from "./PromotionModal";
import wizard from "./Wizard.module.css";

type Paso = 1 | 2 | 3 | 4;
const PASOS = ["Tipo", "Categoría", "Datos", "Opcional"] as const;
const TITULOS: Record<Paso, string> = {
  1: "¿Qué quieres publicar?",
  2: "¿De qué va tu plan?",
  3: "Datos del plan",
  4: "Datos opcionales",
};
/** Spec §9: the promotion modal opens for plans priced above this. */
const PRECIO_PROMOCION = 10;

/** Spec §4: a type is needed on step 1, step 2 has no rule, steps 3 and 4 the API's rules. */
function reglasDelPaso(c: CamposPlan, { paso }: { paso: Paso }): ErroresFormulario {
  if (paso === 1) return reunirFallos(c.tipo ? [] : [{ mensaje: mensajes.tipoObligatorio, campo: "tipo", pista: pistas.tipo }]);
  if (paso === 2) return { mensaje: null, campos: {} };
  return erroresFormularioPlan(c, { modo: "crear", parte: paso === 3 ? "datos" : "todo" });
}
const resolver = resolverDeReglas(reglasDelPaso);

/** The draft of this browser: restored once on arrival, then written on every change. */
function useBorrador(usuarioId: string, form: UseFormReturn<CamposPlan, { paso: Paso }>, paso: Paso, setPaso: (p: Paso) => void) {
  const [listo, setListo] = useState(false);
  const guardando = useRef(false);
  const pasoActual = useRef(paso);

  useEffect(() => {
    const b = leerBorrador(usuarioId);
    if (b) {
      form.reset(b.campos);
      pasoActual.current = b.paso as Paso;
      setPaso(b.paso as Paso);
    }
    guardando.current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft lives in browser storage, read once after hydration
    setListo(true);
    void leerCartel(usuarioId).then((cartel) => {
      if (cartel && !form.getValues("cartel")) form.setValue("cartel", cartel);
    });
    const sub = form.watch((_, { name }) => {
      if (!guardando.current) return;
      guardarBorrador(usuarioId, { paso: pasoActual.current, campos: form.getValues() });
      if (name === "cartel") void guardarCartel(usuarioId, form.getValues("cartel"));
    });
    return () => sub.unsubscribe();
  }, [usuarioId, form, setPaso]);

  useEffect(() => {
    pasoActual.current = paso;
    if (guardando.current) guardarBorrador(usuarioId, { paso, campos: form.getValues() });
  }, [usuarioId, form, paso]);

  /** After publishing: the draft goes, and nothing is written until the next visit. */
  const descartar = async () => {
    guardando.current = false;
    await borrarBorrador(usuarioId);
  };
  return { listo, descartar };
}

/**
 * The four-step publishing wizard (spec §2, §4): type, categories, data, optional data. Back goes
 * one step, each step change clears the message and going forward scrolls to the top.
 */
export function PublishWizard({
  usuarioId,
  organizaciones: iniciales,
  contacto,
  telefonoEquipo,
}: {
  usuarioId: string;
  organizaciones: OrganizacionResumen[];
  contacto: string;
  telefonoEquipo: string | null;
}) {
  const router = useRouter();
  const [paso, setPaso] = useState<Paso>(1);
  const [aviso, setAviso] = useState<string | null>(null);
  const [publicado, setPublicado] = useState<PlanPublicado | null>(null);
  const organizaciones = useOrganizaciones(iniciales);
  const contexto = useMemo(() => ({ paso }), [paso]);
  const form = useForm<CamposPlan, { paso: Paso }>({ defaultValues: CAMPOS_INICIALES, resolver, context: contexto, shouldFocusError: false });
  const formulario = useRef<HTMLFormElement>(null);
  useEnfocarPrimerError(formulario, form.formState.submitCount);
  useLimpiarAlCorregir(form, resolver, contexto);
  const { listo, descartar } = useBorrador(usuarioId, form, paso, setPaso);
  const titulo = useRef<HTMLHeadingElement>(null);
  const avanzo = useRef(false);

  useEffect(() => {
    if (!avanzo.current) return;
    avanzo.current = false;
    window.scrollTo({ top: 0 });
    titulo.current?.focus({ preventScroll: true });
  }, [paso]);

  const irA = (destino: Paso) => {
    form.clearErrors();
    setAviso(null);
    avanzo.current = destino > paso;
    setPaso(destino);
  };

  async function continuar(campos: CamposPlan) {
    if (paso < 4) return irA((paso + 1) as Paso);
    setAviso(null);
    const r = await llamar("POST", "/api/plan", formularioPlan(campos));
    if (!r.ok) return setAviso(mensajeDe(r, mensajes.errorCrearPlan));
    const plan = r.data.plan as PlanPublicado & { precio: number | null };
    await descartar();
    form.reset(CAMPOS_INICIALES);
    setPaso(1);
    if ((plan.precio ?? 0) > PRECIO_PROMOCION) return setPublicado(plan);
    const ruta = new URL(plan.urlPlan).pathname;
    dejarAviso(ruta, mensajeDe(r, mensajes.planPublicado));
    router.push(ruta);
  }

  const error = form.formState.errors.root?.message ?? aviso;
  const enviando = form.formState.isSubmitting;
  return (
    <>
      <ol className={wizard.progreso} aria-label="Pasos para publicar">
        {PASOS.map((nombre, i) => (
          <li key={nombre} className={`${wizard.paso} ${i + 1 < paso ? wizard.hecho : ""} ${i + 1 === paso ? wizard.actual : ""}`} aria-current={i + 1 === paso ? "step" : undefined}>
            {nombre}
          </li>
        ))}
      </ol>
      <FormProvider {...form}>
        <form ref={formulario} className={styles.tarjeta} onSubmit={(e) => form.handleSubmit(continuar)(e)} noValidate aria-labelledby="paso-titulo">
          <h2 id="paso-titulo" ref={titulo} tabIndex={-1} className={wizard.tituloPaso}>
            <span className="visually-hidden">{`Paso ${paso} de 4: `}</span>
            {TITULOS[paso]}
          </h2>
          {!listo ? (
            <div className={wizard.cargando}>
              <Spinner etiqueta="Recuperando tu borrador…" />
            </div>
          ) : (
            <>
              {paso === 1 && <PasoTipo />}
              {paso === 2 && (
                <>
                  <p className={wizard.intro}>Elige una o varias. Si ninguna encaja, déjalo en «Otros».</p>
                  <CampoCategorias leyenda="Categorías" />
                </>
              )}
              {paso === 3 && (
                <>
                  <CampoTitulo />
                  <CampoUbicacion />
                  <CampoCartel />
                  <CampoFechas />
                </>
              )}
              {paso === 4 && (
                <>
                  <CampoDescripcion />
                  <CampoPrecio />
                  <CampoOrganizacion organizaciones={organizaciones} variante="publicar" />
                  <CamposContacto />
                </>
              )}
            </>
          )}
          <Aviso error={error} />
          <div className={styles.acciones}>
            {paso > 1 && (
              <button type="button" className={ui.buttonGhost} onClick={() => irA((paso - 1) as Paso)} disabled={enviando}>
                Atrás
              </button>
            )}
            <button type="submit" className="button" disabled={!listo || enviando}>
              {paso < 4 ? "Continuar" : "Publicar"}
              {enviando && <Spinner etiqueta="Publicando…" />}
            </button>
          </div>
        </form>
      </FormProvider>
      <PromotionModal plan={publicado} contacto={contacto} telefonoEquipo={telefonoEquipo} onCerrar={() => router.push("/")} />
    </>
  );
}

/** Step 1: event or experience, as two large radio cards. */
function PasoTipo() {
  const { register } = useFormContext<CamposPlan>();
  const pista = useFormState<CamposPlan>({ name: "tipo" }).errors.tipo?.message;
  return (
    <fieldset className={styles.grupo} role="radiogroup" {...marcado(pista, "tipo-pista")}>
      <legend className="visually-hidden">Tipo de plan</legend>
      <div className={styles.opciones}>
        <label className={styles.opcion}>
          <input type="radio" value="evento" {...register("tipo")} />
          <span className={styles.opcionTitulo}>Evento</span>
          <span className={styles.opcionTexto}>Tiene fechas concretas: una fiesta, un concierto, una feria… Se muestra siempre hasta que termina.</span>
        </label>
        <label className={styles.opcion}>
          <input type="radio" value="experiencia" {...register("tipo")} />
          <span className={styles.opcionTitulo}>Experiencia</span>
          <span className={styles.opcionTexto}>
            Está disponible unos días y horas cada semana, con fecha de inicio y de fin: una visita guiada, un taller, una ruta… Se retira sola cuando termina.
          </span>
        </label>
      </div>
      <Pista id="tipo-pista" texto={pista} className={styles.pista} />
    </fieldset>
  );
}
