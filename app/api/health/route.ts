import { checkDatabase } from "@/lib/db/health";
import { errorResponse } from "@/lib/http";
import { mensajes } from "@/lib/messages";

export const dynamic = "force-dynamic";

/** GET /api/health — 200 only when PostgreSQL (with PostGIS) answers. */
export async function GET(): Promise<Response> {
  const ok = await checkDatabase();
  if (!ok) return errorResponse(503, mensajes.servicioNoDisponible);
  return Response.json({ estado: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
