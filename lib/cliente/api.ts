// The browser's client of our API: client-safe (no server imports), shared by every component that calls it.
import { CABECERA_IDIOMA, IDIOMA_POR_DEFECTO } from "@/lib/idiomas";

/** The page's language (the root layout's <html lang>), for the server's error messages. */
function idiomaDelDocumento(): Record<string, string> {
  const idioma = typeof document === "undefined" ? IDIOMA_POR_DEFECTO : document.documentElement.lang;
  return idioma && idioma !== IDIOMA_POR_DEFECTO ? { [CABECERA_IDIOMA]: idioma } : {};
}

export interface Respuesta<T = Record<string, unknown>> {
  ok: boolean;
  status: number;
  data: T & { mensaje?: string };
}

/**
 * A call to our API from the browser (the session travels in its httpOnly cookie): JSON, or
 * multipart when the body is a FormData (posters, logos). A network failure answers status 0
 * instead of throwing.
 */
export async function llamar<T = Record<string, unknown>>(
  metodo: string,
  ruta: string,
  cuerpo?: unknown,
): Promise<Respuesta<T>> {
  const multipart = cuerpo instanceof FormData;
  try {
    const res = await fetch(ruta, {
      method: metodo,
      headers: {
        ...(cuerpo === undefined || multipart ? {} : { "Content-Type": "application/json" }),
        ...idiomaDelDocumento(),
      },
      body: cuerpo === undefined ? undefined : multipart ? cuerpo : JSON.stringify(cuerpo),
      credentials: "same-origin",
    });
    const text = await res.text();
    const data = (text ? JSON.parse(text) : {}) as T & { mensaje?: string };
    return { ok: res.ok, status: res.status, data };
  } catch {
    // No answer at all (status 0): no server message, so mensajeDe gives the call's fallback.
    return { ok: false, status: 0, data: {} as T & { mensaje?: string } };
  }
}

/** Spec §8: the server's message, or the call's own fallback (general.errorInesperado for user calls), in the page's language. */
export function mensajeDe(r: Respuesta, fallback: string): string {
  return r.data.mensaje ?? fallback;
}
