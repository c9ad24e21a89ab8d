import { ICONOS, icono, type NombreIcono } from "@/lib/app-instalable/iconos";
import { ApiError, route, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";

type Ctx = { params: Promise<{ archivo: string }> };

/** GET /icono/{192.png, 512.png, enmascarable-512.png}: the installed app's icons (app/manifest.ts). */
export const GET = route<Ctx>(async (_, { params }) => {
  const { archivo } = await params;
  if (!Object.hasOwn(ICONOS, archivo)) throw new ApiError(404, mensajes.recursoNoEncontrado);
  return new Response(new Uint8Array(await icono(archivo as NombreIcono)), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
