import type { ResultadoSincronizacion } from "@/lib/fuentes/sincronizar";
import { query } from "./database";

const db = () => process.env.DATABASE_URL!;

/** A last sync that created one plan and discarded an item without a date, as the screens show it. */
export const SINCRONIZACION_CON_UN_DESCARTE: ResultadoSincronizacion = {
  creados: 1,
  actualizados: 0,
  retirados: 0,
  sinCambios: 2,
  descartados: [{ titulo: "Pleno municipal", motivo: "No tiene fecha." }],
};

/**
 * A source straight in the database, as a sync would have left it (the team's Agenda Planazo's
 * unless an organization and its owner are given). The screens' tests never sync: a sync would
 * fetch its URL, and tests reach no outside name.
 */
export async function insertFuente(f: {
  nombre: string;
  url?: string;
  /** A kind of source (lib/fuentes/adaptadores/index.ts lists them): "ics" by default. */
  tipo?: string;
  usuarioId?: string;
  organizacionId?: string | null;
  publicacion?: "directa" | "revision";
  pausada?: boolean;
  resultado?: ResultadoSincronizacion | null;
  /** When it last synced: now by default when it has a result. */
  sincronizadaEn?: Date | null;
}): Promise<string> {
  const [{ id }] = await query<{ id: string }>(
    db(),
    `INSERT INTO fuente (nombre, url, tipo, usuario_id, organizacion_id, publicacion, pausada, resultado, sincronizada_en)
     VALUES ($1, $2, $3, $4, $5, $6::publicacion_fuente, $7, $8::jsonb, $9) RETURNING id`,
    [
      f.nombre,
      f.url ?? `https://calendario.example/${encodeURIComponent(f.nombre)}.ics`,
      f.tipo ?? "ics",
      f.usuarioId ?? "agenda-planazo",
      f.organizacionId ?? null,
      f.publicacion ?? "directa",
      f.pausada ?? false,
      f.resultado ? JSON.stringify(f.resultado) : null,
      f.sincronizadaEn === undefined ? (f.resultado ? new Date() : null) : f.sincronizadaEn,
    ],
  );
  return id;
}

/**
 * Makes a plan one of the source's, as a sync writes it: its source and original address on the
 * plan, and the source's item row (`pendiente`: waiting in the team's review queue, hidden).
 */
export async function importarPlan(
  fuenteId: string,
  planId: string,
  { url = null, pendiente = false }: { url?: string | null; pendiente?: boolean } = {},
): Promise<void> {
  await query(db(), "UPDATE plan SET fuente_id = $1, url_original = $2 WHERE id = $3", [fuenteId, url, planId]);
  if (pendiente) await query(db(), "UPDATE plan SET visible = false WHERE id = $1", [planId]);
  await query(
    db(),
    "INSERT INTO fuente_item (fuente_id, clave, plan_id, huella, pendiente) VALUES ($1, $2, $3, repeat('0', 64), $4)",
    [fuenteId, `item-${planId}`, planId, pendiente],
  );
}

/** An organization of the user's, by SQL (no logo). */
export async function insertOrganizacion(usuarioId: string, nombre: string): Promise<string> {
  const [{ id }] = await query<{ id: string }>(
    db(),
    "INSERT INTO organizacion (nombre, direccion, email_contacto, usuario_id) VALUES ($1, 'Plaza Mayor, 1', 'org@example.com', $2) RETURNING id",
    [nombre, usuarioId],
  );
  return id;
}
