import type { Adaptador } from "./tipos";

/** "Text/HTML; charset=UTF-8" → "text/html". */
const tipoMime = (contentType: string | null): string | null => contentType?.split(";")[0].trim().toLowerCase() || null;

/**
 * The adapter for an answer: first one served with its content type that recognises the text
 * (and, for an agenda, the address's path), then, as servers often send a wrong type (a calendar
 * as text/plain, JSON as text/html), the first whose content it recognises, in the array's
 * order. Null when none does.
 */
export function detectarTipo(
  respuesta: { contentType: string | null; texto: string; url?: string },
  adaptadores: readonly Adaptador[],
): Adaptador | null {
  const mime = tipoMime(respuesta.contentType);
  const porTipo = mime ? adaptadores.filter((a) => a.tiposMime.includes(mime)) : [];
  const reconoce = (a: Adaptador) => a.reconoce(respuesta.texto, respuesta.url);
  return porTipo.find(reconoce) ?? adaptadores.find((a) => !porTipo.includes(a) && reconoce(a)) ?? null;
}
