import { readForm, route, searchParams, otrosMetodos } from "@/lib/http";
import { MAX_FORM_BYTES } from "@/lib/media/upload";
import { crearPlan } from "@/lib/plans/mutations";
import { busquedaSchema } from "@/lib/busqueda/schemas";
import { buscarPlanesJson } from "@/lib/busqueda/buscar";
import { requireUser } from "@/lib/users/session";
import { cabecerasDeBusqueda } from "@/lib/paginas-publicas/api";
import { yAvisar } from "@/lib/avisos/pronto";

/** GET /api/plan?lng&lat&municipio&radio&page&limit and every filter and order of lib/busqueda/registro.ts → { planes, total, totalExacto, mensaje? } */
export const GET = route(async (request) => {
  const busqueda = busquedaSchema.parse(searchParams(request));
  const json = await buscarPlanesJson(busqueda);
  return new Response(json, { headers: cabecerasDeBusqueda(request, json) });
});

/** POST /api/plan (multipart, login) → 201 { mensaje, plan }. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const form = await readForm(request, MAX_FORM_BYTES);
  return Response.json(await yAvisar(crearPlan(user, form)), { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET", "POST");
