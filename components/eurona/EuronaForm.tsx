"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { Aviso, Field } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { mensajes } from "@/lib/messages";
import { euronaSchema } from "@/lib/solicitudes/schemas";
import { resolverZod } from "@/components/ui/zod-navegador";

interface Campos {
  nombre: string;
  telefono: string;
}

const VACIO: Campos = { nombre: "", telefono: "" };
const MAX = 50;

/**
 * The satellite internet lead (spec §2, §5): an e-mail and a phone, 50 characters at most. The
 * call's lead is { nombre, telefono } (spec §3, §7), so the e-mail travels as its `nombre`,
 * unchecked (spec §5); the phone is required. Validated with the API's own schema.
 */
export function EuronaForm() {
  const [resultado, setResultado] = useState<{ error?: string; exito?: string }>({});
  const { register, handleSubmit, reset, formState } = useForm<Campos>({
    resolver: resolverZod(euronaSchema),
    defaultValues: VACIO,
  });
  const errorValidacion = formState.errors.telefono?.message ?? formState.errors.nombre?.message;

  async function enviar(datos: Campos) {
    setResultado({});
    const r = await llamar("POST", "/api/emailEurona/", datos);
    if (!r.ok) {
      // No answer at all (status 0) gets the form's own fallback of spec §8, not the generic one.
      return setResultado({ error: mensajeDe(r, mensajes.euronaError) });
    }
    reset(VACIO);
    setResultado({ exito: mensajeDe(r, mensajes.euronaEnviado) });
  }

  return (
    <form onSubmit={handleSubmit(enviar)} noValidate>
      <Field etiqueta="Correo electrónico" type="email" autoComplete="email" maxLength={MAX} {...register("nombre")} />
      <Field
        etiqueta="Teléfono"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={MAX}
        required
        aria-invalid={formState.errors.telefono ? true : undefined}
        {...register("telefono")}
      />
      <Aviso error={errorValidacion ?? resultado.error} exito={resultado.exito} />
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          Saber más
        </button>
      </div>
    </form>
  );
}
