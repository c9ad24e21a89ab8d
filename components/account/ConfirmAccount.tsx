"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/Field";
import { llamar, mensajeDe } from "./api";

/**
 * Confirms on load from the browser (spec §2), so a mail scanner that only fetches the link
 * cannot use the single-use token up. The answer becomes the page heading.
 */
export function ConfirmAccount({ token }: { token: string }) {
  const [resultado, setResultado] = useState<{ ok: boolean; mensaje: string } | null>(null);
  const pedido = useRef(false);
  useEffect(() => {
    if (pedido.current) return;
    pedido.current = true;
    llamar("GET", `/api/usuario/confirmar-cuenta/${encodeURIComponent(token)}`).then((r) => setResultado({ ok: r.ok, mensaje: mensajeDe(r) }));
  }, [token]);
  if (!resultado) return <Spinner etiqueta="Confirmando tu cuenta…" />;
  return (
    <>
      <h1>{resultado.mensaje}</h1>
      {resultado.ok && (
        <p>
          <Link className="button" href="/iniciar-sesion">
            Iniciar sesión
          </Link>
        </p>
      )}
    </>
  );
}
