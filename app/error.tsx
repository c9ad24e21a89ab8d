"use client";

import Link from "@/components/idioma/Enlace";
import { usePalabras } from "@/components/idioma/Palabras";
import { DIGEST_SIN_BASE } from "@/lib/db/outage";

/**
 * A page that failed on the server: the message (the outage's when PostgreSQL went away under
 * it, lib/db/outage.ts) in the page's language, and a retry that renders the page again from the
 * server, instead of Next.js's English default. Only "general" reaches it: the root layout's.
 */
export default function ErrorDePagina({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const p = usePalabras("general");
  const sinBase = error.digest === DIGEST_SIN_BASE;
  return (
    <section>
      <h1>{sinBase ? p.servicioNoDisponibleTitulo : p.algoHaFallado}</h1>
      <p role="alert">{sinBase ? p.servicioNoDisponible : p.errorInesperado}</p>
      <p>
        <button type="button" className="button" onClick={() => retry()}>
          {p.reintentar}
        </button>{" "}
        <Link href="/">{p.volverAPlanes}</Link>
      </p>
    </section>
  );
}
