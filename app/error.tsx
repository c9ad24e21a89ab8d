"use client";

import Link from "@/components/idioma/Enlace";
import { DIGEST_SIN_BASE } from "@/lib/db/outage";
import { mensajes } from "@/lib/messages";

/**
 * A page that failed on the server: the Spanish message (the outage's when PostgreSQL went away
 * under it, lib/db/outage.ts) and a retry that renders the page again from the server, instead
 * of Next.js's English default.
 */
export default function ErrorDePagina({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const sinBase = error.digest === DIGEST_SIN_BASE;
  return (
    <section>
      <h1>{sinBase ? "Servicio no disponible" : "Algo ha fallado"}</h1>
      <p role="alert">{sinBase ? mensajes.servicioNoDisponible : mensajes.errorInesperado}</p>
      <p>
        <button type="button" className="button" onClick={() => retry()}>
          Reintentar
        </button>{" "}
        <Link href="/">Volver a los planes</Link>
      </p>
    </section>
  );
}
