"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { useErroresDeReglas } from "@/components/ui/errores-campos";
import { Aviso, Field } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { reunirFallos } from "@/lib/formularios";
import { fallosRestablecer, type DatosRestablecer } from "@/lib/users/schemas";
import { llamar, mensajeDe } from "@/lib/cliente/api";

const reglas = (d: DatosRestablecer) => reunirFallos(fallosRestablecer(d));

export function ResetPasswordForm({ token }: { token: string }) {
  const [datos, setDatos] = useState<DatosRestablecer>({ passwordNueva: "", passwordConfirm: "" });
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [hecho, setHecho] = useState(false);
  const formulario = useRef<HTMLFormElement>(null);
  const { errores, validar, revisar } = useErroresDeReglas(reglas, formulario);

  const cambiar = (campo: keyof DatosRestablecer, valor: string) => {
    const nuevos = { ...datos, [campo]: valor };
    setDatos(nuevos);
    revisar(nuevos);
  };

  async function enviar(event: React.FormEvent) {
    event.preventDefault();
    setAviso({});
    if (!validar(datos)) return;
    const r = await llamar("PATCH", `/api/usuario/restablecer-password/${encodeURIComponent(token)}`, datos);
    setAviso(r.ok ? { exito: mensajeDe(r) } : { error: mensajeDe(r) });
    setHecho(r.ok);
  }

  return (
    <form ref={formulario} onSubmit={enviar} noValidate>
      <Field
        etiqueta="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        value={datos.passwordNueva}
        pista={errores.campos.passwordNueva}
        onChange={(e) => cambiar("passwordNueva", e.target.value)}
      />
      <Field
        etiqueta="Confirmar contraseña"
        type="password"
        autoComplete="new-password"
        value={datos.passwordConfirm}
        pista={errores.campos.passwordConfirm}
        onChange={(e) => cambiar("passwordConfirm", e.target.value)}
      />
      <Aviso error={errores.mensaje ?? aviso.error} exito={aviso.exito} />
      <div className={styles.actions}>
        {hecho ? (
          <Link className="button" href="/iniciar-sesion">
            Iniciar sesión
          </Link>
        ) : (
          <button type="submit" className="button">
            Actualizar
          </button>
        )}
      </div>
    </form>
  );
}
