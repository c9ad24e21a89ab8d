import { geocoder } from "@/lib/geo/geocoder";
import { cercanoQuerySchema } from "@/lib/geo/schemas";
import { ApiError, route, searchParams, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";

/**
 * GET /api/geocode/cercano?lat=…&lng=… — the municipality nearest to a position ('Usar mi
 * ubicación'), in the shape of /api/geocode's results; 404 with a message outside Spain.
 */
export const GET = route(async (request) => {
  const { lat, lng } = cercanoQuerySchema.parse(searchParams(request));
  const lugar = await geocoder().nearest(lat, lng);
  if (!lugar) throw new ApiError(404, mensajes.ubicacionFueraDeEspana);
  // A position is personal: no shared cache keeps it.
  return Response.json(
    { summary: { numResults: 1 }, results: [lugar] },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
