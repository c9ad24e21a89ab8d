import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db";
import { variantUrl } from "@/lib/media/variant-url";
import { aplicarRetencion } from "@/lib/tareas/retencion";
import { mensajes } from "@/lib/messages";
import { planPath } from "@/lib/plans/plan";
import { query } from "@/test-support/database";
import { camposEvento, enviarFormulario, formulario, png } from "@/test-support/forms";
import { peticion } from "@/test-support/hostile";
import { storageListing } from "@/test-support/snapshot";
import { call, confirmedUser } from "@/test-support/users";
import { appUrl, worker } from "@/test-support/worker";

const db = () => process.env.DATABASE_URL!;
const DIA = 86_400_000;
const RUTA = "/api/plan/cartel-temporal";

type Usuario = Awaited<ReturnType<typeof confirmedUser>>;
interface CartelTemporal {
  _id: string;
  urlArchivoTemporal: string;
  nombre: string;
  caducaEn: string;
}

const archivoPng = async (nombre = "cartel.png", ancho = 300, alto = 420) => ({
  bytes: await png(ancho, alto),
  nombre,
});

async function subir(u: Usuario, archivo?: { bytes: Buffer; nombre: string; tipo?: string }) {
  return enviarFormulario("POST", RUTA, formulario({ archivoCartel: archivo ?? (await archivoPng()) }), u.token);
}

async function subido(u: Usuario): Promise<CartelTemporal> {
  const r = await subir(u);
  expect(r.status).toBe(201);
  return r.body as unknown as CartelTemporal;
}

const publicar = (u: Usuario, extra: Record<string, string | { bytes: Buffer; nombre: string }>) =>
  enviarFormulario("POST", "/api/plan", formulario({ ...camposEvento(), ...extra }), u.token);

const variantes = async (archivoId: string) =>
  (
    await query<{ variantes: Record<string, string> }>(db(), "SELECT variantes FROM archivo WHERE id = $1", [archivoId])
  )[0]?.variantes;

const enDisco = (key: string) => existsSync(path.join(worker().storageDir, key));

const temporales = async (usuarioId: string) =>
  (
    await query<{ archivo_id: string }>(
      db(),
      "SELECT archivo_id::text FROM cartel_temporal WHERE usuario_id = $1 ORDER BY creado_en",
      [usuarioId],
    )
  ).map((r) => r.archivo_id);

const planesDe = async (usuarioId: string) =>
  (await query<{ n: number }>(db(), "SELECT count(*)::int AS n FROM plan WHERE usuario_id = $1", [usuarioId]))[0].n;

/** Rows and files that a refused call must leave as they were. */
async function huella() {
  const [filas] = await query<{ archivos: number; temporales: number; planes: number }>(
    db(),
    "SELECT (SELECT count(*) FROM archivo)::int AS archivos, (SELECT count(*) FROM cartel_temporal)::int AS temporales, (SELECT count(*) FROM plan)::int AS planes",
  );
  return { ...filas, disco: await storageListing(worker().storageDir) };
}

