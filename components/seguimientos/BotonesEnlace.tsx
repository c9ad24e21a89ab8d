"use client";

import Link from "@/components/idioma/Enlace";
import { useState } from "react";
import { usePalabras } from "@/components/idioma/Palabras";
import styles from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";

// Their pages provide "seguir".

/** The double opt-in's button: POST /api/seguimientos/confirmar, then a link to manage. */
export function ConfirmarSeguimiento({ token }: { token: string }) {
  const p = usePalabras("seguir");
  const { errorInesperado } = usePalabras("general");
  const [hecho, setHecho] = useState<{ mensaje: string; gestion: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  if (hecho)
    return (
      <>
        <p role="status" className={styles.success}>
          {hecho.mensaje}
        </p>
        <p>
          <Link href={hecho.gestion}>{p.seguimientosGestionar}</Link>
        </p>
      </>
    );
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={enviando}
        onClick={async () => {
          setEnviando(true);
          const r = await llamar<{ gestion: string }>("POST", "/api/seguimientos/confirmar", { token });
          setEnviando(false);
          if (r.ok) setHecho({ mensaje: mensajeDe(r, errorInesperado), gestion: r.data.gestion });
          else setError(mensajeDe(r, errorInesperado));
        }}
      >
        {p.seguimientoConfirmarBoton}
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

/** The unsubscribe page's button: the same POST a mail provider makes (RFC 8058 body). */
export function BotonBaja({ token }: { token: string }) {
  const p = usePalabras("seguir");
  const { errorInesperado } = usePalabras("general");
  const [hecho, setHecho] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  if (hecho)
    return (
      <p role="status" className={styles.success}>
        {hecho}
      </p>
    );
  return (
    <>
      <button
        type="button"
        className={styles.buttonDangerSolid}
        disabled={enviando}
        onClick={async () => {
          setEnviando(true);
          let r: { ok: boolean; mensaje?: string };
          try {
            const res = await fetch(`/api/seguimientos/baja?token=${encodeURIComponent(token)}`, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              body: "List-Unsubscribe=One-Click",
            });
            r = { ok: res.ok, ...((await res.json()) as { mensaje?: string }) };
          } catch {
            r = { ok: false };
          }
          setEnviando(false);
          if (r.ok) setHecho(r.mensaje ?? p.bajaHecha);
          else setError(r.mensaje ?? errorInesperado);
        }}
      >
        {p.bajaBoton}
      </button>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}
