"use client";

import { useIdioma, useRuta } from "@/components/idioma/ContextoIdioma";
import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Aviso, CasillaPrivacidad, Field } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import styles from "@/components/ui/ui.module.css";
import { ReenviarConfirmacion } from "./ReenviarConfirmacion";
import { registroFormSchema } from "@/lib/users/schemas";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { resolverZod } from "@/components/ui/zod-navegador";
import { mensajeDelFormulario, useFormularioConPistas } from "@/components/ui/errores-campos";

interface Campos {
  nombre: string;
  correo: string;
  password: string;
  passwordConfirm: string;
  privacidad: boolean;
}

const VACIO: Campos = { nombre: "", correo: "", password: "", passwordConfirm: "", privacidad: false };
const RESOLVER = resolverZod(registroFormSchema);

/**
 * Registration with the rules of spec §5 in their order (the same schema the API uses). `login`
 * is the login page it leads to, with the way back it was given. Its page provides "perfil" and
 * "cuenta".
 */
export function RegisterForm({ login }: { login: string }) {
  const p = usePalabras("perfil");
  const cuenta = usePalabras("cuenta");
  const router = useRouter();
  const enIdioma = useRuta();
  const idioma = useIdioma();
  const [aviso, setAviso] = useState<string | null>(null);
  // The address the confirmation link went to, while the dialog that says so is open.
  const [confirmar, setConfirmar] = useState<string | null>(null);
  const { form, raiz: formulario } = useFormularioConPistas<Campos>({ resolver: RESOLVER, defaultValues: VACIO });
  const { register, handleSubmit, reset, formState } = form;
  const pista = (campo: keyof Campos) => formState.errors[campo]?.message;

  async function enviar(datos: Campos) {
    setAviso(null);
    // The confirmation field and the checkbox stay in the browser (spec §5).
    const r = await llamar("POST", "/api/usuario/register", {
      nombre: datos.nombre,
      correo: datos.correo,
      password: datos.password,
      // Its e-mails go in the language of the page the person signed up on.
      idioma,
    });
    if (!r.ok) return setAviso(mensajeDe(r, cuenta.errorRegistro));
    reset(VACIO);
    setConfirmar(datos.correo.trim());
  }

  return (
    <>
      {/* POST for the same reason as the login form's: never a password in the address. */}
      <form ref={formulario} method="post" onSubmit={handleSubmit(enviar)} noValidate>
        <Field etiqueta={p.nombre} autoComplete="name" pista={pista("nombre")} {...register("nombre")} />
        <Field
          etiqueta={p.correoElectronico}
          type="email"
          autoComplete="email"
          pista={pista("correo")}
          {...register("correo")}
        />
        <Field
          etiqueta={p.password}
          type="password"
          autoComplete="new-password"
          pista={pista("password")}
          {...register("password")}
        />
        <Field
          etiqueta={p.confirmarPassword}
          type="password"
          autoComplete="new-password"
          pista={pista("passwordConfirm")}
          {...register("passwordConfirm")}
        />
        <CasillaPrivacidad className={styles.checkbox} pista={pista("privacidad")} {...register("privacidad")} />
        <Aviso error={mensajeDelFormulario(formState.errors) ?? aviso} />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={formState.isSubmitting}>
            {p.meRegistro}
          </button>
        </div>
      </form>
      <p>
        {`${p.yaTienesCuenta} `}
        <Link href={login}>{p.iniciaSesion}</Link>
      </p>
      <Modal
        abierto={confirmar !== null}
        titulo={p.confirmarCuenta}
        onCerrar={() => {
          setConfirmar(null);
          router.push(enIdioma(login));
        }}
        acciones={
          <button type="button" className="button" onClick={() => router.push(enIdioma(login))}>
            {p.cerrar}
          </button>
        }
      >
        <p>{cuenta.registroEnviado}</p>
        {confirmar && <ReenviarConfirmacion correo={confirmar} />}
      </Modal>
    </>
  );
}
