import "server-only";
import { env } from "../env";
import { localGeocoder } from "./local-geocoder";

/**
 * One geocoding result, shaped like the results the clients already read (the maps search
 * service the spec describes): address.municipality / municipalitySubdivision /
 * freeformAddress, position.lat / position.lon, id.
 */
export interface GeocodeResult {
  id: string;
  type: "Geography";
  entityType: "Municipality";
  address: {
    municipality: string;
    municipalitySubdivision?: string;
    countrySecondarySubdivision: string;
    countrySubdivision: string;
    country: "España";
    countryCode: "ES";
    countryCodeISO3: "ESP";
    freeformAddress: string;
  };
  position: { lat: number; lon: number };
}

export interface Geocoder {
  /** Places in Spain matching free text, best first. */
  search(query: string, limit: number): Promise<GeocodeResult[]>;
  /** The municipality nearest to a position ('Usar mi ubicación'), or null outside Spain. */
  nearest(lat: number, lng: number): Promise<GeocodeResult | null>;
}

/** The geocoder chosen by the GEOCODER environment variable (today only the offline gazetteer). */
export function geocoder(): Geocoder {
  switch (env().GEOCODER) {
    case "local":
      return localGeocoder;
  }
}
