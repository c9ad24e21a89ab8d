// The browser's side of notifications: client-safe, for the profile's "Activar avisos".
import { llamar, mensajeDe } from "./api";

export type EstadoPush = "cargando" | "sinSoporte" | "bloqueado" | "inactivo" | "activo";

const soportado = () =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/**
 * This device's state, without asking anything: the permission is only requested on a tap. A
 * subscription the browser has is given to the server again, so it is this person's (another may
 * have used this browser before, or the server may have dropped it).
 */
export async function estadoPush(): Promise<EstadoPush> {
  if (!soportado()) return "sinSoporte";
  if (Notification.permission === "denied") return "bloqueado";
  if (Notification.permission !== "granted") return "inactivo";
  const registro = await navigator.serviceWorker.getRegistration();
  const suscripcion = await registro?.pushManager.getSubscription();
  if (!suscripcion) return "inactivo";
  const r = await llamar("POST", "/api/push/suscripciones", suscripcion.toJSON());
  return r.ok ? "activo" : "inactivo";
}

/** The endpoint of this browser's subscription, or null. */
export async function endpointActual(): Promise<string | null> {
  if (!soportado()) return null;
  const registro = await navigator.serviceWorker.getRegistration();
  return (await registro?.pushManager.getSubscription())?.endpoint ?? null;
}

/** A base64url key as the bytes pushManager.subscribe takes. */
function bytes(clave: string): Uint8Array<ArrayBuffer> {
  const b64 = clave.replace(/-/g, "+").replace(/_/g, "/");
  const texto = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(texto, (c) => c.charCodeAt(0));
}

/**
 * Asks the browser's permission (only ever from a tap), subscribes this device with the
 * server's key and gives the subscription to the server. Answers the new state and what to say
 * (`error`, in the page's language, when the server gives no reason).
 */
export async function activarPush(error: string): Promise<{ estado: EstadoPush; error?: string; exito?: string }> {
  if (!soportado()) return { estado: "sinSoporte" };
  const permiso = await Notification.requestPermission();
  if (permiso === "denied") return { estado: "bloqueado" };
  if (permiso !== "granted") return { estado: "inactivo" };
  try {
    const registro = await navigator.serviceWorker.ready;
    const clave = await llamar<{ clave: string }>("GET", "/api/push/clave");
    if (!clave.ok) return { estado: "inactivo", error: mensajeDe(clave, error) };
    const suscripcion =
      (await registro.pushManager.getSubscription()) ??
      (await registro.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(clave.data.clave) }));
    const r = await llamar("POST", "/api/push/suscripciones", suscripcion.toJSON());
    if (!r.ok) {
      await suscripcion.unsubscribe();
      return { estado: "inactivo", error: mensajeDe(r, error) };
    }
    return { estado: "activo", exito: mensajeDe(r, error) };
  } catch {
    return { estado: "inactivo", error };
  }
}

/** Logging out: this device's notifications stop (failures are silent: the session is ending). */
export async function olvidarPush(): Promise<void> {
  if (!soportado()) return;
  try {
    const suscripcion = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
    if (!suscripcion) return;
    // The server's copy goes with the session (or went with the account); the browser's, always.
    await llamar("DELETE", "/api/push/suscripciones", { endpoint: suscripcion.endpoint });
    await suscripcion.unsubscribe();
  } catch {
    // No worker or no subscription: nothing to forget.
  }
}

/**
 * This device stops taking notifications: at the push service and on the server. What to say, in
 * the page's language: `hecho` when done, `error` when the server gives no reason.
 */
export async function desactivarPush(textos: {
  hecho: string;
  error: string;
}): Promise<{ estado: EstadoPush; error?: string; exito?: string }> {
  const registro = await navigator.serviceWorker.getRegistration();
  const suscripcion = await registro?.pushManager.getSubscription();
  if (suscripcion) {
    const r = await llamar("DELETE", "/api/push/suscripciones", { endpoint: suscripcion.endpoint });
    if (!r.ok && r.status !== 404) return { estado: "activo", error: mensajeDe(r, textos.error) };
    await suscripcion.unsubscribe();
  }
  return { estado: "inactivo", exito: textos.hecho };
}
