"use client";

import { useId, useRef, useState } from "react";
import { Aviso, Field, marcado } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import styles from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";

/** 'Restablecer Contraseña': Enviar / Cancelar, then Cerrar / Enviar un nuevo correo (spec §2). */
export function ForgotPasswordModal({ abierto, onCerrar, correoInicial = "" }: { abierto: boolean; onCerrar: () => void; correoInicial?: string }) {
  const [correo, setCorreo] = useState(correoInicial);
  const [enviado, setEnviado] = useState(false);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [enviando, setEnviando] = useState(false);
  const campo = useRef<HTMLInputElement>(null);
  const idAviso = useId();

  async function enviar() {
    setEnviando(true);
    const r = await llamar("POST", "/api/usuario/restablecer-password", { correo: correo.trim() });
    setEnviando(false);
    if (r.ok) {
      setEnviado(true);
      setAviso({ exito: mensajeDe(r) });
    } else {
      setAviso({ error: mensajeDe(r) });
      campo.current?.focus();
    }
  }

  function cerrar() {
    setEnviado(false);
    setAviso({});
    onCerrar();
  }

  return (
    <Modal
      abierto={abierto}
      titulo="Restablecer Contraseña"
      onCerrar={cerrar}
      acciones={
        enviado ? (
          <>
            <button type="button" className={styles.buttonGhost} onClick={cerrar}>
              Cerrar
            </button>
            <button type="button" className="button" onClick={enviar} disabled={enviando}>
              Enviar un nuevo correo
            </button>
          </>
        ) : (
          <>
            <button type="button" className={styles.buttonGhost} onClick={cerrar}>
              Cancelar
            </button>
            <button type="button" className="button" onClick={enviar} disabled={enviando}>
              Enviar
            </button>
          </>
        )
      }
    >
      <p>Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.</p>
      {/* The server's refusal speaks of the one field: marked and described by it until it changes. */}
      <Field
        ref={campo}
        etiqueta="Correo electrónico"
        type="email"
        autoComplete="email"
        value={correo}
        {...marcado(aviso.error, idAviso)}
        onChange={(e) => {
          setCorreo(e.target.value);
          if (aviso.error) setAviso({});
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void enviar();
          }
        }}
      />
      <Aviso {...aviso} id={idAviso} />
    </Modal>
  );
}
