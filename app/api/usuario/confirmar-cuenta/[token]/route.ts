import { route, otrosMetodos } from "@/lib/http";
import { confirmar } from "@/lib/users/account";

/** GET /api/usuario/confirmar-cuenta/{token} → { mensaje }; unknown, used or expired → 400. */
export const GET = route<{ params: Promise<{ token: string }> }>(async (_request, { params }) => {
  const { token } = await params;
  return Response.json({ mensaje: await confirmar(token) }, { headers: { "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
