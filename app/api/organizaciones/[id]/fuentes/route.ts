import { after } from "next/server";
import { conectarCalendario, fuenteOrganizacionSchema, fuentesDeOrganizacion } from "@/lib/fuentes/fuentes";
import { mensajesFuentes } from "@/lib/fuentes/mensajes";
import { readJson, route, otrosMetodos } from "@/lib/http";
import { enforceLimits, LIMITES } from "@/lib/rate-limit";
import { requireUser } from "@/lib/users/session";

type Ctx = { params: Promise<{ id: string }> };

/** GET /api/organizaciones/{id}/fuentes → the organization's calendars (its owner only; 404 for anyone else). */
export const GET = route<Ctx>(async (request, { params }) => {
  const user = await requireUser(request);
  return Response.json(await fuentesDeOrganizacion(user.id, (await params).id));
});

/** POST /api/organizaciones/{id}/fuentes {url} → 201 {mensaje, fuente}: an iCalendar feed, up to 3, synced right after. */
export const POST = route<Ctx>(async (request, { params }) => {
  const user = await requireUser(request);
  await enforceLimits(LIMITES.calendario(user.id));
  const { url } = fuenteOrganizacionSchema.parse(await readJson(request));
  const { fuente, primeraSincronizacion } = await conectarCalendario(user.id, (await params).id, url);
  after(primeraSincronizacion);
  return Response.json({ mensaje: mensajesFuentes.fuenteCreada, fuente }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET", "POST");