describe("POST /api/plan/cartel-temporal: the wizard's poster, stored as soon as it is chosen", () => {
  it("stores the poster through the posters' pipeline as the person's, for a week, and answers its id and URL", async () => {
    const u = await confirmedUser();
    const antes = Date.now();
    const r = await subir(u, await archivoPng("Cartel fiestas.png"));
    expect(r.status).toBe(201);
    const t = r.body as unknown as CartelTemporal;
    expect(Object.keys(t).sort()).toEqual(["_id", "caducaEn", "nombre", "urlArchivoTemporal"]);
    expect(t.nombre).toBe("Cartel fiestas.png");
    expect(new URL(t.urlArchivoTemporal).origin).toBe(appUrl());
    const caduca = Date.parse(t.caducaEn);
    expect(caduca).toBeGreaterThanOrEqual(antes + 7 * DIA - 5_000);
    expect(caduca).toBeLessThanOrEqual(Date.now() + 7 * DIA + 5_000);
    // Re-encoded like any poster: the variants are on disk and served.
    const img = await fetch(`${appUrl()}${new URL(t.urlArchivoTemporal).pathname}`);
    expect([img.status, img.headers.get("content-type")]).toEqual([200, "image/webp"]);
    const keys = Object.values((await variantes(t._id))!);
    expect(keys).toHaveLength(4);
    for (const k of keys) expect(enDisco(k), k).toBe(true);
    await expect(temporales(u.id)).resolves.toEqual([t._id]);
  });

  it("refuses a visitor without a session, a file that is not PNG or JPEG, one above 10 MB, none at all and another site, storing nothing", async () => {
    const u = await confirmedUser();
    const antes = await huella();
    const anonima = await enviarFormulario("POST", RUTA, formulario({ archivoCartel: await archivoPng() }));
    expect(anonima).toEqual({ status: 401, body: { mensaje: mensajes.loginNecesario } });
    const inventado = await enviarFormulario(
      "POST",
      RUTA,
      formulario({ archivoCartel: await archivoPng() }),
      "token-inventado",
    );
    expect(inventado).toEqual({ status: 401, body: { mensaje: mensajes.loginNecesario } });
    const texto = { bytes: Buffer.from("esto no es una imagen, aunque se llame .png"), nombre: "cartel.png" };
    expect(await subir(u, texto)).toEqual({ status: 415, body: { mensaje: mensajes.imagenTipo } });
    const gif = {
      bytes: Buffer.from(
        "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
        "latin1",
      ),
      nombre: "cartel.gif",
      tipo: "image/gif",
    };
    expect(await subir(u, gif)).toEqual({ status: 415, body: { mensaje: mensajes.imagenTipo } });
    const grande = { bytes: Buffer.concat([await png(), Buffer.alloc(11 * 1024 * 1024)]), nombre: "enorme.png" };
    expect(await subir(u, grande)).toEqual({ status: 413, body: { mensaje: mensajes.imagenGrande } });
    expect(await enviarFormulario("POST", RUTA, formulario({ titulo: "sin cartel" }), u.token)).toEqual({
      status: 400,
      body: { mensaje: mensajes.cartelObligatorio },
    });
    const ajeno = await peticion("POST", RUTA, {
      token: u.token,
      origin: "https://otro-sitio.example",
      cuerpo: { form: formulario({ archivoCartel: await archivoPng() }) },
    });
    expect([ajeno.status, ajeno.body]).toEqual([403, { mensaje: mensajes.origenNoPermitido }]);
    expect(await huella()).toEqual(antes);
  });

  it("keeps at most ten per person: choosing poster after poster removes the oldest, rows and files", async () => {
    const u = await confirmedUser();
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await subido(u))._id);
    const primero = await query<{ variantes: Record<string, string> }>(
      db(),
      "SELECT variantes FROM archivo WHERE id = $1",
      [ids[0]],
    );
    expect(primero).toEqual([]);
    await expect(temporales(u.id)).resolves.toEqual(ids.slice(1));
    const ficheros = await storageListing(worker().storageDir);
    expect(ficheros.some((f) => f.includes(ids[0]))).toBe(false);
  }, 60_000);
});

