import { clavesVapid } from "@/lib/avisos/push";
import { route, otrosMetodos } from "@/lib/http";

/** GET /api/push/clave → { clave }: the server's VAPID public key (base64url), for PushManager.subscribe. */
export const GET = route(async () => Response.json({ clave: (await clavesVapid()).publica }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
