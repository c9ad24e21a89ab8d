"use client";

import { useRuta } from "@/components/idioma/ContextoIdioma";
import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { mensajeDelFormulario, useFormularioConPistas } from "@/components/ui/errores-campos";
import { Aviso, Field, marcado } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import styles from "@/components/ui/ui.module.css";
import { resolverZod } from "@/components/ui/zod-navegador";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { conDatos } from "@/lib/con-datos";
import { cambioDatoFormSchema, cambioPasswordFormSchema, type DatosCambioPassword } from "@/lib/users/schemas";
import { ForgotPasswordModal } from "./ForgotPasswordModal";
import { olvidarSinConexion } from "@/lib/cliente/sin-conexion";
import { olvidarPush } from "@/lib/cliente/push";
import perfil from "./Profile.module.css";

const RESOLVER_DATO = resolverZod<{ valor: string }>(cambioDatoFormSchema);
const RESOLVER_PASSWORD = resolverZod<DatosCambioPassword>(cambioPasswordFormSchema);
const PASSWORDS_VACIAS: DatosCambioPassword = { actual: "", nueva: "", confirmar: "" };

type Dialogo = "nombre" | "correo" | "password" | "olvido" | "eliminar" | null;

function Lapiz() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 20h4L19 9l-4-4L4 16v4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

function CerrarGuardar({ onCerrar, onGuardar }: { onCerrar: () => void; onGuardar: () => void }) {
  const p = usePalabras("perfil");
  return (
    <>
      <button type="button" className={styles.buttonGhost} onClick={onCerrar}>
        {p.cerrar}
      </button>
      <button type="button" className="button" onClick={onGuardar}>
        {p.guardar}
      </button>
    </>
  );
}

/** One editable text field in a modal: name or e-mail, with the server's answer shown in it. */
function EditarCampo({
  abierto,
  titulo,
  etiqueta,
  tipo,
  inicial,
  campo,
  onCerrar,
}: {
  abierto: boolean;
  titulo: string;
  etiqueta: string;
  tipo: string;
  inicial: string;
  campo: "nombre" | "correo";
  onCerrar: () => void;
}) {
  const cuenta = usePalabras("cuenta");
  const { errorInesperado } = usePalabras("general");
  const router = useRouter();
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const dialogo = useRef<HTMLDivElement>(null);
  const { form } = useFormularioConPistas({ resolver: RESOLVER_DATO, defaultValues: { valor: inicial } }, dialogo);
  const { register, handleSubmit, formState } = form;
  const idAviso = useId();
  async function guardar({ valor }: { valor: string }) {
    const r = await llamar("PATCH", "/api/usuario/cambiar-datos", { [campo]: valor.trim() });
    // A new e-mail only takes effect from the link sent to it: say so, not a generic success.
    const exito =
      campo === "correo"
        ? conDatos(cuenta.cambioCorreoEnviado, { correo: valor.trim().toLowerCase() })
        : cuenta.datosActualizados;
    setAviso(r.ok ? { exito: mensajeDe(r, exito) } : { error: mensajeDe(r, errorInesperado) });
    if (r.ok) router.refresh();
  }
  function cerrar() {
    setAviso({});
    form.clearErrors();
    onCerrar();
  }
  const error = mensajeDelFormulario(formState.errors) ?? aviso.error;
  return (
    <Modal
      abierto={abierto}
      titulo={titulo}
      onCerrar={cerrar}
      acciones={<CerrarGuardar onCerrar={cerrar} onGuardar={handleSubmit(guardar, () => setAviso({}))} />}
    >
      {/* The one field is what the message speaks of: marked and described by it until it changes. */}
      <div ref={dialogo}>
        <Field
          etiqueta={etiqueta}
          type={tipo}
          {...marcado(error, idAviso)}
          {...register("valor", { onChange: () => aviso.error && setAviso({}) })}
        />
      </div>
      <Aviso error={error} exito={aviso.exito} id={idAviso} />
    </Modal>
  );
}

