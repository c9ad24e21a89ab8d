import { CACHE_GUARDADOS, claveSinConexion, type PlanSinConexion } from "@/lib/app-instalable/sin-conexion";

/** Whether this browser keeps things for the service worker (not in an insecure context, nor in old browsers). */
const hayCache = () => typeof window !== "undefined" && "caches" in window;

/** Keeps (guardado) or forgets a saved plan's card for the offline page. Failures are silent: it is a convenience. */
export async function recordarSinConexion(planId: string, plan: PlanSinConexion, guardado: boolean): Promise<void> {
  if (!hayCache()) return;
  try {
    const cache = await caches.open(CACHE_GUARDADOS);
    if (guardado)
      await cache.put(
        claveSinConexion(planId),
        new Response(JSON.stringify(plan), { headers: { "Content-Type": "application/json" } }),
      );
    else await cache.delete(claveSinConexion(planId));
  } catch {
    // Storage full or refused: the offline page just lists fewer plans.
  }
}

/** Forgets every saved plan kept for the offline page (logging out). */
export async function olvidarSinConexion(): Promise<void> {
  if (!hayCache()) return;
  try {
    await caches.delete(CACHE_GUARDADOS);
  } catch {
    // Nothing kept.
  }
}
