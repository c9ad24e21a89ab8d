import { checkDatabase } from "@/lib/db/health";
import { errorResponse, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";
import { estadoIndice } from "@/lib/busqueda/indice-db";

export const dynamic = "force-dynamic";

/**
 * GET /api/health — 200 only when PostgreSQL (with PostGIS) answers; with the search index's
 * state (lib/busqueda/indice-db.ts: "cargando" until the first search has filled it).
 */
export async function GET(): Promise<Response> {
  const ok = await checkDatabase();
  if (!ok) return errorResponse(503, mensajes.servicioNoDisponible);
  return Response.json({ estado: "ok", indiceBusqueda: estadoIndice() }, { headers: { "Cache-Control": "no-store" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
