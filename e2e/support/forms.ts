import sharp from "sharp";
import { inject } from "vitest";
import { freshIp } from "./users";

/** A real PNG of the given size. */
export function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3b82f6" } }).png().toBuffer();
}

/** Builds a multipart form from fields; Buffers become files named `nombre`. */
export function formulario(campos: Record<string, string | { bytes: Buffer; nombre: string; tipo?: string } | undefined>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) {
    if (v === undefined) continue;
    if (typeof v === "string") form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.tipo ?? "image/png" }), v.nombre);
  }
  return form;
}

/** A multipart call to the running app (or to another instance at `base`). */
export async function enviarFormulario(
  metodo: string,
  ruta: string,
  form: FormData,
  token?: string,
  base = inject("baseUrl"),
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${ruta}`, {
    method: metodo,
    body: form,
    headers: { "X-Forwarded-For": freshIp(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}
