import type { Idioma } from "./idiomas";

/**
 * The words of the page shown when the root layout itself fails (app/global-error.tsx): no page
 * hands them over then, and the catalogues are too large for every page's first load. The
 * catalogues' "general" holds the same texts, which a unit test checks.
 */
export const FALLO_GLOBAL: Record<
  Idioma,
  {
    servicioNoDisponibleTitulo: string;
    algoHaFallado: string;
    servicioNoDisponible: string;
    errorInesperado: string;
    reintentar: string;
  }
> = {
  es: {
    servicioNoDisponibleTitulo: "Servicio no disponible",
    algoHaFallado: "Algo ha fallado",
    servicioNoDisponible:
      "El servicio no está disponible en este momento, por favor vuelve a intentarlo en unos minutos.",
    errorInesperado: "Ha ocurrido un error inesperado, por favor vuelve a intentarlo",
    reintentar: "Reintentar",
  },
  ca: {
    servicioNoDisponibleTitulo: "Servei no disponible",
    algoHaFallado: "Alguna cosa ha fallat",
    servicioNoDisponible: "El servei no està disponible ara mateix. Torna-ho a provar d’aquí a uns minuts.",
    errorInesperado: "S’ha produït un error inesperat. Torna-ho a provar.",
    reintentar: "Torna-ho a provar",
  },
  eu: {
    servicioNoDisponibleTitulo: "Zerbitzua ez dago erabilgarri",
    algoHaFallado: "Zerbaitek huts egin du",
    servicioNoDisponible: "Zerbitzua ez dago erabilgarri une honetan. Saiatu berriro minutu batzuk barru.",
    errorInesperado: "Ustekabeko errore bat gertatu da. Saiatu berriro.",
    reintentar: "Saiatu berriro",
  },
  gl: {
    servicioNoDisponibleTitulo: "Servizo non dispoñible",
    algoHaFallado: "Algo fallou",
    servicioNoDisponible: "O servizo non está dispoñible neste momento. Téntao de novo dentro duns minutos.",
    errorInesperado: "Produciuse un erro inesperado. Téntao de novo.",
    reintentar: "Tentar de novo",
  },
  en: {
    servicioNoDisponibleTitulo: "Service unavailable",
    algoHaFallado: "Something went wrong",
    servicioNoDisponible: "The service is not available right now. Please try again in a few minutes.",
    errorInesperado: "Something went wrong. Please try again.",
    reintentar: "Try again",
  },
};
