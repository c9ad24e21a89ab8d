import { FORMAS, muestraAgenda, paginaDeMuestra } from "@/lib/fuentes/agendas/muestras";
import { env } from "@/lib/env";
import { mensajes } from "@/lib/messages";
import { otrosMetodos } from "@/lib/http";

export const dynamic = "force-dynamic";

/** The most records a page of a demo agenda holds, whatever a request asks for. */
const PAGINA_DEMO = 100;

/**
 * The demo's regional agendas, served by the app itself as each agenda answers (its path under
 * /demo/agendas, its paging, its records with dates around today), so that `npm run demo` has
 * villages of Castilla y León, Euskadi and Catalonia with plans and no internet. Only with
 * DEMO_AGENDAS=1, which scripts/demo sets: a real deployment answers 404.
 */
export function GET(request: Request): Response {
  const url = new URL(request.url);
  const tipo = Object.keys(FORMAS).find((t) => FORMAS[t].ruta.test(url.pathname));
  if (env().DEMO_AGENDAS !== "1" || !tipo)
    return Response.json({ mensaje: mensajes.paginaNoEncontrada }, { status: 404 });
  const registros = muestraAgenda(tipo, `${url.origin}/demo/agendas`);
  return Response.json(paginaDeMuestra(url, registros, PAGINA_DEMO)!.cuerpo, {
    headers: { "Cache-Control": "no-store" },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
