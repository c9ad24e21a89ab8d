import { variantUrl } from "../media/variant-url";
import { cartelPropio } from "../plans/cartel";
import { CASTELLANO, cuandoTexto, precioTexto, type LenguaTexto } from "../plans/texto";
import { planPath, type PlanApi } from "../plans/plan";
import type { Idioma } from "../idiomas";
import type { TituloDeTarjeta } from "../plans/idiomas";

/** The most plans the home's map shows of one search: the nearest ones, in the search's own order. */
export const TOPE_MAPA = 200;

/**
 * A plan as the home's map needs it: where it is, and what its mini card says (poster, title,
 * when, price, link). Written on the server in the page's language, so the map's script carries
 * no date or price code.
 */
export interface PuntoMapa {
  id: string;
  /** In the reader's language when the plan has it (lib/plans/idiomas.ts), `lang` its own when another. */
  titulo: string;
  lang?: Idioma;
  lat: number;
  lng: number;
  destacado: boolean;
  cuando: string | null;
  precio: string | null;
  cartel: string | null;
  href: string;
}

/** The map's plans of a search, the point it was searched around and how many match in all. */
export interface ResultadoMapa {
  centro: { lat: number; lng: number };
  puntos: PuntoMapa[];
  total: number;
}

export function puntoDelMapa(
  plan: PlanApi,
  lengua: LenguaTexto = CASTELLANO,
  titulo: TituloDeTarjeta = { titulo: plan.titulo },
): PuntoMapa {
  const [lng, lat] = plan.ubicacion.coordinates;
  // A poster drawn here has its words in Spanish: the map's card goes without one, as for none.
  const cartel = cartelPropio(plan);
  return {
    id: plan._id,
    ...titulo,
    lat,
    lng,
    destacado: plan.destacado,
    cuando: cuandoTexto(plan, {}, lengua),
    precio: plan.precio === null ? null : precioTexto(plan.precio, lengua),
    cartel: cartel ? variantUrl(cartel.url, "tarjeta") : null,
    href: planPath(plan.titulo, plan._id),
  };
}
