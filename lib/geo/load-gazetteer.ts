import { readFile } from "node:fs/promises";
import path from "node:path";
import type { PrismaClient } from "../db/client";
import { parseCsvRecords } from "./csv";

export const GAZETTEER_CSV = path.join(import.meta.dirname, "..", "..", "data", "municipios.csv");

export interface MunicipioRow {
  ine: string;
  nombre: string;
  nombreOficial: string;
  nombresAlternativos: string[];
  provincia: string;
  comunidad: string;
  lat: number | null;
  lng: number | null;
  poblacion: number | null;
}

function optionalNumber(value: string, line: number, column: string): number | null {
  if (value === "") return null;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`municipios.csv line ${line}: ${column} is not a number`);
  return n;
}

export async function readGazetteer(file = GAZETTEER_CSV): Promise<MunicipioRow[]> {
  const records = parseCsvRecords(await readFile(file, "utf8"));
  return records.map((r, i) => ({
    ine: r.ine,
    nombre: r.nombre,
    nombreOficial: r.nombre_oficial,
    nombresAlternativos: r.nombres_alternativos ? r.nombres_alternativos.split("|") : [],
    provincia: r.provincia,
    comunidad: r.comunidad,
    lat: optionalNumber(r.lat, i + 2, "lat"),
    lng: optionalNumber(r.lng, i + 2, "lng"),
    poblacion: optionalNumber(r.poblacion, i + 2, "poblacion"),
  }));
}

/**
 * Loads data/municipios.csv into `municipio` (upsert: plans keep their municipality link) and
 * rebuilds the search keys in `municipio_clave`: every name, official name, alternate name and
 * each half of a bilingual official name, normalised, with and without its leading article.
 * One transaction, so a running app never sees a half-loaded gazetteer.
 */
export async function loadGazetteer(prisma: PrismaClient, file = GAZETTEER_CSV): Promise<number> {
  const rows = await readGazetteer(file);
  const col = <K extends keyof MunicipioRow>(k: K) => rows.map((r) => r[k]);
  // Alternate names go as one '|'-joined string per row: PostgreSQL arrays cannot be ragged.
  const alternativos = rows.map((r) => r.nombresAlternativos.join("|"));
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`
        INSERT INTO municipio (ine, nombre, nombre_oficial, nombres_alternativos, provincia, comunidad, lat, lng, poblacion)
        SELECT ine, nombre, oficial, CASE WHEN alt = '' THEN ARRAY[]::text[] ELSE string_to_array(alt, '|') END,
               provincia, comunidad, lat, lng, poblacion
        FROM unnest(${col("ine")}::text[], ${col("nombre")}::text[], ${col("nombreOficial")}::text[],
                    ${alternativos}::text[], ${col("provincia")}::text[], ${col("comunidad")}::text[],
                    ${col("lat")}::float8[], ${col("lng")}::float8[], ${col("poblacion")}::int[])
             AS t(ine, nombre, oficial, alt, provincia, comunidad, lat, lng, poblacion)
        ON CONFLICT (ine) DO UPDATE SET
          nombre = EXCLUDED.nombre, nombre_oficial = EXCLUDED.nombre_oficial,
          nombres_alternativos = EXCLUDED.nombres_alternativos, provincia = EXCLUDED.provincia,
          comunidad = EXCLUDED.comunidad, lat = EXCLUDED.lat, lng = EXCLUDED.lng,
          poblacion = EXCLUDED.poblacion`;
      await tx.$executeRaw`DELETE FROM municipio_clave`;
      await tx.$executeRaw`
        INSERT INTO municipio_clave (ine, clave)
        SELECT DISTINCT m.ine, k.clave
        FROM municipio m
        CROSS JOIN LATERAL (
          SELECT m.nombre UNION ALL SELECT m.nombre_oficial
          UNION ALL SELECT unnest(m.nombres_alternativos)
          UNION ALL SELECT unnest(string_to_array(m.nombre_oficial, '/'))
        ) AS n(nombre)
        CROSS JOIN LATERAL (VALUES (planazo_normaliza(n.nombre)), (planazo_sin_articulo(n.nombre))) AS k(clave)
        WHERE k.clave <> ''`;
    },
    { timeout: 60_000 },
  );
  // The fresh keys sit in the GIN index's pending list until a vacuum; until then the planner
  // rightly avoids the trigram index and every geocode scans the whole table.
  await prisma.$executeRaw`VACUUM ANALYZE municipio_clave`;
  await prisma.$executeRaw`ANALYZE municipio`;
  return rows.length;
}
