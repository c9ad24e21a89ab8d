import { otrosMetodos } from "@/lib/http";
import { responderFederacion } from "@/lib/federacion/rutas";

export const dynamic = "force-dynamic";

/** Our actors, their inboxes and followers (lib/federacion). */
export const GET = responderFederacion;
export const POST = responderFederacion;

export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET", "POST");
