import { responderFederacion } from "@/lib/federacion/rutas";

export const dynamic = "force-dynamic";

/** What software this server runs and speaks, for other servers (NodeInfo 2.1). */
export const GET = responderFederacion;
