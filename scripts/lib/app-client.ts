import { camposEvento, formulario, png } from "../../test-support/forms";
import { freshIp } from "../../test-support/users";

/*
 * For scripts that drive an app instance at a given address, on top of the test helpers (whose
 * `call` and `confirmedUser` take the instance as `base`). The outbox helpers read
 * process.env.DATABASE_URL: point it at the app's database first.
 */

let cartel: Buffer | undefined;

/**
 * POST /api/plan: an event with a poster at the given place, titled `titulo`. Gives up after
 * 30 s (a hung request is what the fault test looks for) and reads any answer, JSON or not.
 */
export async function publicarPlan(
  base: string,
  token: string,
  {
    titulo,
    municipio,
    lat,
    lng,
    organizacionId,
  }: { titulo: string; organizacionId?: string } & (
    | { municipio: string; lat: number; lng: number }
    // camposEvento's town and point
    | { municipio?: undefined; lat?: undefined; lng?: undefined }
  ),
): Promise<{ status: number; body: Record<string, unknown> }> {
  cartel ??= await png(800, 600);
  const form = formulario({
    ...camposEvento(),
    titulo,
    ...(municipio !== undefined && {
      direccion: `Plaza Mayor, 1, ${municipio}`,
      municipio,
      ubicacion: JSON.stringify({ type: "Point", coordinates: [lng, lat] }),
    }),
    organizacionId,
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
