"use client";

import Link from "next/link";
import { mensajes } from "@/lib/messages";

/**
 * A page that failed on the server (a database outage, say): the Spanish message and a retry
 * that renders the page again from the server, instead of Next.js's English default.
 */
export default function ErrorDePagina({ retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <section>
      <h1>Algo ha fallado</h1>
      <p role="alert">{mensajes.errorInesperado}</p>
      <p>
        <button type="button" className="button" onClick={() => retry()}>
          Reintentar
        </button>{" "}
        <Link href="/">Volver a los planes</Link>
      </p>
    </section>
  );
}
