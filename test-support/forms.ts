import type { Locator } from "playwright-core";
import sharp from "sharp";
import { fechaVisible } from "@/lib/dates";
import { freshOrigin } from "./plans";
import { freshIp } from "./users";
import { appUrl } from "./worker";

/** A real PNG of the given size. */
export function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3b82f6" } })
    .png()
    .toBuffer();
}

/** Builds a multipart form from fields; Buffers become files named `nombre`. */
export function formulario(
  campos: Record<string, string | { bytes: Buffer; nombre: string; tipo?: string } | undefined>,
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) {
    if (v === undefined) continue;
    if (typeof v === "string") form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.tipo ?? "image/png" }), v.nombre);
  }
  return form;
}

/** The fields of a valid event for POST /api/plan (2 days ahead, 5 hours long), without a poster. */
export function camposEvento(): Record<string, string> {
  const inicio = new Date(Date.now() + 2 * 86_400_000);
  return {
    titulo: "Verbena de las fiestas",
    descripcion: "Con **orquesta**",
    tipo: "evento",
    categorias: "Fiesta,Fiestas de pueblo",
    direccion: "Plaza Mayor, 1, Albarracín",
    municipio: "Albarracín",
    ubicacion: JSON.stringify({ type: "Point", coordinates: [-1.4443, 40.4079] }),
    fechaInicio: inicio.toISOString(),
    fechaFin: new Date(inicio.getTime() + 5 * 3_600_000).toISOString(),
    precio: "12.50",
    emailContacto: "fiestas@example.com",
    telefonoContacto: "600 000 111",
  };
}

/** The fields of a valid organization for POST /api/organizacion, without a logo. */
export function camposOrganizacion(): Record<string, string> {
  return {
    nombre: "Peña El Cierzo",
    direccion: "Calle Mayor 3",
    emailContacto: "pena@example.com",
    telefonoContacto: "600 000 222",
    descripcion: "Peña de **amigos**",
  };
}

/** A multipart call to the running app (or to another instance at `base`), with the cookies it set. */
export async function enviarFormularioConCookies(
  metodo: string,
  ruta: string,
  form: FormData,
  token?: string,
  base = appUrl(),
  cabeceras: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; setCookie: string[] }> {
  const res = await fetch(`${base}${ruta}`, {
    method: metodo,
    body: form,
    headers: { "X-Forwarded-For": freshIp(), ...(token ? { Authorization: `Bearer ${token}` } : {}), ...cabeceras },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, setCookie: res.headers.getSetCookie() };
}

/** The same call's status and body: what most tests compare whole. */
export async function enviarFormulario(
  ...args: Parameters<typeof enviarFormularioConCookies>
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { status, body } = await enviarFormularioConCookies(...args);
  return { status, body };
}

/**
 * Types a date into a plan's date picker as a person does, dd/MM/yyyy HH:mm, from a picker value
 * 'yyyy-MM-ddTHH:mm' ('' leaves it empty).
 */
export async function escribirFecha(campo: Locator, valor: string): Promise<void> {
  await campo.fill("");
  if (valor) await campo.pressSequentially(fechaVisible(valor));
}

/**
 * An event published through the API by `token`'s owner at a point of its own (freshOrigin),
 * with a poster and the description "Primera versión" (and `extra` fields, e.g. its
 * organizacionId): its id and its page's path.
 */
export async function publicarEvento(
  token: string,
  titulo: string,
  extra: Record<string, string> = {},
): Promise<{ id: string; ruta: string }> {
  const origin = await freshOrigin();
  const res = await enviarFormulario(
    "POST",
    "/api/plan",
    formulario({
      ...camposEvento(),
      titulo,
      descripcion: "Primera versión",
      ...extra,
      archivoCartel: { bytes: await png(), nombre: "cartel.png" },
      ubicacion: JSON.stringify({ type: "Point", coordinates: [origin.lng, origin.lat] }),
    }),
    token,
  );
  if (res.status !== 201) throw new Error(`publishing answered ${res.status}: ${JSON.stringify(res.body)}`);
  const plan = res.body.plan as { _id: string; urlPlan: string };
  return { id: plan._id, ruta: new URL(plan.urlPlan).pathname };
}
