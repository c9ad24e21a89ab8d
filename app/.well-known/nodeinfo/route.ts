import { otrosMetodos } from "@/lib/http";
import { site } from "@/lib/site";
import { RUTAS_FEDERACION } from "@/lib/federacion/federacion";
import { SITIO } from "@/lib/federacion/actores";

export const dynamic = "force-dynamic";

/**
 * Where this server's NodeInfo is, and (FEP-2677) its instance actor, which Mobilizon and
 * relays follow and are followed by.
 */
export function GET(): Response {
  const { url } = site();
  return Response.json(
    {
      links: [
        { rel: "http://nodeinfo.diaspora.software/ns/schema/2.1", href: `${url}${RUTAS_FEDERACION.nodeinfo}` },
        { rel: "https://www.w3.org/ns/activitystreams#Application", href: `${url}/ap/${SITIO}` },
      ],
    },
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
