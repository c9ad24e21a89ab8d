import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { call, confirmedUser, cookieDeSesionNueva } from "@/test-support/users";
import { conDatos, mensajes } from "@/lib/messages";
import { mensajesDescarga } from "../net/descarga";
import { createPrismaClient } from "@/lib/db/client";
import { aplicarRetencion } from "@/lib/tareas/retencion";
import { encolarPush } from "./cola";
import { entregarAvisos } from "./entrega";
import { MAX_DISPOSITIVOS } from "./push";
import { mensajesAvisos } from "@/lib/avisos/mensajes";

const db = () => process.env.DATABASE_URL!;
const b64url = (b: Buffer) => b.toString("base64url");

/** A browser's subscription: a P-256 public key and a 16-byte secret, at an endpoint of a local stand-in. */
function suscripcion(endpoint = `http://127.0.0.1:9/push/${randomBytes(6).toString("hex")}`) {
  const ecdh = createECDH("prime256v1");
  return { endpoint, keys: { p256dh: b64url(ecdh.generateKeys()), auth: b64url(randomBytes(16)) } };
}

const prisma = createPrismaClient(process.env.DATABASE_URL, 1);
afterAll(() => prisma.$disconnect());

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0";
const AVISO = { titulo: "Prueba", cuerpo: "Prueba", url: "https://planazo.test/", icono: "https://planazo.test/i.png" };

const cookie = async (id: string) => {
  const { name, value } = await cookieDeSesionNueva(id);
  return `${name}=${value}`;
};

