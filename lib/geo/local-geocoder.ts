import "server-only";
import { readDb } from "../db";
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
 * How far a position may be from the nearest municipality's centre and still count as being in
 * Spain: more than any point of a Spanish municipality is from its nearest centre, less than
 * Lisbon, Porto or Bordeaux are from any of them.
 */
export const MAX_METROS_AL_MAS_CERCANO = 30_000;

/**
 * The offline geocoder over the municipality gazetteer. Text is compared normalised (no
 * accents, lower case) against every key of a municipality, with and without its leading
 * article. Rank: exact name, then prefix, then a word inside the name, then any substring;
 * within a rank, larger towns first. Only when nothing matches that way, trigram similarity
 * (typos) finds the most similar names.
 */
export const localGeocoder: Geocoder = {
  async nearest(lat, lng) {
    // KNN on municipio_punto_idx: the index is walked in distance order and the first row wins.
    const [m] = await (
      await readDb()
    ).$queryRaw<(Row & { metros: number })[]>`
      SELECT m.ine, m.nombre, m.provincia, m.comunidad, m.lat, m.lng, m.punto <-> q.punto AS metros
      FROM (SELECT *, ST_SetSRID(ST_MakePoint(lng, lat), 4326)::geography AS punto FROM municipio) m,
           (SELECT ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography AS punto) q
      WHERE m.lat IS NOT NULL AND m.lng IS NOT NULL
      ORDER BY m.punto <-> q.punto
      LIMIT 1`;
    return m && m.metros <= MAX_METROS_AL_MAS_CERCANO ? toGeocodeResult(m) : null;
  },

  async search(query, limit) {
    const db = await readDb();
    const found = await db.$queryRaw<Row[]>`
      SELECT m.ine, m.nombre, m.provincia, m.comunidad, m.lat, m.lng
      FROM (
        SELECT c.ine, min(CASE WHEN c.clave = q.q THEN 0
                               WHEN c.clave LIKE q.q || '%' THEN 1
                               WHEN c.clave LIKE '% ' || q.q || '%' THEN 2
                               ELSE 3 END) AS rango
        FROM municipio_clave c, (SELECT planazo_normaliza(${query}) AS q) q
        WHERE q.q <> '' AND c.clave LIKE '%' || q.q || '%'
        GROUP BY c.ine
      ) h
      JOIN municipio m ON m.ine = h.ine
      WHERE m.lat IS NOT NULL
      ORDER BY h.rango, m.poblacion DESC NULLS LAST, m.nombre, m.ine
      LIMIT ${limit}`;
    if (found.length > 0) return found.map(toGeocodeResult);
    // Nothing matches literally: probably a typo. Trigram similarity, as a separate query so
    // the common case never computes similarity at all.
    const similar = await db.$queryRaw<Row[]>`
      SELECT m.ine, m.nombre, m.provincia, m.comunidad, m.lat, m.lng
      FROM (
        SELECT c.ine, max(similarity(c.clave, q.q)) AS parecido
        FROM municipio_clave c, (SELECT planazo_normaliza(${query}) AS q) q
        WHERE q.q <> '' AND c.clave % q.q
        GROUP BY c.ine
      ) h
      JOIN municipio m ON m.ine = h.ine
      WHERE m.lat IS NOT NULL
      ORDER BY h.parecido DESC, m.poblacion DESC NULLS LAST, m.ine
      LIMIT ${limit}`;
    return similar.map(toGeocodeResult);
  },
};
