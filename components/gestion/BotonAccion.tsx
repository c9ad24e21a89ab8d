"use client";

import { usePalabras } from "@/components/idioma/Palabras";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { llamar, mensajeDe } from "@/lib/cliente/api";
import ui from "@/components/ui/ui.module.css";
import styles from "./gestion.module.css";

/**
 * One back-office action that needs no reason (mark a lead contacted, retry an e-mail): a
 * button that POSTs to `ruta`, the answer beside it, and the list read again from the server.
 */
export function BotonAccion({
  ruta,
  texto,
  etiqueta,
  clase = ui.buttonOutline,
}: {
  ruta: string;
  texto: string;
  /** The accessible name when the text alone is ambiguous in a list. */ etiqueta?: string;
  clase?: string;
}) {
  const { errorInesperado } = usePalabras("general");
  const router = useRouter();
  const [aviso, setAviso] = useState<{ ok: boolean; texto: string } | null>(null);
  const [ocupado, startTransition] = useTransition();
  return (
    <div className={styles.acciones}>
      <div className={styles.botones}>
        <button
          type="button"
          className={clase}
          disabled={ocupado}
          aria-label={etiqueta}
          onClick={() =>
            startTransition(async () => {
              const r = await llamar("POST", ruta, {});
              setAviso({ ok: r.ok, texto: mensajeDe(r, errorInesperado) });
              if (r.ok) router.refresh();
            })
          }
        >
          {texto}
        </button>
      </div>
      <p role="status" className={aviso ? (aviso.ok ? ui.success : ui.error) : styles.vacio}>
        {aviso?.texto}
      </p>
    </div>
  );
}