describe("Web Push keys and subscriptions", () => {
  it("gives one VAPID public key, made once and kept for every instance", async () => {
    const [a, b] = await Promise.all([call("GET", "/api/push/clave"), call("GET", "/api/push/clave")]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const clave = Buffer.from(String(a.body.clave), "base64url");
    expect({ bytes: clave.length, primero: clave[0] }).toEqual({ bytes: 65, primero: 4 });
    const filas = await query<{ publica: string }>(db(), "SELECT publica FROM push_clave");
    expect(filas).toEqual([{ publica: a.body.clave }]);
  });

  it("refuses anyone without a session, and changes nothing", async () => {
    const s = suscripcion();
    for (const [metodo, body] of [
      ["POST", s],
      ["GET", undefined],
      ["DELETE", { endpoint: s.endpoint }],
    ] as const) {
      const r = await call(metodo, "/api/push/suscripciones", { body });
      expect({ metodo, status: r.status, body: r.body }).toEqual({
        metodo,
        status: 401,
        body: { mensaje: mensajes.loginNecesario },
      });
    }
    await expect(query(db(), "SELECT 1 FROM push_suscripcion WHERE endpoint = $1", [s.endpoint])).resolves.toEqual([]);
  });

  it("refuses bad keys and endpoints that are not https or point at a private network, without sending to them", async () => {
    const u = await confirmedUser();
    const s = suscripcion();
    const casos: [unknown, string][] = [
      [{ ...s, keys: { ...s.keys, p256dh: b64url(randomBytes(64)) } }, mensajesAvisos.pushClavesNoValidas],
      [
        { ...s, keys: { ...s.keys, p256dh: b64url(Buffer.concat([Buffer.from([2]), randomBytes(64)])) } },
        mensajesAvisos.pushClavesNoValidas,
      ],
      [{ ...s, keys: { ...s.keys, auth: b64url(randomBytes(15)) } }, mensajesAvisos.pushClavesNoValidas],
      [{ ...s, keys: { ...s.keys, auth: "no es base64!" } }, mensajesAvisos.pushClavesNoValidas],
      [{ endpoint: s.endpoint }, mensajesAvisos.pushClavesNoValidas],
      [{ ...s, endpoint: "http://push.example.com/x" }, mensajesAvisos.pushEndpointNoValido],
      [{ ...s, endpoint: "javascript:alert(1)" }, mensajesAvisos.pushEndpointNoValido],
      [{ ...s, endpoint: "no es una dirección" }, mensajesAvisos.pushEndpointNoValido],
      [{ ...s, endpoint: "http://127.0.0.2:9/x" }, mensajesAvisos.pushEndpointNoValido],
    ];
    for (const ip of ["10.1.2.3", "192.168.1.1", "169.254.169.254", "[::1]", "0.0.0.0", "127.0.0.1", "[fd00::1]"])
      casos.push([
        { ...s, endpoint: `https://${ip}/push/x` },
        conDatos(mensajesAvisos.pushEndpointRechazado, { motivo: mensajesDescarga.redPrivada }),
      ]);
    // A name that resolves to this machine, over https: the loopback stand-in is http://127.0.0.1 only.
    casos.push([
      { ...s, endpoint: "https://localhost/push/x" },
      conDatos(mensajesAvisos.pushEndpointRechazado, { motivo: mensajesDescarga.redPrivada }),
    ]);
    for (const [body, mensaje] of casos) {
      const r = await call("POST", "/api/push/suscripciones", { body, token: u.token });
      expect({ status: r.status, body: r.body }, JSON.stringify(body)).toEqual({ status: 400, body: { mensaje } });
    }
    await expect(query(db(), "SELECT 1 FROM push_suscripcion WHERE usuario_id = $1", [u.id])).resolves.toEqual([]);
  });

  it("keeps a device by bearer token or cookie, answers the same endpoint again alike, and moves it to another account", async () => {
    const ana = await confirmedUser("Ana");
    const berta = await confirmedUser("Berta");
    const s = suscripcion();
    const primera = await call("POST", "/api/push/suscripciones", { body: s, token: ana.token });
    expect(primera.status).toBe(201);
    expect(primera.body).toEqual({
      mensaje: mensajesAvisos.pushSuscrito,
      dispositivo: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        endpoint: s.endpoint,
        creadoEn: expect.any(String),
        navegador: null,
        sistema: null,
        ultimaEntregaEn: null,
      },
    });
    const otraVez = await call("POST", "/api/push/suscripciones", { body: s, cookie: await cookie(ana.id) });
    expect({ status: otraVez.status, body: otraVez.body }).toEqual({ status: 201, body: primera.body });
    const lista = await call("GET", "/api/push/suscripciones", { token: ana.token });
    expect(lista.body).toEqual([primera.body.dispositivo]);

    // The phone changes hands: the endpoint is Berta's now, with her keys.
    const deBerta = { ...suscripcion(s.endpoint) };
    expect((await call("POST", "/api/push/suscripciones", { body: deBerta, token: berta.token })).status).toBe(201);
    expect((await call("GET", "/api/push/suscripciones", { token: ana.token })).status).toBe(204);
    const filas = await query<{ usuario_id: string; p256dh: string }>(
      db(),
      "SELECT usuario_id, p256dh FROM push_suscripcion WHERE endpoint = $1",
      [s.endpoint],
    );
    expect(filas).toEqual([{ usuario_id: berta.id, p256dh: deBerta.keys.p256dh }]);
  });

  it(`keeps at most ${MAX_DISPOSITIVOS} devices a person, the one unused longest going first`, async () => {
    const u = await confirmedUser();
    const endpoints: string[] = [];
    for (let i = 0; i <= MAX_DISPOSITIVOS; i++) {
      const s = suscripcion();
      endpoints.push(s.endpoint);
      expect((await call("POST", "/api/push/suscripciones", { body: s, token: u.token })).status).toBe(201);
    }
    const lista = await call("GET", "/api/push/suscripciones", { token: u.token });
    expect((lista.body as unknown as { endpoint: string }[]).map((d) => d.endpoint).sort()).toEqual(
      endpoints.slice(1).sort(),
    );
  });

  it("deletes only the person's own device", async () => {
    const ana = await confirmedUser("Ana");
    const intrusa = await confirmedUser("Intrusa");
    const s = suscripcion();
    await call("POST", "/api/push/suscripciones", { body: s, token: ana.token });
    const ajena = await call("DELETE", "/api/push/suscripciones", {
      body: { endpoint: s.endpoint },
      token: intrusa.token,
    });
    expect({ status: ajena.status, body: ajena.body }).toEqual({
      status: 404,
      body: { mensaje: mensajes.recursoNoEncontrado },
    });
    await expect(query(db(), "SELECT 1 FROM push_suscripcion WHERE endpoint = $1", [s.endpoint])).resolves.toHaveLength(
      1,
    );
    const propia = await call("DELETE", "/api/push/suscripciones", {
      body: { endpoint: s.endpoint },
      token: ana.token,
    });
    expect(propia.status).toBe(204);
    await expect(query(db(), "SELECT 1 FROM push_suscripcion WHERE endpoint = $1", [s.endpoint])).resolves.toEqual([]);
  });

  it("lists each device with its browser and system, and removes one by its id, only the person's own", async () => {
    const ana = await confirmedUser("Ana");
    const intrusa = await confirmedUser("Intrusa");
    const movil = suscripcion();
    const portatil = suscripcion();
    await call("POST", "/api/push/suscripciones", {
      body: movil,
      token: ana.token,
      headers: { "User-Agent": ANDROID },
    });
    await call("POST", "/api/push/suscripciones", { body: portatil, token: ana.token, headers: { "User-Agent": MAC } });
    const lista = await call("GET", "/api/push/suscripciones", { token: ana.token });
    const dispositivos = lista.body as unknown as { id: string; endpoint: string }[];
    expect(dispositivos).toEqual([
      {
        id: expect.any(String),
        endpoint: portatil.endpoint,
        creadoEn: expect.any(String),
        navegador: "Firefox",
        sistema: "macOS",
        ultimaEntregaEn: null,
      },
      expect.objectContaining({ endpoint: movil.endpoint, navegador: "Chrome", sistema: "Android" }),
    ]);
    const idMovil = dispositivos[1].id;

    for (const [quien, ruta] of [
      [undefined, `/api/push/suscripciones/${idMovil}`],
      [intrusa.token, `/api/push/suscripciones/${idMovil}`],
      [ana.token, "/api/push/suscripciones/no-es-un-id"],
      [ana.token, `/api/push/suscripciones/${randomUUID()}`],
    ] as const) {
      const r = await call("DELETE", ruta, { token: quien });
      expect({ status: r.status, body: r.body }).toEqual(
        quien
          ? { status: 404, body: { mensaje: mensajes.recursoNoEncontrado } }
          : { status: 401, body: { mensaje: mensajes.loginNecesario } },
      );
    }
    await expect(query(db(), "SELECT 1 FROM push_suscripcion WHERE usuario_id = $1", [ana.id])).resolves.toHaveLength(
      2,
    );
    expect((await call("DELETE", `/api/push/suscripciones/${idMovil}`, { token: ana.token })).status).toBe(204);
    const quedan = await query<{ endpoint: string }>(
      db(),
      "SELECT endpoint FROM push_suscripcion WHERE usuario_id = $1",
      [ana.id],
    );
    expect(quedan).toEqual([{ endpoint: portatil.endpoint }]);
  });

  it("ends a device with the session that subscribed it: logout, a password changed, expiry", async () => {
    const ana = await confirmedUser("Ana");
    const enSesion = async (endpoint: string) =>
      (await query(db(), "SELECT 1 FROM push_suscripcion WHERE endpoint = $1", [endpoint])).length === 1;

    // Logging out of the session that subscribed the device takes it.
    const salir = await cookie(ana.id);
    const primero = suscripcion();
    expect((await call("POST", "/api/push/suscripciones", { body: primero, cookie: salir })).status).toBe(201);
    expect((await call("POST", "/api/usuario/logout", { cookie: salir })).status).toBe(200);
    expect(await enSesion(primero.endpoint)).toBe(false);

    // A password changed in one session ends the others, and their devices with them.
    const otra = await cookie(ana.id);
    const segundo = suscripcion();
    const propio = suscripcion();
    await call("POST", "/api/push/suscripciones", { body: segundo, cookie: otra });
    await call("POST", "/api/push/suscripciones", { body: propio, token: ana.token });
    const cambio = await call("PATCH", "/api/usuario/cambiar-datos", {
      token: ana.token,
      body: { passwordPerfilActual: ana.password, passwordPerfilNueva: "otra-clave-1" },
    });
    expect(cambio.status).toBe(200);
    expect({ segundo: await enSesion(segundo.endpoint), propio: await enSesion(propio.endpoint) }).toEqual({
      segundo: false,
      propio: true,
    });

    // An expired session's device is not listed, and nothing queued for it is sent or queued anew.
    const [{ id: clave }] = await query<{ id: string }>(db(), "SELECT gen_random_uuid()::text AS id");
    expect(await encolarPush(prisma, [ana.id], `prueba:${clave}`, AVISO)).toBe(1);
    const nueva = await cookie(ana.id);
    const porCorreo = async () =>
      ((await call("GET", "/api/usuario/avisos", { cookie: nueva })).body as { publicaciones: { correo: boolean } })
        .publicaciones.correo;
    expect(await porCorreo()).toBe(false);
    await query(db(), "UPDATE sesion SET expires_at = now() - interval '1 second' WHERE token = $1", [ana.token]);
    expect((await call("GET", "/api/push/suscripciones", { cookie: nueva })).status).toBe(204);
    // The choice that follows the devices sees it go: a followed organization's plans by e-mail again.
    expect(await porCorreo()).toBe(true);
    expect(await encolarPush(prisma, [ana.id], `prueba:otra:${clave}`, AVISO)).toBe(0);
    await entregarAvisos(prisma);
    const [envio] = await query(db(), "SELECT intentos, enviado_en, reservado_hasta FROM push_envio WHERE clave = $1", [
      `prueba:${clave}`,
    ]);
    expect(envio).toEqual({ intentos: 0, enviado_en: null, reservado_hasta: null });

    // The retention run sweeps the expired session, and the device with it.
    expect((await aplicarRetencion(prisma)).sesionesCaducadas).toBeGreaterThanOrEqual(1);
    expect(await enSesion(propio.endpoint)).toBe(false);
  });
});
