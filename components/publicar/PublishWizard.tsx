"use client";

import { useEffect, useEffectEvent, useMemo, useRef, useState } from "react";
import { FormProvider, useFormContext, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { useRuta } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { llamar, mensajeDe } from "@/lib/cliente/api";
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
  usePista,
} from "@/components/plans/form/campos";
import styles from "@/components/plans/form/form.module.css";
import { useOrganizaciones, type OrganizacionResumen } from "@/components/plans/form/OrganizationSelect";
import { CAUSA, mensajeDelBoton, resolverDeReglas } from "@/components/plans/form/resolver";
import { enfocarPrimerError, useFormularioConPistas } from "@/components/ui/errores-campos";
import { Aviso, marcado, Pista, Spinner } from "@/components/ui/Field";
import ui from "@/components/ui/ui.module.css";
import { conDatos } from "@/lib/con-datos";
import {
  CAMPOS_INICIALES,
  erroresDelPaso,
  formularioPlan,
  primerPasoConFallos,
  type CamposPlan,
  type PasoAsistente,
} from "@/lib/plans/formulario";
import { ofrecePromocion } from "@/lib/solicitudes/schemas";
import type { PlanApi } from "@/lib/plans/plan";
import { borrarBorrador, cartelDesdeUrl, guardarBorrador, leerBorrador } from "./borrador";
import { PromotionModal } from "./PromotionModal";
import { Publicado } from "./Publicado";
import { useSubidaCartel } from "./useSubidaCartel";
import wizard from "./Wizard.module.css";

type Paso = PasoAsistente;
const PASOS = ["pasoTipo", "pasoCategoria", "pasoDatos", "pasoOpcional"] as const;
const TITULOS = {
  1: "tituloTipo",
  2: "tituloCategoria",
  3: "tituloDatos",
  4: "tituloOpcional",
} as const satisfies Record<Paso, string>;
const resolver = resolverDeReglas((c: CamposPlan, { paso }: { paso: Paso }) => erroresDelPaso(c, paso));

/** A plan of the user's to publish again ('Duplicar'): its fields without dates, and its poster. */
export interface Duplicado {
  titulo: string;
  campos: CamposPlan;
  cartel: { url: string; nombre: string } | null;
}

/** Where a duplicate starts: the data step, whose dates are the ones to set. */
const PASO_DUPLICADO: Paso = 3;
type CartelDuplicado = "copiando" | "copiado" | "falta";

/**
 * The draft of this browser: restored once on arrival, then written on every change. A duplicated
 * plan replaces it (the person asked for that plan), poster included when it can be copied: the
 * copy is stored like a chosen poster (`elegirCartel`).
 */
function useBorrador(
  usuarioId: string,
  form: UseFormReturn<CamposPlan, { paso: Paso }>,
  paso: Paso,
  setPaso: (p: Paso) => void,
  duplicado: Duplicado | null,
  elegirCartel: (f: File) => void,
) {
  const [listo, setListo] = useState(false);
  const [cartelDuplicado, setCartelDuplicado] = useState<CartelDuplicado | null>(
    duplicado ? (duplicado.cartel ? "copiando" : "falta") : null,
  );
  const guardando = useRef(false);
  const pasoActual = useRef(paso);
  const elegir = useEffectEvent(elegirCartel);
  const ruta = useRuta();

  useEffect(() => {
    if (duplicado) {
      form.reset(duplicado.campos);
      pasoActual.current = PASO_DUPLICADO;
      setPaso(PASO_DUPLICADO);
      guardarBorrador(usuarioId, { paso: PASO_DUPLICADO, campos: duplicado.campos });
      // A reload now restores the draft (with any change made since), not the original again.
      window.history.replaceState(null, "", ruta("/publicar"));
      void (
        duplicado.cartel ? cartelDesdeUrl(duplicado.cartel.url, duplicado.cartel.nombre) : Promise.resolve(null)
      ).then((cartel) => {
        if (cartel && !form.getValues("cartel") && !form.getValues("archivoTemporal")) elegir(cartel);
        if (duplicado.cartel) setCartelDuplicado(cartel ? "copiado" : "falta");
      });
    } else {
      const b = leerBorrador(usuarioId);
      if (b) {
        form.reset(b.campos);
        pasoActual.current = b.paso as Paso;
        setPaso(b.paso as Paso);
      }
    }
    guardando.current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft lives in browser storage, read once after hydration
    setListo(true);
    const sub = form.watch(() => {
      if (guardando.current) guardarBorrador(usuarioId, { paso: pasoActual.current, campos: form.getValues() });
    });
    return () => sub.unsubscribe();
  }, [usuarioId, form, setPaso, duplicado, ruta]);

  useEffect(() => {
    pasoActual.current = paso;
    if (guardando.current) guardarBorrador(usuarioId, { paso, campos: form.getValues() });
  }, [usuarioId, form, paso]);

  /** After publishing: the draft goes, and nothing is written until another plan is begun. */
  const descartar = () => {
    guardando.current = false;
    setCartelDuplicado(null);
    borrarBorrador(usuarioId);
  };
  /** 'Publicar otro': an empty wizard again, kept as a draft from now on. */
  const reanudar = () => {
    guardando.current = true;
  };
  return { listo, descartar, reanudar, cartelDuplicado };
}

