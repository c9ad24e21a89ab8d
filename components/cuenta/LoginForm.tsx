"use client";

import { useRuta } from "@/components/idioma/ContextoIdioma";
import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Aviso, Field } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { dejarAviso } from "@/components/ui/AvisoAlLlegar";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { conVuelta, REGISTRO_PATH, vueltaSinPlan } from "@/lib/users/protected-pages";
import { ForgotPasswordModal } from "./ForgotPasswordModal";
import { GoogleButton } from "./GoogleButton";
import { ReenviarConfirmacion } from "./ReenviarConfirmacion";

interface Credenciales {
  correo: string;
  password: string;
}

/**
 * Logs in by e-mail and password or with Google, then goes to `destino` (a path of this site the
 * page has checked; "/" by default, spec §4). With `guardar` (a plan a tap on its heart asked to
 * save) the plan is saved first, through the favourites API, and the page gone to says so. Its
 * page provides "perfil" and "recordatorios".
 */
export function LoginForm({
  destino,
  guardar,
  googleClientId,
}: {
  destino: string;
  guardar?: string;
  googleClientId?: string;
}) {
  const p = usePalabras("perfil");
  const { favoritoGuardado } = usePalabras("recordatorios");
  const { errorInesperado } = usePalabras("general");
  const router = useRouter();
  const enIdioma = useRuta();
  // No rule in the browser: the server answers every failed login with its message (spec §5).
  const { register, handleSubmit, getValues, formState } = useForm<Credenciales>({
    defaultValues: { correo: "", password: "" },
  });
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  // The address an unconfirmed account was refused for: where its link went, and a new one.
  const [sinConfirmar, setSinConfirmar] = useState<string | null>(null);
  const [recuperar, setRecuperar] = useState(false);

  async function entrar() {
    let vuelta = destino;
    if (guardar) {
      const r = await llamar("POST", `/api/plan/agregar-plan-favorito/${encodeURIComponent(guardar)}`);
      if (r.ok) dejarAviso(vuelta.split(/[?#]/)[0], mensajeDe(r, favoritoGuardado));
      // Gone while the person was logging in: not to its page's 404.
      else if (r.status === 404) vuelta = vueltaSinPlan(vuelta, guardar);
    }
    router.replace(enIdioma(vuelta));
    router.refresh();
  }

  async function enviar({ correo, password }: Credenciales) {
    setAviso({});
    setSinConfirmar(null);
    const r = await llamar("POST", "/api/usuario/login", { correo: correo.trim(), password: password.trim() });
    if (r.ok) return entrar();
    if (r.status === 403) setSinConfirmar(correo.trim());
    setAviso({ error: mensajeDe(r, errorInesperado) });
  }

  return (
    <>
      {/* Sent by script (enviar). POST so that one sent before the page is interactive, or without
          JavaScript, never puts the password in the address: the page comes back as it was. */}
      <form method="post" onSubmit={handleSubmit(enviar)} noValidate>
        <Field etiqueta={p.correoElectronico} type="email" autoComplete="email" required {...register("correo")} />
        <Field
          etiqueta={p.password}
          type="password"
          autoComplete="current-password"
          required
          {...register("password")}
        />
        <Aviso {...aviso} />
        {sinConfirmar && <ReenviarConfirmacion key={sinConfirmar} correo={sinConfirmar} />}
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={formState.isSubmitting}>
            {p.iniciarSesion}
          </button>
          <button type="button" className={styles.linkButton} onClick={() => setRecuperar(true)}>
            {p.olvidePassword}
          </button>
        </div>
      </form>
      {/* Without a client id Google's button cannot work: no button, and nothing said about it. */}
      {googleClientId && (
        <>
          <p className={styles.divider}>{p.o}</p>
          <GoogleButton
            clientId={googleClientId}
            onToken={async (idToken) => {
              const r = await llamar("POST", "/api/usuario/login-google", { id_token: idToken, platform: "web" });
              if (r.ok) return entrar();
              setAviso({ error: mensajeDe(r, errorInesperado) });
            }}
          />
        </>
      )}
      <p>
        {`${p.sinCuenta} `}
        <Link href={conVuelta(REGISTRO_PATH, { redirigir: destino, guardar })}>{p.registrate}</Link>
      </p>
      <ForgotPasswordModal
        abierto={recuperar}
        onCerrar={() => setRecuperar(false)}
        correoInicial={getValues("correo")}
      />
    </>
  );
}
