import type { NextRequest } from "next/server";
import { paginaComoActor } from "./actividad";
import { servicioCaido } from "./caida";
import { copiaPublica } from "./copia-publica";
import { direccionLegible, sinBarraFinal } from "./direccion";
import { planFusionado } from "./fusionados";
import { conPolitica, seguir, yaReescrita, type PeticionDePagina } from "./pagina";
import { peticion, primeraRespuesta, type Paso } from "./paso";
import { conPersona } from "./persona";
import { portadaConLugar } from "./portada";
import { paginaProtegida } from "./protegidas";
import { widgetNoValido } from "./widget";

/**
 * What is answered before a page's CSP is chosen: the address, the session, the outage, a server
 * of the fediverse at a town's page, the home.
 */
const ANTES_DE_LA_POLITICA: readonly Paso[] = [
  direccionLegible,
  sinBarraFinal,
  paginaProtegida,
  servicioCaido,
  paginaComoActor,
  portadaConLugar,
];

/** What is answered with the page's CSP; a request no step answers goes on to Next.js with it. */
const CON_LA_POLITICA: readonly Paso<PeticionDePagina>[] = [widgetNoValido, copiaPublica, planFusionado];

/**
 * proxy.ts's way for a request: the first step that answers it, in order, else on to Next.js
 * with the page's Content-Security-Policy (a fresh nonce, which Next.js puts on its own inline
 * scripts); every page then says whose session it was answered for.
 */
export async function caminoDePagina(request: NextRequest): Promise<Response> {
  const reescrita = yaReescrita(request);
  if (reescrita) return conPersona(request, reescrita);
  const p = peticion(request);
  let respuesta = await primeraRespuesta(ANTES_DE_LA_POLITICA, p);
  if (!respuesta) {
    const pagina = conPolitica(p);
    respuesta = (await primeraRespuesta(CON_LA_POLITICA, pagina)) ?? seguir(pagina);
  }
  return conPersona(request, respuesta);
}
