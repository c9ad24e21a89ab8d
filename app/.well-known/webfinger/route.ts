import { otrosMetodos } from "@/lib/http";
import { responderFederacion } from "@/lib/federacion/rutas";

export const dynamic = "force-dynamic";

/** acct:vinuesa@host → the town's actor (lib/federacion). */
export const GET = responderFederacion;

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
