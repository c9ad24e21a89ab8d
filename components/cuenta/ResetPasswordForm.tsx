"use client";

import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { useState } from "react";
import { mensajeDelFormulario, useFormularioConPistas } from "@/components/ui/errores-campos";
import { Aviso, Field } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { resolverZod } from "@/components/ui/zod-navegador";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { restablecerFormSchema, type DatosRestablecer } from "@/lib/users/schemas";

const RESOLVER = resolverZod<DatosRestablecer>(restablecerFormSchema);

/** A new password from the e-mail's link; its page provides "perfil". */
export function ResetPasswordForm({ token }: { token: string }) {
  const p = usePalabras("perfil");
  const { errorInesperado } = usePalabras("general");
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [hecho, setHecho] = useState(false);
  const { form, raiz: formulario } = useFormularioConPistas<DatosRestablecer>({
    resolver: RESOLVER,
    defaultValues: { passwordNueva: "", passwordConfirm: "" },
  });
  const { register, handleSubmit, formState } = form;

  async function enviar(datos: DatosRestablecer) {
    setAviso({});
    const r = await llamar("PATCH", `/api/usuario/restablecer-password/${encodeURIComponent(token)}`, datos);
    setAviso(r.ok ? { exito: mensajeDe(r, errorInesperado) } : { error: mensajeDe(r, errorInesperado) });
    setHecho(r.ok);
  }

  return (
    <form ref={formulario} onSubmit={handleSubmit(enviar, () => setAviso({}))} noValidate>
      <Field
        etiqueta={p.nuevaPassword}
        type="password"
        autoComplete="new-password"
        pista={formState.errors.passwordNueva?.message}
        {...register("passwordNueva")}
      />
      <Field
        etiqueta={p.confirmarPassword}
        type="password"
        autoComplete="new-password"
        pista={formState.errors.passwordConfirm?.message}
        {...register("passwordConfirm")}
      />
      <Aviso error={mensajeDelFormulario(formState.errors) ?? aviso.error} exito={aviso.exito} />
      <div className={styles.actions}>
        {hecho ? (
          <Link className="button" href="/iniciar-sesion">
            {p.iniciarSesion}
          </Link>
        ) : (
          <button type="submit" className="button">
            {p.actualizar}
          </button>
        )}
      </div>
    </form>
  );
}
