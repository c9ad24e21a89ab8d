import "server-only";
import { ApiError } from "../http";
import { mensajes, conDatos } from "../messages";
import { organizacionConPlanes } from "../orgs/organizations";
import { organizacionPath } from "../orgs/paths";
import { site } from "../site";
import type { PlanApi } from "../plans/plan";
import { buscarPlanes } from "../busqueda/buscar";
import { consultaDeEstado, urlBusqueda } from "../busqueda/estado";
import { MENSAJES_WIDGET, type FuenteWidget } from "./widget";

export interface PlanesDelWidget {
  titulo: string;
  planes: PlanApi[];
  /** Where 'Más planes en Planazo' goes: the same search on the home page, or the organization's page. */
  masUrl: string;
}

/**
 * The widget's plans (/embed/planes): the home page's search through the one search function
 * (featured first, then nearest; sponsor cards left out: they are Planazo's, not the town
 * hall's), or the organization page's listed plans; at most `limite`. Null when the
 * organization does not exist; an ApiError (400) for a town the gazetteer does not know.
 */
export async function planesDelWidget(fuente: FuenteWidget, limite: number): Promise<PlanesDelWidget | null> {
  const { url } = site();
  if (fuente.tipo === "organizacion") {
    const org = await organizacionConPlanes(fuente.id);
    if (!org) return null;
    return {
      titulo: conDatos(MENSAJES_WIDGET.tituloOrganizacion, { organizacion: org.nombre }),
      planes: org.planes.slice(0, limite),
      masUrl: new URL(organizacionPath(org.nombre, org._id), url).toString(),
    };
  }
  const { estado } = fuente;
  const q = consultaDeEstado(estado, { limit: limite });
  if (!q.success) throw new ApiError(400, q.error.issues[0]?.message ?? mensajes.errorObtenerPlanes);
  const resultado = await buscarPlanes(q.data);
  return {
    titulo: estado.municipio
      ? conDatos(MENSAJES_WIDGET.tituloMunicipio, { municipio: estado.municipio })
      : MENSAJES_WIDGET.tituloPunto,
    planes: resultado.planes.filter((p): p is PlanApi => p.tipo !== "Patrocinado"),
    masUrl: new URL(urlBusqueda(estado), url).toString(),
  };
}
