"use client";

import Link from "next/link";
import { useState } from "react";
import { Aviso, Field } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { restablecerSchema } from "@/lib/users/schemas";
import { llamar, mensajeDe } from "./api";
import "@/components/ui/zod-navegador"; // parses with zod: no eval under the CSP

export function ResetPasswordForm({ token }: { token: string }) {
  const [passwordNueva, setNueva] = useState("");
  const [passwordConfirm, setConfirm] = useState("");
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [hecho, setHecho] = useState(false);

  async function enviar(event: React.FormEvent) {
    event.preventDefault();
    const valido = restablecerSchema.safeParse({ passwordNueva, passwordConfirm });
    if (!valido.success) return setAviso({ error: valido.error.issues[0].message });
    const r = await llamar("PATCH", `/api/usuario/restablecer-password/${encodeURIComponent(token)}`, { passwordNueva, passwordConfirm });
    setAviso(r.ok ? { exito: mensajeDe(r) } : { error: mensajeDe(r) });
    setHecho(r.ok);
  }

  return (
    <form onSubmit={enviar} noValidate>
      <Field etiqueta="Nueva contraseña" type="password" autoComplete="new-password" value={passwordNueva} onChange={(e) => setNueva(e.target.value)} />
      <Field etiqueta="Confirmar contraseña" type="password" autoComplete="new-password" value={passwordConfirm} onChange={(e) => setConfirm(e.target.value)} />
      <Aviso {...aviso} />
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
