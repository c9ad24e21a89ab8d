import { databaseMarkedDown } from "../db/outage";
import { paginaPublica, peticionDeDocumento } from "../paginas-publicas/cache";
import { esAnonima, politicaDePagina } from "../paginas-publicas/politica";
import { paginaNoDisponible } from "./caida";
import type { Paso } from "./paso";
import type { PeticionDePagina } from "./pagina";

/**
 * An anonymous visitor's public page, from its one shared copy (lib/paginas-publicas: the same
 * bytes and nonce for every visitor, so a CDN may keep it too). Not the server's own render of
 * a copy, nor under `next dev`.
 */
export const copiaPublica: Paso<PeticionDePagina> = async ({
  request,
  pathname,
  desarrollo,
  nonceDeCopia,
  enmarcable,
}) => {
  const politica = politicaDePagina(pathname);
  if (
    !politica ||
    nonceDeCopia ||
    desarrollo ||
    request.method !== "GET" ||
    !esAnonima(request.headers, request.cookies) ||
    !peticionDeDocumento(request)
  )
    return undefined;
  const copia = await paginaPublica(request, politica);
  if (copia) return copia;
  // Its render found PostgreSQL gone: no second render to fail.
  if (await databaseMarkedDown()) return paginaNoDisponible(enmarcable);
  return undefined;
};
