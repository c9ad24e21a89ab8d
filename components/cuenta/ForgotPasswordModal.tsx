"use client";

import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { usePalabras } from "@/components/idioma/Palabras";
import { useEnfocarPrimerError } from "@/components/ui/errores-campos";
import { Aviso, Field, marcado } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import styles from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";

/** 'Restablecer Contraseña': Enviar / Cancelar, then Cerrar / Enviar un nuevo correo (spec §2). */
export function ForgotPasswordModal({
  abierto,
  onCerrar,
  correoInicial = "",
}: {
  abierto: boolean;
  onCerrar: () => void;
  correoInicial?: string;
}) {
  const p = usePalabras("perfil");
  const { errorInesperado } = usePalabras("general");
  // No rule in the browser: the server's refusal (spec §5) marks the one field and takes the focus.
  const { register, handleSubmit, formState } = useForm<{ correo: string }>({
    defaultValues: { correo: correoInicial },
  });
  const [enviado, setEnviado] = useState(false);
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const cuerpo = useRef<HTMLDivElement>(null);
  useEnfocarPrimerError(cuerpo, formState.submitCount);
  const idAviso = useId();

  const enviar = handleSubmit(async ({ correo }) => {
    const r = await llamar("POST", "/api/usuario/restablecer-password", { correo: correo.trim() });
    if (r.ok) {
      setEnviado(true);
      setAviso({ exito: mensajeDe(r, errorInesperado) });
    } else {
      setAviso({ error: mensajeDe(r, errorInesperado) });
    }
  });

  function cerrar() {
    setEnviado(false);
    setAviso({});
    onCerrar();
  }

  return (
    <Modal
      abierto={abierto}
      titulo={p.restablecerPasswordTitulo}
      onCerrar={cerrar}
      acciones={
        enviado ? (
          <>
            <button type="button" className={styles.buttonGhost} onClick={cerrar}>
              {p.cerrar}
            </button>
            <button type="button" className="button" onClick={enviar} disabled={formState.isSubmitting}>
              {p.enviarNuevoCorreo}
            </button>
          </>
        ) : (
          <>
            <button type="button" className={styles.buttonGhost} onClick={cerrar}>
              {p.cancelar}
            </button>
            <button type="button" className="button" onClick={enviar} disabled={formState.isSubmitting}>
              {p.enviar}
            </button>
          </>
        )
      }
    >
      <p>{p.restablecerExplicacion}</p>
      {/* The server's refusal speaks of the one field: marked and described by it until it changes. */}
      <div ref={cuerpo}>
        <Field
          etiqueta={p.correoElectronico}
          type="email"
          autoComplete="email"
          {...marcado(aviso.error, idAviso)}
          {...register("correo", { onChange: () => aviso.error && setAviso({}) })}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void enviar();
            }
          }}
        />
      </div>
      <Aviso {...aviso} id={idAviso} />
    </Modal>
  );
}
