"use client";

import { useState } from "react";
import { Aviso } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";

/**
 * Where the confirmation link went, and a new one on a tap: after registering, and when logging
 * in to an account not confirmed yet. The address is the one typed, so a typo shows at once.
 */
export function ReenviarConfirmacion({ correo }: { correo: string }) {
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [enviando, setEnviando] = useState(false);

  async function reenviar() {
    setEnviando(true);
    const r = await llamar("POST", "/api/usuario/reenviar-confirmacion", { correo });
    setEnviando(false);
    setAviso(r.ok ? { exito: mensajeDe(r) } : { error: mensajeDe(r) });
  }

  return (
    <div>
      <p>
        Enviamos el enlace a <strong className={styles.correoDestino}>{correo}</strong>.
      </p>
      {aviso.exito || aviso.error ? (
        <Aviso {...aviso} />
      ) : (
        <p>
          <button type="button" className={styles.linkButton} onClick={reenviar} disabled={enviando}>
            Enviarme otro correo de confirmación
          </button>
        </p>
      )}
    </div>
  );
}
