import { darDeBaja, personaDeEnlace } from "@/lib/seguimientos/seguimientos";
import { toErrorResponse, otrosMetodos } from "@/lib/http";
import { mensajes } from "@/lib/messages";

const tokenDe = (request: Request) => new URL(request.url).searchParams.get("token");

/**
 * The List-Unsubscribe URL of the weekly e-mail. GET (a person's click, or a link scanner's)
 * changes nothing: it sends to the page that asks with a button.
 */
export async function GET(request: Request): Promise<Response> {
  const token = tokenDe(request) ?? "";
  return new Response(null, {
    status: 303,
    headers: { Location: `/seguimientos/baja/${encodeURIComponent(token)}`, "Cache-Control": "no-store" },
  });
}

/**
 * POST with `List-Unsubscribe=One-Click` (RFC 8058): the mail provider's one-click unsubscribe,
 * or the page's button. The token is the only credential: no session, cookie or Origin check
 * (the provider's server is not a browser page of ours). Unknown link 404, expired 410.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    const persona = await personaDeEnlace(tokenDe(request));
    await darDeBaja(persona);
    return Response.json({ mensaje: mensajes.bajaHecha }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error);
  }
}

export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET", "POST");