/** What to do once the wizard has gone back to the step of a missing piece. */
type AlVolver = { revalidar: true } | { cartel: string };

/**
 * The four-step publishing wizard (spec §2, §4): type, categories, data, optional data. Back goes
 * one step, each step change clears the message and going forward scrolls to the top.
 */
export function PublishWizard({
  usuarioId,
  organizaciones: iniciales,
  contacto,
  telefonoEquipo,
  duplicado = null,
}: {
  usuarioId: string;
  organizaciones: OrganizacionResumen[];
  contacto: string;
  telefonoEquipo: string | null;
  duplicado?: Duplicado | null;
}) {
  const p = usePalabras("asistente");
  const publicar = usePalabras("publicar");
  const difusion = usePalabras("difusion");
  // The server's answers about the poster (in the page's language, as its calls ask): publishing
  // sends the person back to choose it again.
  const rechazosDelCartel = new Set<string>([
    publicar.cartelTemporalCaducado,
    publicar.cartelTemporalAjeno,
    publicar.imagenTipo,
    publicar.imagenGrande,
    difusion.imagenDefectuosa,
  ]);
  const [paso, setPaso] = useState<Paso>(duplicado ? PASO_DUPLICADO : 1);
  const [aviso, setAviso] = useState<string | null>(null);
  /** The published plan and the server's message: the wizard then shows the success screen. */
  const [hecho, setHecho] = useState<{ plan: PlanApi; mensaje: string } | null>(null);
  const [promocion, setPromocion] = useState(false);
  const organizaciones = useOrganizaciones(iniciales);
  const contexto = useMemo(() => ({ paso }), [paso]);
  const { form, raiz: formulario } = useFormularioConPistas<CamposPlan, { paso: Paso }>({
    defaultValues: duplicado?.campos ?? CAMPOS_INICIALES,
    resolver,
    context: contexto,
  });
  const subida = useSubidaCartel(form);
  const { listo, descartar, reanudar, cartelDuplicado } = useBorrador(
    usuarioId,
    form,
    paso,
    setPaso,
    duplicado,
    subida.elegir,
  );
  const titulo = useRef<HTMLHeadingElement>(null);
  const tituloHecho = useRef<HTMLHeadingElement>(null);
  const avanzo = useRef(false);
  const alVolver = useRef<AlVolver | null>(null);

  useEffect(() => {
    if (!avanzo.current) return;
    avanzo.current = false;
    window.scrollTo({ top: 0 });
    titulo.current?.focus({ preventScroll: true });
  }, [paso, hecho]);

  // The success screen takes the focus once the promotion offer, if any, is closed: the modal
  // (a child, so its effect runs first) has then closed and given the focus back to the page.
  useEffect(() => {
    if (!hecho || promocion) return;
    window.scrollTo({ top: 0 });
    tituloHecho.current?.focus({ preventScroll: true });
  }, [hecho, promocion]);

  const irA = (destino: Paso) => {
    form.clearErrors();
    setAviso(null);
    avanzo.current = destino > paso;
    setPaso(destino);
  };

  /**
   * A piece missing from an earlier step (a poster lost with the browser's copy of a draft, a type
   * never chosen…): back to that step, whose own rules then mark and focus the field that lacks it.
   */
  function alFallar(errors: FieldErrors<CamposPlan>) {
    const destino = primerPasoConFallos(Object.keys(errors).filter((k) => k !== "root"));
    if (destino === null || destino >= paso) return;
    alVolver.current = { revalidar: true };
    irA(destino);
  }

  const trasVolver = useEffectEvent(() => {
    const accion = alVolver.current;
    alVolver.current = null;
    if (!accion) return;
    if ("revalidar" in accion) return void form.handleSubmit(continuar, alFallar)();
    form.setError("cartel", { type: CAUSA, message: accion.cartel });
    // The field's message renders with the error: focus it after that.
    requestAnimationFrame(() => enfocarPrimerError(formulario.current));
  });
  useEffect(() => trasVolver(), [paso]);

  async function continuar(campos: CamposPlan) {
    if (paso < 4) return irA((paso + 1) as Paso);
    setAviso(null);
    await subida.esperar();
    const r = await llamar(
      "POST",
      "/api/plan",
      formularioPlan({ ...campos, archivoTemporal: form.getValues("archivoTemporal") }),
    );
    if (!r.ok) {
      const mensaje = mensajeDe(r, publicar.errorCrearPlan);
      if (!rechazosDelCartel.has(mensaje)) return setAviso(mensaje);
      // The poster cannot be used: it is chosen again on the data step.
      subida.olvidar();
      form.setValue("archivoTemporal", null, { shouldDirty: true });
      form.setValue("cartel", null, { shouldDirty: true });
      alVolver.current = { cartel: mensaje };
      return irA(3);
    }
    const plan = r.data.plan as PlanApi;
    subida.olvidar();
    descartar();
    form.reset(CAMPOS_INICIALES);
    setPaso(1);
    // Spec §4: above 10 € the promotion offer opens first, over the success screen it closes onto.
    setPromocion(ofrecePromocion(plan.precio));
    setHecho({ plan, mensaje: mensajeDe(r, publicar.planPublicado) });
  }

  function publicarOtro() {
    reanudar();
    avanzo.current = true;
    setHecho(null);
  }

  if (hecho) {
    return (
      <>
        <Publicado mensaje={hecho.mensaje} plan={hecho.plan} tituloRef={tituloHecho} onOtro={publicarOtro} />
        <PromotionModal
          plan={promocion ? hecho.plan : null}
          contacto={contacto}
          telefonoEquipo={telefonoEquipo}
          onCerrar={() => setPromocion(false)}
        />
      </>
    );
  }

  const error = mensajeDelBoton(form.formState.errors) ?? aviso;
  const enviando = form.formState.isSubmitting;
  return (
    <>
      <ol className={wizard.progreso} aria-label={p.pasos}>
        {PASOS.map((nombre, i) => (
          <li
            key={nombre}
            className={`${wizard.paso} ${i + 1 < paso ? wizard.hecho : ""} ${i + 1 === paso ? wizard.actual : ""}`}
            aria-current={i + 1 === paso ? "step" : undefined}
          >
            {p[nombre]}
          </li>
        ))}
      </ol>
      <FormProvider {...form}>
        <form
          ref={formulario}
          className={styles.tarjeta}
          onSubmit={(e) => form.handleSubmit(continuar, alFallar)(e)}
          noValidate
          aria-labelledby="paso-titulo"
        >
          <h2 id="paso-titulo" ref={titulo} tabIndex={-1} className={wizard.tituloPaso}>
            <span className="visually-hidden">{`${conDatos(p.pasoDe, { paso: String(paso), total: "4" })} `}</span>
            {p[TITULOS[paso]]}
          </h2>
          {duplicado && cartelDuplicado !== null && (
            <div className={wizard.duplicado}>
              <p>{conDatos(p.copiaDe, { titulo: duplicado.titulo })}</p>
              {cartelDuplicado !== "copiando" && (
                <p>{cartelDuplicado === "copiado" ? publicar.duplicadoCartel : publicar.duplicadoSinCartel}</p>
              )}
            </div>
          )}
          {!listo ? (
            <div className={wizard.cargando}>
              <Spinner etiqueta={p.recuperandoBorrador} />
            </div>
          ) : (
            <>
              {paso === 1 && <PasoTipo />}
              {paso === 2 && (
                <>
                  <p className={wizard.intro}>{p.categoriasIntro}</p>
                  <CampoCategorias />
                </>
              )}
              {paso === 3 && (
                <>
                  <CampoTitulo />
                  <CampoUbicacion />
                  <CampoCartel alElegir={subida.elegir} estado={subida.linea} />
                  <CampoFechas />
                </>
              )}
              {paso === 4 && (
                <>
                  <CampoDescripcion />
                  <CampoIdioma />
                  <CampoPrecio />
                  <CamposSiNo />
                  <CampoOrganizacion organizaciones={organizaciones} variante="publicar" />
                  <CamposContacto />
                </>
              )}
            </>
          )}
          <Aviso error={error} />
          <div className={styles.acciones}>
            {paso > 1 && (
              <button
                type="button"
                className={ui.buttonGhost}
                onClick={() => irA((paso - 1) as Paso)}
                disabled={enviando}
              >
                {p.atras}
              </button>
            )}
            <button type="submit" className="button" disabled={!listo || enviando}>
              {paso < 4 ? p.continuar : p.publicar}
              {enviando && <Spinner etiqueta={p.publicando} />}
            </button>
          </div>
        </form>
      </FormProvider>
    </>
  );
}

/** Step 1: event or experience, as two large radio cards. */
function PasoTipo() {
  const { register } = useFormContext<CamposPlan>();
  const pista = usePista("tipo");
  const p = usePalabras("asistente");
  return (
    <fieldset className={styles.grupo} role="radiogroup" {...marcado(pista, "tipo-pista")}>
      <legend className="visually-hidden">{p.tipoPlan}</legend>
      <div className={styles.opciones}>
        <label className={styles.opcion}>
          <input type="radio" value="evento" {...register("tipo")} />
          <span className={styles.opcionTitulo}>{p.evento}</span>
          <span className={styles.opcionTexto}>{p.eventoTexto}</span>
        </label>
        <label className={styles.opcion}>
          <input type="radio" value="experiencia" {...register("tipo")} />
          <span className={styles.opcionTitulo}>{p.experiencia}</span>
          <span className={styles.opcionTexto}>{p.experienciaTexto}</span>
        </label>
      </div>
      <Pista id="tipo-pista" texto={pista} className={styles.pista} />
    </fieldset>
  );
}
