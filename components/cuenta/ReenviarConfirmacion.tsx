"use client";

import { useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import { Aviso } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";

/**
 * Where the confirmation link went, and a new one on a tap: after registering, and when logging
 * in to an account not confirmed yet. The address is the one typed, so a typo shows at once.
 */
export function ReenviarConfirmacion({ correo }: { correo: string }) {
  const p = usePalabras("perfil");
  const { errorInesperado } = usePalabras("general");
  // The address in bold inside the sentence, wherever the language puts it.
  const [antes, despues = ""] = p.enlaceEnviadoA.split("{correo}");
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [enviando, setEnviando] = useState(false);

  async function reenviar() {
    setEnviando(true);
    const r = await llamar("POST", "/api/usuario/reenviar-confirmacion", { correo });
    setEnviando(false);
    setAviso(r.ok ? { exito: mensajeDe(r, errorInesperado) } : { error: mensajeDe(r, errorInesperado) });
  }

  return (
    <div>
      <p>
        {antes}
        <strong className={styles.correoDestino}>{correo}</strong>
        {despues}
      </p>
      {aviso.exito || aviso.error ? (
        <Aviso {...aviso} />
      ) : (
        <p>
          <button type="button" className={styles.linkButton} onClick={reenviar} disabled={enviando}>
            {p.reenviarConfirmacion}
          </button>
        </p>
      )}
    </div>
  );
}
