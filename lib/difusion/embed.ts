import "server-only";
import { ApiError } from "../http";
import { mensajes, conDatos } from "../messages";
import { organizacionConPlanes } from "../organizaciones/organizaciones";
import { organizacionPath } from "../organizaciones/paths";
import { site } from "../site";
import type { PlanApi } from "../plans/plan";
import { buscarPlanes, soloPlanes } from "../busqueda/buscar";
import { consultaDeEstado, urlBusqueda } from "../busqueda/estado";
import { MENSAJES_WIDGET, type FuenteWidget } from "./widget";
import { agruparPorDia, type GrupoDia } from "../busqueda/grupos";
import { baseDelMomento } from "../busqueda/registro";

export interface PlanesDelWidget {
  titulo: string;
  /** By date (the web's order), in day groups; an organization's plans, one group without a heading. */
  grupos: GrupoDia<PlanApi>[];
  /** Where 'Más planes en Planazo' goes: the same search on the home page, or the organization's page. */
  masUrl: string;
}

/**
 * The widget's plans (/embed/planes): the home page's search through the one search function
 * (featured first, then the web's order, by date in day groups; sponsor cards left out: they
 * are Planazo's, not the town hall's), or the organization page's listed plans; at most `limite`. Null when the
 * organization does not exist; an ApiError (400) for a town the gazetteer does not know.
 */
export async function planesDelWidget(fuente: FuenteWidget, limite: number): Promise<PlanesDelWidget | null> {
  const { url } = site();
  if (fuente.tipo === "organizacion") {
    const org = await organizacionConPlanes(fuente.id);
    if (!org) return null;
    return {
      titulo: conDatos(MENSAJES_WIDGET.tituloOrganizacion, { organizacion: org.nombre }),
      grupos: [{ clave: "todos", titulo: "", items: org.planes.slice(0, limite) }],
      masUrl: new URL(organizacionPath(org.nombre, org._id), url).toString(),
    };
  }
  const { estado } = fuente;
  const ahora = Date.now();
  const q = consultaDeEstado(estado, { limit: limite, ahora: new Date(ahora) });
  if (!q.success) throw new ApiError(400, q.error.issues[0]?.message ?? mensajes.errorObtenerPlanes);
  const resultado = await buscarPlanes(q.data);
  const planes = soloPlanes(resultado.planes);
  return {
    titulo: estado.municipio
      ? conDatos(MENSAJES_WIDGET.tituloMunicipio, { municipio: estado.municipio })
      : MENSAJES_WIDGET.tituloPunto,
    grupos:
      estado.orden === "fecha"
        ? agruparPorDia(planes, { base: baseDelMomento(ahora, q.data.fechaInicioFiltro), ahora })
        : [{ clave: "todos", titulo: "", items: planes }],
    masUrl: new URL(urlBusqueda(estado), url).toString(),
  };
}
