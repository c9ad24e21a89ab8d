"use client";

import { usePathname } from "next/navigation";
import { DIGEST_SIN_BASE } from "@/lib/db/outage";
import { FALLO_GLOBAL } from "@/lib/fallo-global";
import { idiomaDeRuta } from "@/lib/idiomas";

/**
 * When the root layout itself failed (it reads the session: PostgreSQL gone under it, say): a
 * bare page in the address's language instead of Next.js's English one, the outage's message
 * when that was the cause (lib/db/outage.ts), like proxy.ts's 503.
 */
export default function ErrorGlobal({ error }: { error: Error & { digest?: string } }) {
  const { idioma } = idiomaDeRuta(usePathname() ?? "/");
  const t = FALLO_GLOBAL[idioma];
  const sinBase = error.digest === DIGEST_SIN_BASE;
  const titulo = sinBase ? t.servicioNoDisponibleTitulo : t.algoHaFallado;
  return (
    <html lang={idioma}>
      <body>
        <main>
          <title>{titulo}</title>
          <h1>{titulo}</h1>
          <p>{sinBase ? t.servicioNoDisponible : t.errorInesperado}</p>
          <p>
            <a href="">{t.reintentar}</a>
          </p>
        </main>
      </body>
    </html>
  );
}