describe("POST /api/plan with a poster stored in advance", () => {
  it("publishes with the person's own temporary poster: the plan takes that very poster, which stops being temporary", async () => {
    const u = await confirmedUser();
    const t = await subido(u);
    const r = await publicar(u, { archivoTemporalId: t._id });
    expect(r.status).toBe(201);
    const plan = r.body.plan as { _id: string; archivoCartel: { url: string; nombre: string; width: number } };
    expect(plan.archivoCartel).toMatchObject({ url: t.urlArchivoTemporal, nombre: "cartel.png", width: 300 });
    await expect(
      query(db(), "SELECT archivo_cartel_id::text AS id FROM plan WHERE id = $1", [plan._id]),
    ).resolves.toEqual([{ id: t._id }]);
    await expect(temporales(u.id)).resolves.toEqual([]);
    for (const k of Object.values((await variantes(t._id))!)) expect(enDisco(k), k).toBe(true);
    // Its page shows it.
    const pagina = await (await fetch(`${appUrl()}${planPath("Verbena de las fiestas", plan._id)}`)).text();
    expect(pagina).toContain(variantUrl(t.urlArchivoTemporal, "detalle"));

    // Used once: a second plan with it is refused, and nothing is created.
    const antes = await huella();
    expect(await publicar(u, { archivoTemporalId: t._id })).toEqual({
      status: 400,
      body: { mensaje: mensajes.cartelTemporalCaducado },
    });
    expect(await huella()).toEqual(antes);
  });

  it("refuses another person's temporary poster, an expired one and a made-up id, creating nothing and keeping the poster", async () => {
    const duena = await confirmedUser("Dueña del cartel");
    const otra = await confirmedUser("Otra persona");
    const t = await subido(duena);
    const antes = await huella();
    expect(await publicar(otra, { archivoTemporalId: t._id })).toEqual({
      status: 403,
      body: { mensaje: mensajes.cartelTemporalAjeno },
    });
    expect(await publicar(otra, { archivoTemporalId: "no-es-un-id" })).toEqual({
      status: 400,
      body: { mensaje: mensajes.cartelTemporalCaducado },
    });
    expect(await publicar(otra, { archivoTemporalId: "0b7c6f2e-8a51-4f0e-9d3c-5f1e2a3b4c5d" })).toEqual({
      status: 400,
      body: { mensaje: mensajes.cartelTemporalCaducado },
    });
    // The rules of spec §5 still come first: a missing title is said before the poster is looked at.
    expect(await publicar(otra, { archivoTemporalId: t._id, titulo: "" })).toEqual({
      status: 400,
      body: { mensaje: mensajes.todosObligatorios },
    });
    await query(
      db(),
      "UPDATE cartel_temporal SET creado_en = now() - interval '7 days 1 minute' WHERE archivo_id = $1",
      [t._id],
    );
    expect(await publicar(duena, { archivoTemporalId: t._id })).toEqual({
      status: 400,
      body: { mensaje: mensajes.cartelTemporalCaducado },
    });
    expect(await huella()).toEqual(antes);
    await expect(planesDe(duena.id)).resolves.toBe(0);
    await expect(planesDe(otra.id)).resolves.toBe(0);
    await expect(temporales(duena.id)).resolves.toEqual([t._id]);
  });

  it("still takes the file itself (the mobile apps), which wins over a temporary reference sent with it", async () => {
    const u = await confirmedUser();
    const t = await subido(u);
    const r = await publicar(u, { archivoTemporalId: t._id, archivoCartel: await archivoPng("movil.png", 64, 48) });
    expect(r.status).toBe(201);
    expect((r.body.plan as { archivoCartel: { nombre: string; width: number } }).archivoCartel).toMatchObject({
      nombre: "movil.png",
      width: 64,
    });
    await expect(temporales(u.id)).resolves.toEqual([t._id]);
  });

  it("goes with the account: deleting it removes its temporary posters and their files", async () => {
    const u = await confirmedUser();
    const t = await subido(u);
    const keys = Object.values((await variantes(t._id))!);
    expect((await call("DELETE", "/api/usuario", { token: u.token })).status).toBe(200);
    await expect(variantes(t._id)).resolves.toBeUndefined();
    for (const k of keys) expect(enDisco(k), k).toBe(false);
  });
});

describe("npm run retencion and the temporary posters", () => {
  it("deletes the posters never published after 7 days, rows and files, and keeps newer ones and any a plan uses", async () => {
    const u = await confirmedUser();
    const viejo = await subido(u);
    const reciente = await subido(u);
    const publicado = await subido(u);
    const r = await publicar(u, { archivoTemporalId: publicado._id });
    expect(r.status).toBe(201);
    // A row pointing at a plan's poster (never made by the app) must not cost the plan its poster.
    await query(
      db(),
      "INSERT INTO cartel_temporal (archivo_id, usuario_id, creado_en) VALUES ($1, $2, now() - interval '30 days')",
      [publicado._id, u.id],
    );
    await query(db(), "UPDATE cartel_temporal SET creado_en = now() - interval '8 days' WHERE archivo_id = $1", [
      viejo._id,
    ]);
    const keysViejo = Object.values((await variantes(viejo._id))!);

    // The daily retention (`npm run retencion`, whose command line contactos.test.ts runs).
    expect((await aplicarRetencion(prisma)).cartelesTemporales).toBeGreaterThanOrEqual(1);
    await expect(variantes(viejo._id)).resolves.toBeUndefined();
    for (const k of keysViejo) expect(enDisco(k), k).toBe(false);
    await expect(temporales(u.id)).resolves.toEqual([reciente._id]);
    for (const k of Object.values((await variantes(reciente._id))!)) expect(enDisco(k), k).toBe(true);
    const [plan] = await query<{ cartel: string }>(
      db(),
      "SELECT archivo_cartel_id::text AS cartel FROM plan WHERE id = $1",
      [(r.body.plan as { _id: string })._id],
    );
    expect(plan.cartel).toBe(publicado._id);
    for (const k of Object.values((await variantes(publicado._id))!)) expect(enDisco(k), k).toBe(true);

    // Idempotent: nothing more to delete.
    expect((await aplicarRetencion(prisma)).cartelesTemporales).toBe(0);
  }, 60_000);
});
