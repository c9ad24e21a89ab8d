import { createECDH, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { query } from "@/test-support/database";
import { call, confirmedUser, cookieDeSesionNueva } from "@/test-support/users";
import { conDatos, mensajes } from "@/lib/messages";
import { mensajesDescarga } from "../net/descarga";
import { MAX_DISPOSITIVOS } from "./push";
import { mensajesAvisos } from "@/lib/avisos/mensajes";

const db = () => process.env.DATABASE_URL!;
const b64url = (b: Buffer) => b.toString("base64url");

/** A browser's subscription: a P-256 public key and a 16-byte secret, at an endpoint of a local stand-in. */
function suscripcion(endpoint = `http://127.0.0.1:9/push/${randomBytes(6).toString("hex")}`) {
  const ecdh = createECDH("prime256v1");
  return { endpoint, keys: { p256dh: b64url(ecdh.generateKeys()), auth: b64url(randomBytes(16)) } };
}

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
      dispositivo: { endpoint: s.endpoint, creadoEn: expect.any(String) },
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
});
