import { camposEvento, formulario, png } from "../../test-support/forms";
import { call, freshIp, linkFromOutbox, tokenOf, uniqueEmail } from "../../test-support/users";

/*
 * For scripts that drive app instances at given addresses, on top of the test helpers (whose
 * `call` takes the instance as `base`). The outbox helpers read process.env.DATABASE_URL: point
 * it at the app's database first.
 */

/** The `Cookie` header that sends back the cookies a response set. */
export const cookieHeader = (setCookie: string[]) => setCookie.map((c) => c.split(";")[0]).join("; ");

export interface Cuenta {
  id: string;
  correo: string;
  password: string;
  token: string;
  cookie: string;
}

/** Registers on `registro`, confirms the e-mail link on `confirmacion`, and logs in on `login`. */
export async function cuentaConfirmada({ registro, confirmacion = registro, login = registro }: { registro: string; confirmacion?: string; login?: string }): Promise<Cuenta> {
  const correo = uniqueEmail("carga");
  const password = "contraseña-de-carga";
  const reg = await call("POST", "/api/usuario/register", { base: registro, body: { nombre: "Prueba de carga", correo, password } });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const ok = await call("GET", `/api/usuario/confirmar-cuenta/${tokenOf(await linkFromOutbox(correo, "/confirmar-cuenta/"))}`, { base: confirmacion });
  if (ok.status !== 200) throw new Error(`confirm: ${ok.status} ${JSON.stringify(ok.body)}`);
  return { ...(await iniciarSesion(login, correo, password)), correo, password };
}

export async function iniciarSesion(base: string, correo: string, password: string): Promise<{ id: string; token: string; cookie: string }> {
  const r = await call("POST", "/api/usuario/login", { base, body: { correo, password } });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: (r.body.usuario as { _id: string })._id, token: r.body.token as string, cookie: cookieHeader(r.setCookie) };
}

let cartel: Buffer | undefined;

/**
 * POST /api/plan: an event with a poster at the given place, titled `titulo`. Gives up after
 * 30 s (a hung request is what the fault test looks for) and reads any answer, JSON or not.
 */
export async function publicarPlan(
  base: string,
  token: string,
  { titulo, municipio, lat, lng }: { titulo: string; municipio: string; lat: number; lng: number },
): Promise<{ status: number; body: Record<string, unknown> }> {
  cartel ??= await png(800, 600);
  const form = formulario({
    ...camposEvento(),
    titulo,
    direccion: `Plaza Mayor, 1, ${municipio}`,
    municipio,
    ubicacion: JSON.stringify({ type: "Point", coordinates: [lng, lat] }),
    archivoCartel: { bytes: cartel, nombre: "cartel.png" },
  });
  const res = await fetch(`${base}/api/plan`, {
    method: "POST",
    body: form,
    headers: { "X-Forwarded-For": freshIp(), Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  } catch {
    return { status: res.status, body: { texto: text.slice(0, 200) } };
  }
}