/** The account's data, its changes, logging out and deleting it; its page provides "perfil" and "cuenta". */
export function Profile({ usuario }: { usuario: { nombre: string; correo: string; google: boolean } }) {
  const p = usePalabras("perfil");
  const cuenta = usePalabras("cuenta");
  const { errorInesperado } = usePalabras("general");
  const router = useRouter();
  const enIdioma = useRuta();
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [avisoPw, setAvisoPw] = useState<{ error?: string; exito?: string }>({});
  const dialogoPassword = useRef<HTMLDivElement>(null);
  const { form: formPw } = useFormularioConPistas<DatosCambioPassword, undefined, HTMLDivElement>(
    { resolver: RESOLVER_PASSWORD, defaultValues: PASSWORDS_VACIAS },
    dialogoPassword,
  );
  const cerrar = () => setDialogo(null);
  // Closed, the modal forgets this try: its passwords, its message and its fields' hints.
  const cerrarPassword = () => {
    setAvisoPw({});
    formPw.reset(PASSWORDS_VACIAS);
    cerrar();
  };

  async function cambiarPassword(pw: DatosCambioPassword) {
    setAvisoPw({});
    const r = await llamar("PATCH", "/api/usuario/cambiar-datos", {
      passwordPerfilActual: pw.actual,
      passwordPerfilNueva: pw.nueva,
    });
    setAvisoPw(r.ok ? { exito: mensajeDe(r, cuenta.passwordActualizada) } : { error: mensajeDe(r, errorInesperado) });
    if (r.ok) formPw.reset(PASSWORDS_VACIAS);
  }

  async function cerrarSesion() {
    // This device's notifications are this person's: stopped while the session can still say whose.
    await olvidarPush();
    const r = await llamar("POST", "/api/usuario/logout");
    if (!r.ok && r.status !== 401) return setAviso({ error: mensajeDe(r, errorInesperado) });
    // What was kept for offline use is this person's: the next one on this phone must not see it.
    await olvidarSinConexion();
    router.replace(enIdioma("/"));
    router.refresh();
  }

  async function eliminarCuenta() {
    const r = await llamar("DELETE", "/api/usuario");
    if (!r.ok) {
      setDialogo(null);
      return setAviso({ error: mensajeDe(r, errorInesperado) });
    }
    // The server forgot the devices with the account; the browser forgets its subscription.
    await olvidarPush();
    await olvidarSinConexion();
    router.replace(enIdioma("/"));
    router.refresh();
  }

  return (
    <>
      {/* Every child of the list is a row: its term, its value and, in a <dd> of its own, its edit button. */}
      <dl className={perfil.datos}>
        <div className={perfil.fila}>
          <dt>{p.nombre}</dt>
          <dd>{usuario.nombre}</dd>
          {!usuario.google && (
            <dd className={perfil.accion}>
              <button
                type="button"
                className={perfil.editar}
                onClick={() => setDialogo("nombre")}
                aria-label={p.editarNombre}
              >
                <Lapiz />
              </button>
            </dd>
          )}
        </div>
        <div className={perfil.fila}>
          <dt>{p.correoElectronico}</dt>
          <dd>{usuario.correo}</dd>
          {!usuario.google && (
            <dd className={perfil.accion}>
              <button
                type="button"
                className={perfil.editar}
                onClick={() => setDialogo("correo")}
                aria-label={p.editarCorreo}
              >
                <Lapiz />
              </button>
            </dd>
          )}
        </div>
        {!usuario.google && (
          <div className={perfil.fila}>
            <dt>{p.password}</dt>
            <dd>••••••••</dd>
            <dd className={perfil.accion}>
              <button
                type="button"
                className={perfil.editar}
                onClick={() => setDialogo("password")}
                aria-label={p.cambiarPassword}
              >
                <Lapiz />
              </button>
            </dd>
          </div>
        )}
      </dl>
      {usuario.google && <p className={perfil.nota}>{p.notaGoogle}</p>}
      <Aviso {...aviso} />
      <div className={styles.actions}>
        <button type="button" className={styles.buttonGhost} onClick={cerrarSesion}>
          {p.cerrarSesion}
        </button>
        <button type="button" className={styles.buttonDanger} onClick={() => setDialogo("eliminar")}>
          {p.eliminarCuenta}
        </button>
      </div>

      <EditarCampo
        abierto={dialogo === "nombre"}
        titulo={p.editarNombre}
        etiqueta={p.nombre}
        tipo="text"
        inicial={usuario.nombre}
        campo="nombre"
        onCerrar={cerrar}
      />
      <EditarCampo
        abierto={dialogo === "correo"}
        titulo={p.editarCorreo}
        etiqueta={p.correoElectronico}
        tipo="email"
        inicial={usuario.correo}
        campo="correo"
        onCerrar={cerrar}
      />
      <Modal
        abierto={dialogo === "password"}
        titulo={p.cambiarPassword}
        onCerrar={cerrarPassword}
        acciones={
          <CerrarGuardar
            onCerrar={cerrarPassword}
            onGuardar={formPw.handleSubmit(cambiarPassword, () => setAvisoPw({}))}
          />
        }
      >
        <div ref={dialogoPassword}>
          <Field
            etiqueta={p.passwordActual}
            type="password"
            autoComplete="current-password"
            {...formPw.register("actual")}
          />
          <Field etiqueta={p.nuevaPassword} type="password" autoComplete="new-password" {...formPw.register("nueva")} />
          <Field
            etiqueta={p.confirmarPassword}
            type="password"
            autoComplete="new-password"
            pista={formPw.formState.errors.confirmar?.message}
            {...formPw.register("confirmar")}
          />
        </div>
        <Aviso error={mensajeDelFormulario(formPw.formState.errors) ?? avisoPw.error} exito={avisoPw.exito} />
        <button type="button" className={styles.linkButton} onClick={() => setDialogo("olvido")}>
          {p.olvidePassword}
        </button>
      </Modal>
      <ForgotPasswordModal abierto={dialogo === "olvido"} onCerrar={cerrar} correoInicial={usuario.correo} />
      <Modal
        abierto={dialogo === "eliminar"}
        titulo={p.eliminarCuenta}
        onCerrar={cerrar}
        acciones={
          <>
            <button type="button" className={styles.buttonGhost} onClick={cerrar}>
              {p.cancelar}
            </button>
            <button type="button" className={styles.buttonDangerSolid} onClick={eliminarCuenta}>
              {p.eliminar}
            </button>
          </>
        }
      >
        <p>{cuenta.eliminarCuentaConfirmacion}</p>
      </Modal>
    </>
  );
}
