"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Aviso, CasillaPrivacidad, Field } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import styles from "@/components/ui/ui.module.css";
import { mensajes } from "@/lib/messages";
import { registroFormSchema } from "@/lib/users/schemas";
import { llamar, mensajeDe } from "./api";
import { resolverZod } from "@/components/ui/zod-navegador";

interface Campos {
  nombre: string;
  correo: string;
  password: string;
  passwordConfirm: string;
  privacidad: boolean;
}

const VACIO: Campos = { nombre: "", correo: "", password: "", passwordConfirm: "", privacidad: false };

/** Registration with the rules of spec §5 in their order (the same schema the API uses). */
export function RegisterForm() {
  const router = useRouter();
  const [aviso, setAviso] = useState<string | null>(null);
  const [confirmar, setConfirmar] = useState(false);
  const { register, handleSubmit, reset, formState } = useForm<Campos>({
    resolver: resolverZod(registroFormSchema),
    defaultValues: VACIO,
  });
  const errorValidacion = Object.values(formState.errors)[0]?.message ?? formState.errors.root?.message;

  async function enviar(datos: Campos) {
    setAviso(null);
    // The confirmation field and the checkbox stay in the browser (spec §5).
    const r = await llamar("POST", "/api/usuario/register", { nombre: datos.nombre, correo: datos.correo, password: datos.password });
    if (!r.ok) return setAviso(mensajeDe(r, mensajes.errorRegistro));
    reset(VACIO);
    setConfirmar(true);
  }

  return (
    <>
      <form onSubmit={handleSubmit(enviar)} noValidate>
        <Field etiqueta="Nombre" autoComplete="name" {...register("nombre")} />
        <Field etiqueta="Correo electrónico" type="email" autoComplete="email" {...register("correo")} />
        <Field etiqueta="Contraseña" type="password" autoComplete="new-password" {...register("password")} />
        <Field etiqueta="Confirmar contraseña" type="password" autoComplete="new-password" {...register("passwordConfirm")} />
        <CasillaPrivacidad className={styles.checkbox} {...register("privacidad")} />
        <Aviso error={(errorValidacion as string | undefined) ?? aviso} />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={formState.isSubmitting}>
            Me registro
          </button>
        </div>
      </form>
      <p>
        ¿Ya tienes cuenta? <Link href="/iniciar-sesion">Inicia sesión</Link>
      </p>
      <Modal
        abierto={confirmar}
        titulo="Confirmar cuenta"
        onCerrar={() => {
          setConfirmar(false);
          router.push("/iniciar-sesion");
        }}
        acciones={
          <button type="button" className="button" onClick={() => router.push("/iniciar-sesion")}>
            Cerrar
          </button>
        }
      >
        <p>{mensajes.registroEnviado}</p>
      </Modal>
    </>
  );
}
