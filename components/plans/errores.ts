import { mensajeDe, type Respuesta } from "@/components/account/api";

/** Spec §8: the server's mensaje when it answered, otherwise the call's own fallback. */
export function mensajeDeError(r: Respuesta, fallback: string): string {
  return r.status === 0 ? fallback : mensajeDe(r, fallback);
}
