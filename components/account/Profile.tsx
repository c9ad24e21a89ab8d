"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useErroresDeReglas } from "@/components/ui/errores-campos";
import { Aviso, Field, marcado } from "@/components/ui/Field";
import { reunirFallos } from "@/lib/formularios";
import { fallosCambioPassword, type DatosCambioPassword } from "@/lib/users/schemas";
import { Modal } from "@/components/ui/Modal";
import styles from "@/components/ui/ui.module.css";
import { conDatos, mensajes } from "@/lib/messages";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import { ForgotPasswordModal } from "./ForgotPasswordModal";
import { RemindersToggle } from "./RemindersToggle";
import perfil from "./Profile.module.css";

const reglasPassword = (d: DatosCambioPassword) => reunirFallos(fallosCambioPassword(d));

type Dialogo = "nombre" | "correo" | "password" | "olvido" | "eliminar" | null;

function Lapiz() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 20h4L19 9l-4-4L4 16v4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

function CerrarGuardar({ onCerrar, onGuardar }: { onCerrar: () => void; onGuardar: () => void }) {
  return (
    <>
      <button type="button" className={styles.buttonGhost} onClick={onCerrar}>
        Cerrar
      </button>
      <button type="button" className="button" onClick={onGuardar}>
        Guardar
      </button>
    </>
  );
}

/** One editable text field in a modal: name or e-mail, with the server's answer shown in it. */
function EditarCampo({
  abierto, titulo, etiqueta, tipo, inicial, campo, onCerrar,
}: {
  abierto: boolean; titulo: string; etiqueta: string; tipo: string; inicial: string; campo: "nombre" | "correo"; onCerrar: () => void;
}) {
  const router = useRouter();
  const [valor, setValor] = useState(inicial);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const campoRef = useRef<HTMLInputElement>(null);
  const idAviso = useId();
  async function guardar() {
    if (!valor.trim()) {
      campoRef.current?.focus();
      return setAviso({ error: mensajes.campoVacio });
    }
    const r = await llamar("PATCH", "/api/usuario/cambiar-datos", { [campo]: valor.trim() });
    // A new e-mail only takes effect from the link sent to it: say so, not a generic success.
    const exito = campo === "correo" ? conDatos(mensajes.cambioCorreoEnviado, { correo: valor.trim().toLowerCase() }) : mensajes.datosActualizados;
    setAviso(r.ok ? { exito: mensajeDe(r, exito) } : { error: mensajeDe(r) });
    if (r.ok) router.refresh();
    else campoRef.current?.focus();
  }
  function cerrar() {
    setAviso({});
    onCerrar();
  }
  return (
    <Modal
      abierto={abierto}
      titulo={titulo}
      onCerrar={cerrar}
      acciones={<CerrarGuardar onCerrar={cerrar} onGuardar={guardar} />}
    >
      {/* The one field is what the message speaks of: marked and described by it until it changes. */}
      <Field
        ref={campoRef}
        etiqueta={etiqueta}
        type={tipo}
        value={valor}
        {...marcado(aviso.error, idAviso)}
        onChange={(e) => {
          setValor(e.target.value);
          if (aviso.error) setAviso({});
        }}
      />
      <Aviso {...aviso} id={idAviso} />
    </Modal>
  );
}

