import { leerWidget, MENSAJES_WIDGET, RUTA_WIDGET_EMBED } from "../difusion/widget";
import { conDatos } from "../con-datos";
import { site } from "../site";
import { escaparHtml } from "../text";
import type { Paso } from "./paso";
import type { PeticionDePagina } from "./pagina";

/** A query string as Next.js gives it to pages: repeated names as arrays. */
function parametros(q: URLSearchParams): Record<string, string | string[]> {
  const todos: Record<string, string | string[]> = {};
  for (const k of new Set(q.keys())) {
    const v = q.getAll(k);
    todos[k] = v.length === 1 ? v[0] : v;
  }
  return todos;
}

/**
 * A widget code with bad parameters: 400 and what is wrong, in Spanish, inside the town hall's
 * frame (the embed's framable CSP), so whoever pasted it sees why it shows no plans.
 */
export const widgetNoValido: Paso<PeticionDePagina> = ({ request, pathname, csp }) => {
  if (pathname !== RUTA_WIDGET_EMBED) return undefined;
  const leido = leerWidget(parametros(request.nextUrl.searchParams));
  if (leido.ok) return undefined;
  const { url } = site();
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escaparHtml(MENSAJES_WIDGET.tituloError)}</title></head><body style="margin:0;font-family:system-ui,sans-serif;color:#1c1917;background:#fff"><main style="padding:0.75rem"><h1 style="font-size:1.15rem;margin:0 0 0.5rem">${escaparHtml(MENSAJES_WIDGET.tituloError)}</h1><p>${escaparHtml(leido.mensaje)}</p><p>${escaparHtml(conDatos(MENSAJES_WIDGET.revisaCodigo, { sitio: url }))}</p></main></body></html>`;
  return new Response(html, {
    status: 400,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": csp,
    },
  });
};
