"use client";

import { DIGEST_SIN_BASE } from "@/lib/db/outage";
import { mensajes } from "@/lib/messages";

/**
 * When the root layout itself failed (it reads the session: PostgreSQL gone under it, say): a
 * bare Spanish page instead of Next.js's English one, the outage's message when that was the
 * cause (lib/db/outage.ts), like proxy.ts's 503.
 */
export default function ErrorGlobal({ error }: { error: Error & { digest?: string } }) {
  const sinBase = error.digest === DIGEST_SIN_BASE;
  const titulo = sinBase ? "Servicio no disponible" : "Algo ha fallado";
  return (
    <html lang="es">
      <body>
        <main>
          <title>{titulo}</title>
          <h1>{titulo}</h1>
          <p>{sinBase ? mensajes.servicioNoDisponible : mensajes.errorInesperado}</p>
          <p>
            <a href="">Reintentar</a>
          </p>
        </main>
      </body>
    </html>
  );
}
