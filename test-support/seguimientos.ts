import { randomBytes } from "node:crypto";
import { query } from "./database";

const db = () => process.env.DATABASE_URL!;

/**
 * A municipality of its own for a test (INE 9xxxx, which no real one uses) at an empty point of
 * the Atlantic inside the gazetteer's bounds (west of the Canaries and north of them), with no
 * plan within 120 km, so its searches see only the test's plans. Remove it with `borrarMunicipios`.
 */
export async function municipioDePrueba(): Promise<{ ine: string; nombre: string; lat: number; lng: number }> {
  for (;;) {
    const b = randomBytes(4);
    const origen = { lat: 30 + (b.readUInt16BE(0) / 65535) * 12, lng: -18 + (b.readUInt16BE(2) / 65535) * 5 };
    const cerca = await query(
      db(),
      `SELECT 1 FROM plan WHERE ST_DWithin(ubicacion, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, 120000)
       UNION ALL SELECT 1 FROM municipio WHERE abs(lat - $2) < 1.2 AND abs(lng - $1) < 1.5 LIMIT 1`,
      [origen.lng, origen.lat],
    );
    if (cerca.length > 0) continue;
    const ine = `9${String(randomBytes(2).readUInt16BE(0) % 10000).padStart(4, "0")}`;
    const nombre = `Villaprueba ${randomBytes(3).toString("hex")}`;
    const filas = await query(
      db(),
      `INSERT INTO municipio (ine, nombre, nombre_oficial, nombres_alternativos, provincia, comunidad, lat, lng, poblacion)
       VALUES ($1, $2, $2, '{}', 'Provincia de Prueba', 'Comunidad de Prueba', $3, $4, 100)
       ON CONFLICT DO NOTHING RETURNING ine`,
      [ine, nombre, origen.lat, origen.lng],
    );
    if (filas.length === 1) return { ine, nombre, ...origen };
  }
}

export async function borrarMunicipios(ines: string[]): Promise<void> {
  await query(db(), "DELETE FROM municipio WHERE ine = ANY($1::text[])", [ines]);
}

/** The token of the newest e-mail to `to` with a link whose path starts with `prefijo`. */
export async function tokenDelCorreo(to: string, prefijo: string): Promise<string> {
  const filas = await query<{ text: string }>(
    db(),
    `SELECT text FROM email_outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
    [to],
  );
  const m = filas[0]?.text.match(new RegExp(`${prefijo.replace(/[?]/g, "\\?")}([A-Za-z0-9_-]{43})`));
  if (!m) throw new Error(`no ${prefijo} link in the outbox for ${to}`);
  return m[1];
}

/**
 * A real municipality of the gazetteer, for browser tests: the pages find a town in the gazetteer
 * each instance keeps in memory (lib/geo/municipios.ts), which a row inserted during the tests is
 * not in. El Pinar de El Hierro by default: no other test puts plans near it.
 */
export async function municipioDelNomenclator(
  ine = "38901",
): Promise<{ ine: string; nombre: string; lat: number; lng: number }> {
  const [m] = await query<{ ine: string; nombre: string; lat: number; lng: number }>(
    db(),
    "SELECT ine, nombre, lat, lng FROM municipio WHERE ine = $1",
    [ine],
  );
  if (!m) throw new Error(`municipality ${ine} is not in the gazetteer`);
  return m;
}
