import { otrosMetodos } from "@/lib/http";
import { responderFederacion } from "@/lib/federacion/rutas";

export const dynamic = "force-dynamic";

/** What software this server runs and speaks, for other servers (NodeInfo 2.1). */
export const GET = responderFederacion;

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos("GET");