export function Profile({ usuario }: { usuario: { nombre: string; correo: string; google: boolean; recordatorios: boolean } }) {
  const router = useRouter();
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [pw, setPw] = useState<DatosCambioPassword>({ actual: "", nueva: "", confirmar: "" });
  const [avisoPw, setAvisoPw] = useState<{ error?: string; exito?: string }>({});
  const dialogoPassword = useRef<HTMLDivElement>(null);
  const reglasPw = useErroresDeReglas(reglasPassword, dialogoPassword);
  const cambiarPw = (campo: keyof DatosCambioPassword, valor: string) => {
    const nuevo = { ...pw, [campo]: valor };
    setPw(nuevo);
    reglasPw.revisar(nuevo);
  };
  const cerrar = () => setDialogo(null);
  // Closed, the modal forgets this try: its passwords, its message and its fields' hints.
  const cerrarPassword = () => {
    setAvisoPw({});
    setPw({ actual: "", nueva: "", confirmar: "" });
    reglasPw.reiniciar();
    cerrar();
  };

  async function cambiarPassword() {
    setAvisoPw({});
    if (!reglasPw.validar(pw)) return;
    const r = await llamar("PATCH", "/api/usuario/cambiar-datos", { passwordPerfilActual: pw.actual, passwordPerfilNueva: pw.nueva });
    setAvisoPw(r.ok ? { exito: mensajeDe(r, mensajes.passwordActualizada) } : { error: mensajeDe(r) });
    if (r.ok) setPw({ actual: "", nueva: "", confirmar: "" });
  }

  async function cerrarSesion() {
    const r = await llamar("POST", "/api/usuario/logout");
    if (!r.ok && r.status !== 401) return setAviso({ error: mensajeDe(r) });
    router.replace("/");
    router.refresh();
  }

  async function eliminarCuenta() {
    const r = await llamar("DELETE", "/api/usuario");
    if (!r.ok) {
      setDialogo(null);
      return setAviso({ error: mensajeDe(r) });
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <>
      <dl className={perfil.datos}>
        <div className={perfil.fila}>
          <dt>Nombre</dt>
          <dd>{usuario.nombre}</dd>
          {!usuario.google && (
            <button type="button" className={perfil.editar} onClick={() => setDialogo("nombre")} aria-label="Editar nombre">
              <Lapiz />
            </button>
          )}
        </div>
        <div className={perfil.fila}>
          <dt>Correo electrónico</dt>
          <dd>{usuario.correo}</dd>
          {!usuario.google && (
            <button type="button" className={perfil.editar} onClick={() => setDialogo("correo")} aria-label="Editar correo electrónico">
              <Lapiz />
            </button>
          )}
        </div>
        {!usuario.google && (
          <div className={perfil.fila}>
            <dt>Contraseña</dt>
            <dd>••••••••</dd>
            <button type="button" className={perfil.editar} onClick={() => setDialogo("password")} aria-label="Cambiar contraseña">
              <Lapiz />
            </button>
          </div>
        )}
      </dl>
      {usuario.google && <p className={perfil.nota}>Has entrado con Google: tu nombre, correo y contraseña se gestionan en tu cuenta de Google.</p>}
      <RemindersToggle inicial={usuario.recordatorios} onAviso={setAviso} />
      <Aviso {...aviso} />
      <div className={styles.actions}>
        <button type="button" className={styles.buttonGhost} onClick={cerrarSesion}>
          Cerrar sesión
        </button>
        <button type="button" className={styles.buttonDanger} onClick={() => setDialogo("eliminar")}>
          Eliminar cuenta
        </button>
      </div>

      <EditarCampo abierto={dialogo === "nombre"} titulo="Editar nombre" etiqueta="Nombre" tipo="text" inicial={usuario.nombre} campo="nombre" onCerrar={cerrar} />
      <EditarCampo abierto={dialogo === "correo"} titulo="Editar correo electrónico" etiqueta="Correo electrónico" tipo="email" inicial={usuario.correo} campo="correo" onCerrar={cerrar} />
      <Modal
        abierto={dialogo === "password"}
        titulo="Cambiar contraseña"
        onCerrar={cerrarPassword}
        acciones={<CerrarGuardar onCerrar={cerrarPassword} onGuardar={cambiarPassword} />}
      >
        <div ref={dialogoPassword}>
          <Field etiqueta="Contraseña actual" type="password" autoComplete="current-password" value={pw.actual} onChange={(e) => cambiarPw("actual", e.target.value)} />
          <Field etiqueta="Nueva contraseña" type="password" autoComplete="new-password" value={pw.nueva} onChange={(e) => cambiarPw("nueva", e.target.value)} />
          <Field
            etiqueta="Confirmar contraseña"
            type="password"
            autoComplete="new-password"
            value={pw.confirmar}
            pista={reglasPw.errores.campos.confirmar}
            onChange={(e) => cambiarPw("confirmar", e.target.value)}
          />
        </div>
        <Aviso error={reglasPw.errores.mensaje ?? avisoPw.error} exito={avisoPw.exito} />
        <button type="button" className={styles.linkButton} onClick={() => setDialogo("olvido")}>
          He olvidado mi contraseña
        </button>
      </Modal>
      <ForgotPasswordModal abierto={dialogo === "olvido"} onCerrar={cerrar} correoInicial={usuario.correo} />
      <Modal
        abierto={dialogo === "eliminar"}
        titulo="Eliminar cuenta"
        onCerrar={cerrar}
        acciones={
          <>
            <button type="button" className={styles.buttonGhost} onClick={cerrar}>
              Cancelar
            </button>
            <button type="button" className={styles.buttonDangerSolid} onClick={eliminarCuenta}>
              Eliminar
            </button>
          </>
        }
      >
        <p>{mensajes.eliminarCuentaConfirmacion}</p>
      </Modal>
    </>
  );
}
