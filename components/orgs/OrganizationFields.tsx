"use client";

import { forwardRef, useId } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { CasillaPrivacidad, Field, marcado, Pista } from "@/components/ui/Field";
import ui from "@/components/ui/ui.module.css";
import { ORG_CAMPO_MAX, type FormularioOrganizacion } from "@/lib/orgs/schemas";
import { LogoPicker } from "./LogoPicker";
import styles from "./Organizations.module.css";

type AreaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { etiqueta: string; ayuda?: string; pista?: string };

/** A labelled multi-line text field in the look of Field. */
const AreaTexto = forwardRef<HTMLTextAreaElement, AreaProps>(function AreaTexto({ etiqueta, ayuda, pista, ...props }, ref) {
  const id = useId();
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {etiqueta}
      </label>
      <textarea id={id} ref={ref} className={`${ui.input} ${styles.area}`} {...props} {...marcado(pista, `${id}-pista`, ayuda ? `${id}-ayuda` : undefined)} />
      {ayuda && (
        <p id={`${id}-ayuda`} className={styles.ayuda}>
          {ayuda}
        </p>
      )}
      <Pista id={`${id}-pista`} texto={pista} />
    </div>
  );
});

/** The fields of an organization (spec §2), shared by the create form and the editable cards. */
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
  const pista = (campo: keyof FormularioOrganizacion) => errores[campo]?.message;
  return (
    <>
      <Field etiqueta="Nombre" autoComplete="organization" maxLength={ORG_CAMPO_MAX} required pista={pista("nombre")} {...register("nombre")} />
      <LogoPicker etiqueta={etiquetaLogo} archivo={logo} onArchivo={onLogo} actual={logoActual} pista={pista("logo")} />
      <Field etiqueta="Dirección" autoComplete="street-address" maxLength={ORG_CAMPO_MAX} required={direccionObligatoria} pista={pista("direccion")} {...register("direccion")} />
      <Field etiqueta="Correo electrónico de contacto" type="email" autoComplete="email" maxLength={ORG_CAMPO_MAX} required pista={pista("emailContacto")} {...register("emailContacto")} />
      <Field etiqueta="Teléfono de contacto" type="tel" autoComplete="tel" inputMode="tel" maxLength={ORG_CAMPO_MAX} pista={pista("telefonoContacto")} {...register("telefonoContacto")} />
      <AreaTexto etiqueta="Descripción (opcional)" rows={5} ayuda="Puedes usar Markdown: **negrita**, listas y enlaces." pista={pista("descripcion")} {...register("descripcion")} />
      <CasillaPrivacidad className={ui.checkbox} pista={pista("privacidad")} {...register("privacidad")} />
    </>
  );
}
