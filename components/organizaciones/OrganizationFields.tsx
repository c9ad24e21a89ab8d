"use client";

import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { usePalabras } from "@/components/idioma/Palabras";
import { AreaTexto, CasillaPrivacidad, Field } from "@/components/ui/Field";
import ui from "@/components/ui/ui.module.css";
import { ORG_CAMPO_MAX, type FormularioOrganizacion } from "@/lib/organizaciones/schemas";
import { LogoPicker } from "./LogoPicker";

/** The fields of an organization (spec §2), shared by the create form and the editable cards ("perfil"). */
export function OrganizationFields({
  register,
  logo,
  onLogo,
  etiquetaLogo,
  logoActual,
  direccionObligatoria = false,
  errores,
}: {
  register: UseFormRegister<FormularioOrganizacion>;
  /** The form's errors: each failing field shows its hint. */
  errores: FieldErrors<FormularioOrganizacion>;
  logo: File | null;
  onLogo: (archivo: File | null) => void;
  etiquetaLogo: string;
  logoActual?: { url: string; alt: string };
  /** Creation does not require the address; an update does (spec §5). */
  direccionObligatoria?: boolean;
}) {
  const p = usePalabras("perfil");
  const pista = (campo: keyof FormularioOrganizacion) => errores[campo]?.message;
  return (
    <>
      <Field
        etiqueta={p.nombre}
        autoComplete="organization"
        maxLength={ORG_CAMPO_MAX}
        required
        pista={pista("nombre")}
        {...register("nombre")}
      />
      <LogoPicker etiqueta={etiquetaLogo} archivo={logo} onArchivo={onLogo} actual={logoActual} pista={pista("logo")} />
      <Field
        etiqueta={p.direccion}
        autoComplete="street-address"
        maxLength={ORG_CAMPO_MAX}
        required={direccionObligatoria}
        pista={pista("direccion")}
        {...register("direccion")}
      />
      <Field
        etiqueta={p.correoContacto}
        type="email"
        autoComplete="email"
        maxLength={ORG_CAMPO_MAX}
        required
        pista={pista("emailContacto")}
        {...register("emailContacto")}
      />
      <Field
        etiqueta={p.telefonoContacto}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={ORG_CAMPO_MAX}
        pista={pista("telefonoContacto")}
        {...register("telefonoContacto")}
      />
      <AreaTexto
        etiqueta={p.descripcionOpcional}
        rows={5}
        ayuda={p.descripcionAyuda}
        pista={pista("descripcion")}
        {...register("descripcion")}
      />
      <CasillaPrivacidad className={ui.checkbox} pista={pista("privacidad")} {...register("privacidad")} />
    </>
  );
}
