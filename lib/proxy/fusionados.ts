import { NextResponse } from "next/server";
import { rutaEnIdioma } from "../idiomas";
import { direccionFusionada } from "../plans/fusion";
import type { Paso } from "./paso";

/**
 * A plan merged into another (one show an import had split into a plan a day): its page moved
 * for good. Asked only past the public copies, where a live plan's page is already served.
 */
export const planFusionado: Paso = async ({ request, pathname, idioma }) => {
  if (request.method !== "GET" || !pathname.startsWith("/plan/")) return undefined;
  const destino = await direccionFusionada(pathname);
  return destino ? NextResponse.redirect(new URL(rutaEnIdioma(idioma, destino), request.url), 301) : undefined;
};
