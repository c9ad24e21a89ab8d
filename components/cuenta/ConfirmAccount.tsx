"use client";

import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { useEffect, useRef, useState } from "react";
import { Aviso, Field, Spinner } from "@/components/ui/Field";
import styles from "@/components/ui/ui.module.css";
import { llamar, mensajeDe } from "@/lib/cliente/api";

/**
 * Confirms on load from the browser (spec §2), so a mail scanner that only fetches the link
 * cannot use the single-use token up. The answer becomes the page heading; a link that no longer
 * works offers a new one, logging in (it may have been used already) and the plans. Its page
 * provides "perfil"; the heading is the API's answer, as it comes.
 */
export function ConfirmAccount({ token }: { token: string }) {
  const p = usePalabras("perfil");
  const { errorInesperado } = usePalabras("general");
  const [resultado, setResultado] = useState<{ ok: boolean; mensaje: string } | null>(null);
  const pedido = useRef(false);
  useEffect(() => {
    if (pedido.current) return;
    pedido.current = true;
    llamar("GET", `/api/usuario/confirmar-cuenta/${encodeURIComponent(token)}`).then((r) =>
      setResultado({ ok: r.ok, mensaje: mensajeDe(r, errorInesperado) }),
    );
  }, [token, errorInesperado]);
  if (!resultado) return <Spinner etiqueta={p.confirmandoCuenta} />;
  return (
    <>
      <h1>{resultado.mensaje}</h1>
      {resultado.ok ? (
        <p>
          <Link className="button" href="/iniciar-sesion">
            {p.iniciarSesion}
          </Link>
        </p>
      ) : (
        <NuevoEnlace />
      )}
    </>
  );
}

/** After a failed confirmation: ask for a new link, or go on to log in or to the plans. */
function NuevoEnlace() {
  const p = usePalabras("perfil");
  const { errorInesperado } = usePalabras("general");
  const [correo, setCorreo] = useState("");
  const [aviso, setAviso] = useState<{ error?: string; exito?: string }>({});
  const [enviando, setEnviando] = useState(false);

  async function enviar(event: React.FormEvent) {
    event.preventDefault();
    setEnviando(true);
    const r = await llamar("POST", "/api/usuario/reenviar-confirmacion", { correo: correo.trim() });
    setEnviando(false);
    setAviso(r.ok ? { exito: mensajeDe(r, errorInesperado) } : { error: mensajeDe(r, errorInesperado) });
  }

  return (
    <>
      <form onSubmit={enviar} noValidate aria-label={p.pedirNuevoEnlace}>
        <p>{p.nuevoEnlaceExplicacion}</p>
        <Field
          etiqueta={p.correoElectronico}
          type="email"
          autoComplete="email"
          value={correo}
          onChange={(e) => setCorreo(e.target.value)}
          required
        />
        <Aviso {...aviso} />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={enviando}>
            {p.enviarmeOtroEnlace}
          </button>
        </div>
      </form>
      <p className={styles.actions}>
        <Link href="/iniciar-sesion">{p.iniciarSesion}</Link>
        <Link href="/">{p.buscarPlanes}</Link>
      </p>
    </>
  );
}
