import { geocoder } from "@/lib/geo/geocoder";
import { geocodeQuerySchema } from "@/lib/geo/schemas";
import { route, searchParams, otrosMetodos } from "@/lib/http";

/** GET /api/geocode?q=…&limit=… — municipalities of Spain matching the text, best first. */
export const GET = route(async (request) => {
  const { q, limit } = geocodeQuerySchema.parse(searchParams(request));
  const results = await geocoder().search(q, limit);
  return Response.json(
    { summary: { query: q, numResults: results.length }, results },
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
