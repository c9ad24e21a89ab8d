"use client";

import { ConTextosTarjeta } from "@/components/plans/TextosTarjeta";
import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { SponsorCard } from "@/components/plans/PlanCard";
import { PosterPicker, useUrlDeArchivo } from "@/components/plans/form/PosterPicker";
import { dejarAviso } from "@/components/ui/AvisoAlLlegar";
import { AreaTexto, Aviso, Field, Spinner } from "@/components/ui/Field";
import { mensajeDelFormulario, useFormularioConPistas } from "@/components/ui/errores-campos";
import { resolverZod } from "@/components/ui/zod-navegador";
import ui from "@/components/ui/ui.module.css";

import {
  formularioPatrocinio,
  PATROCINIO_MAX,
  patrocinioFormSchema,
  type FormularioPatrocinio,
} from "@/lib/patrocinios/schemas";
import styles from "./gestion.module.css";
import { mensajesGestion } from "@/lib/mensajes-gestion";

const LISTA = "/gestion/patrocinios";

/**
 * Create or edit a sponsor card, with the card beside the fields exactly as a search will show
 * it (the same SponsorCard), redrawn as the admin types and picks a poster.
 */
export function FormPatrocinio({
  patrocinio,
}: {
  patrocinio?: { id: string; valores: Omit<FormularioPatrocinio, "cartel">; cartelUrl: string | null };
}) {
  const { errorInesperado } = usePalabras("general");
  const router = useRouter();
  const modo = patrocinio ? "actualizar" : "crear";
  const resolver = useMemo(
    () => resolverZod(patrocinioFormSchema(modo, { cartelGuardado: Boolean(patrocinio?.cartelUrl) })),
    [modo, patrocinio?.cartelUrl],
  );
  const { form, raiz: formulario } = useFormularioConPistas<FormularioPatrocinio>({
    resolver,
    defaultValues: {
      empresa: "",
      enlaceEmpresa: "",
      titulo: "",
      descripcion: "",
      activoDesde: "",
      activoHasta: "",
      ...patrocinio?.valores,
      cartel: null,
    },
  });
  const { register, handleSubmit, setValue, control, formState } = form;
  const [error, setError] = useState<string | null>(null);
  const v = useWatch({ control });
  const urlElegida = useUrlDeArchivo(v.cartel ?? null);
  const cartelUrl = urlElegida ?? (v.cartel ? null : (patrocinio?.cartelUrl ?? null));
  const pista = (campo: keyof FormularioPatrocinio) => formState.errors[campo]?.message;

  async function enviar(datos: FormularioPatrocinio) {
    setError(null);
    const r = await llamar(
      patrocinio ? "PATCH" : "POST",
      patrocinio ? `/api/gestion/patrocinios/${patrocinio.id}` : "/api/gestion/patrocinios",
      formularioPatrocinio(datos),
    );
    if (!r.ok) return setError(mensajeDe(r, errorInesperado));
    dejarAviso(LISTA, mensajeDe(r, patrocinio ? mensajesGestion.patrocinioGuardado : mensajesGestion.patrocinioCreado));
    router.push(LISTA);
    router.refresh();
  }

  return (
    <div className={styles.editor}>
      <form ref={formulario} onSubmit={handleSubmit(enviar)} noValidate className={styles.editorCampos}>
        <Field
          etiqueta="Empresa"
          maxLength={PATROCINIO_MAX.empresa}
          required
          autoComplete="organization"
          pista={pista("empresa")}
          {...register("empresa")}
        />
        <Field
          etiqueta="Enlace de «Saber más»"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={PATROCINIO_MAX.enlaceEmpresa}
          required
          pista={pista("enlaceEmpresa")}
          {...register("enlaceEmpresa")}
        />
        <Field
          etiqueta="Título"
          maxLength={PATROCINIO_MAX.titulo}
          required
          pista={pista("titulo")}
          {...register("titulo")}
        />
        <AreaTexto
          etiqueta="Descripción (opcional)"
          rows={3}
          maxLength={PATROCINIO_MAX.descripcion}
          ayuda={`${(v.descripcion ?? "").length} de ${PATROCINIO_MAX.descripcion} caracteres.`}
          pista={pista("descripcion")}
          {...register("descripcion")}
        />
        <PosterPicker
          archivo={v.cartel ?? null}
          urlGuardada={patrocinio?.cartelUrl}
          onArchivo={(f) => setValue("cartel", f, { shouldDirty: true })}
          pista={pista("cartel")}
          conVista={false}
        />
        <fieldset className={styles.fechas}>
          <legend>Días en las búsquedas (vacío: sin límite)</legend>
          <Field etiqueta="Primer día" type="date" pista={pista("activoDesde")} {...register("activoDesde")} />
          <Field
            etiqueta="Último día"
            type="date"
            min={v.activoDesde || undefined}
            pista={pista("activoHasta")}
            {...register("activoHasta")}
          />
        </fieldset>
        <Aviso error={mensajeDelFormulario(formState.errors) ?? error} />
        <div className={ui.actions}>
          <button type="submit" className="button" disabled={formState.isSubmitting}>
            {patrocinio ? "Guardar cambios" : "Crear patrocinio"}
          </button>
          {formState.isSubmitting && <Spinner etiqueta="Guardando el patrocinio…" />}
        </div>
      </form>
      <section className={styles.vistaPrevia} aria-labelledby="vista-previa">
        <h2 id="vista-previa" className={styles.subtitulo}>
          Vista previa
        </h2>
        <p className={styles.secundario}>Así sale entre los planes de una búsqueda.</p>
        {/* A picture of the card: its link is not followed from here. */}
        <div inert>
          <ConTextosTarjeta>
            {(textos) => (
              <SponsorCard
                textos={textos}
                item={{
                  _id: patrocinio?.id ?? "nuevo",
                  tipo: "Patrocinado",
                  empresa: v.empresa || "Empresa",
                  enlaceCompany: v.enlaceEmpresa || "https://",
                  enlaceEmpresa: v.enlaceEmpresa || "https://",
                  titulo: v.titulo || "Título del patrocinio",
                  descripcion: v.descripcion ?? "",
                  archivoCartel: cartelUrl
                    ? {
                        url: cartelUrl,
                        nombre: "",
                        path: "",
                        contentType: "",
                        md5sum: "",
                        hash: "",
                        width: 600,
                        height: 400,
                      }
                    : null,
                }}
              />
            )}
          </ConTextosTarjeta>
        </div>
      </section>
    </div>
  );
}
