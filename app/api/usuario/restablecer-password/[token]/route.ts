import { readJson, route, otrosMetodos } from "@/lib/http";
import { restablecer } from "@/lib/users/account";
import { restablecerSchema } from "@/lib/users/schemas";

/** PATCH /api/usuario/restablecer-password/{token} { passwordNueva, passwordConfirm } → { mensaje }. */
export const PATCH = route<{ params: Promise<{ token: string }> }>(async (request, { params }) => {
  const { token } = await params;
  const { passwordNueva } = restablecerSchema.parse(await readJson(request));
  return Response.json({ mensaje: await restablecer(token, passwordNueva) });
});

export const { GET, POST, PUT, DELETE, OPTIONS } = otrosMetodos("PATCH");
