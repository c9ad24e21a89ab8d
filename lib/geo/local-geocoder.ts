import "server-only";
import { prisma } from "../db";
import type { GeocodeResult, Geocoder } from "./geocoder";

interface Row {
  ine: string;
  nombre: string;
  provincia: string;
  comunidad: string;
  lat: number;
  lng: number;
}

export function toGeocodeResult(row: Row): GeocodeResult {
  const sameAsProvince = row.nombre.localeCompare(row.provincia, "es", { sensitivity: "base" }) === 0;
  return {
    id: row.ine,
    type: "Geography",
    entityType: "Municipality",
    address: {
      municipality: row.nombre,
      countrySecondarySubdivision: row.provincia,
      countrySubdivision: row.comunidad,
      country: "España",
      countryCode: "ES",
      countryCodeISO3: "ESP",
      freeformAddress: sameAsProvince ? row.nombre : `${row.nombre}, ${row.provincia}`,
    },
    position: { lat: row.lat, lon: row.lng },
  };
}

/**
 * The offline geocoder over the municipality gazetteer. Text is compared normalised (no
 * accents, lower case) against every key of a municipality, with and without its leading
 * article. Rank: exact name, then prefix, then a word inside the name, then any substring,
 * then trigram similarity (typos); within a rank, larger towns first.
 */
export const localGeocoder: Geocoder = {
  async search(query, limit) {
    const rows = await prisma.$queryRaw<Row[]>`
      WITH q AS (SELECT planazo_normaliza(${query}) AS q),
      hits AS (
        SELECT c.ine,
          CASE WHEN c.clave = q.q THEN 0
               WHEN c.clave LIKE q.q || '%' THEN 1
               WHEN c.clave LIKE '% ' || q.q || '%' THEN 2
               WHEN c.clave LIKE '%' || q.q || '%' THEN 3
               ELSE 4 END AS rango
        FROM municipio_clave c, q
        WHERE q.q <> '' AND (c.clave LIKE '%' || q.q || '%' OR c.clave % q.q)
      )
      SELECT m.ine, m.nombre, m.provincia, m.comunidad, m.lat, m.lng
      FROM (SELECT ine, min(rango) AS rango FROM hits GROUP BY ine) h
      JOIN municipio m ON m.ine = h.ine
      WHERE m.lat IS NOT NULL
      ORDER BY h.rango, m.poblacion DESC NULLS LAST, m.nombre, m.ine
      LIMIT ${limit}`;
    return rows.map(toGeocodeResult);
  },
};
