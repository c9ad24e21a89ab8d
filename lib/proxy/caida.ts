import { databaseMarkedDown } from "../db/outage";
import { mensajes } from "../messages";
import { CSP_DE_DATOS, CSP_DE_DATOS_ENMARCABLE, esRutaEnmarcable } from "../security";
import type { Paso } from "./paso";

/** The outage's page: also what a page that failed with its error page under it answers (lib/db/outage.ts). */
export const HTML_NO_DISPONIBLE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Servicio no disponible</title></head><body><main><h1>Servicio no disponible</h1><p>${mensajes.servicioNoDisponible}</p></main></body></html>`;

/**
 * While PostgreSQL is down (lib/db/outage.ts): a small Spanish page with 503 and when to try
 * again (inside the town hall's frame too, for the widget), instead of rendering pages that
 * will fail.
 */
export function paginaNoDisponible(enmarcable: boolean): Response {
  return new Response(HTML_NO_DISPONIBLE, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": "5",
      "Cache-Control": "no-store",
      "Content-Security-Policy": enmarcable ? CSP_DE_DATOS_ENMARCABLE : CSP_DE_DATOS,
    },
  });
}

/** A page asked while PostgreSQL is marked down: the outage page. */
export const servicioCaido: Paso = async ({ pathname }) =>
  (await databaseMarkedDown()) ? paginaNoDisponible(esRutaEnmarcable(pathname)) : undefined;
