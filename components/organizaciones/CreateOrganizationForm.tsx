"use client";

import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { Aviso, Spinner } from "@/components/ui/Field";
import ui from "@/components/ui/ui.module.css";
import { organizacionFormSchema, type FormularioOrganizacion } from "@/lib/organizaciones/schemas";
import { formularioOrganizacion } from "./formulario";
import { OrganizationFields } from "./OrganizationFields";
import { resolverZod } from "@/components/ui/zod-navegador";
import { mensajeDelFormulario, useFormularioConPistas } from "@/components/ui/errores-campos";

const VACIO: FormularioOrganizacion = {
  nombre: "",
  direccion: "",
  emailContacto: "",
  telefonoContacto: "",
  descripcion: "",
  privacidad: false,
  logo: null,
};
const RESOLVER = resolverZod(organizacionFormSchema("crear"));

/**
 * Create organization (spec §2), with the API's own rules of spec §5 in their order. Its page
 * provides "perfil", "listas" and "publicar".
 */
export function CreateOrganizationForm() {
  const p = usePalabras("perfil");
  const { errorCrearOrg } = usePalabras("listas");
  const { orgCreada } = usePalabras("publicar");
  const [resultado, setResultado] = useState<{ error?: string; exito?: string }>({});
  const { form, raiz: formulario } = useFormularioConPistas<FormularioOrganizacion>({
    resolver: RESOLVER,
    defaultValues: VACIO,
  });
  const { register, handleSubmit, reset, setValue, control, formState } = form;
  const logo = useWatch({ control, name: "logo" });

  async function enviar(datos: FormularioOrganizacion) {
    setResultado({});
    const r = await llamar("POST", "/api/organizacion", formularioOrganizacion(datos));
    if (!r.ok) return setResultado({ error: mensajeDe(r, errorCrearOrg) });
    reset(VACIO);
    setResultado({ exito: mensajeDe(r, orgCreada) });
  }

  return (
    <form ref={formulario} onSubmit={handleSubmit(enviar)} noValidate>
      <OrganizationFields
        register={register}
        errores={formState.errors}
        logo={logo}
        onLogo={(archivo) => setValue("logo", archivo, { shouldDirty: true })}
        etiquetaLogo={p.seleccionarLogo}
      />
      <Aviso error={mensajeDelFormulario(formState.errors) ?? resultado.error} exito={resultado.exito} />
      {resultado.exito && (
        <p>
          <Link href="/tus-organizaciones">{p.verTusOrganizaciones}</Link>
        </p>
      )}
      <div className={ui.actions}>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {p.crearOrganizacion}
        </button>
        {formState.isSubmitting && <Spinner etiqueta={p.creandoOrganizacion} />}
      </div>
    </form>
  );
}
