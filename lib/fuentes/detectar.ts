// Placeholder with detection's signature until the adapters land.
import type { Adaptador } from "./tipos";

export function detectarTipo(
  respuesta: { contentType: string | null; texto: string },
  adaptadores: readonly Adaptador[],
): Adaptador | null {
  return adaptadores.find((a) => a.reconoce(respuesta.texto)) ?? null;
}
