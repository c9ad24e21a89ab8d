import http from "node:http";
import type { AddressInfo } from "node:net";
import webpush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { iniciarServicioPush, type ServicioPush, type SuscripcionDePrueba } from "@/test-support/servicio-push";
import { conDatos } from "@/lib/con-datos";
import { enviar, mensajesDescarga, type Resolver } from "../net/descarga";
import { site } from "@/lib/site";
import { clavesVapid } from "./push";
import { MAX_BYTES_AVISO, cargaDe, enviarPush, type AvisoPush } from "./envio";

// Every message goes to the push service stand-in on 127.0.0.1, which verifies the VAPID JWT and
// decrypts the payload as a real one does. The `conectar` spy throws before any connection
// outside 127.0.0.0/8, so a broken address check could never reach another machine.

type Conectar = (host: string, port: number, address: string, family: 4 | 6) => void;
let conectar: Mock<Conectar>;
let servicio: ServicioPush;

beforeAll(async () => {
  servicio = await iniciarServicioPush();
});

afterAll(async () => {
  await servicio.cerrar();
});

beforeEach(() => {
  servicio.recibidos.length = 0;
  servicio.rechazos.length = 0;
  servicio.retraso = 0;
  servicio.fallar(0);
  conectar = vi.fn<Conectar>((_host, _port, address) => {
    if (!/^127\./.test(address)) throw new Error(`connection to ${address} outside 127.0.0.0/8`);
  });
});

const aviso: AvisoPush = {
  titulo: "Mañana: Concierto de jazz en la plaza",
  cuerpo: "Sábado a las 20:00 en Alcalá de Henares 🎷",
  url: "/plan/concierto-de-jazz-en-la-plaza",
  icono: "/icono/192.png",
};

const dispositivo = (s: SuscripcionDePrueba) => ({ endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });
const local = () => ({ permitirLoopback: true, conectar });

/** A resolver that knows a few names and nothing else (never the system's DNS). */
function resolverDe(nombres: Record<string, string>) {
  return vi.fn<Resolver>(async (host) => {
    const address = nombres[host];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return [{ address, family: address.includes(":") ? 6 : 4 }];
  });
}

describe("enviarPush", () => {
  it("delivers an aviso that the push service verifies and decrypts, with its TTL and Topic", async () => {
    const s = servicio.nuevaSuscripcion();
    const resultado = await enviarPush(dispositivo(s), aviso, { ...local(), tema: "plan-42-manana" });
    expect(resultado).toEqual({ resultado: "entregado", estado: 201 });
    await enviarPush(dispositivo(s), aviso, { ...local(), ttl: 60 });

    const ahora = Math.floor(Date.now() / 1000);
    expect(servicio.rechazos).toEqual([]);
    expect(servicio.recibidos).toHaveLength(2);
    const [primero, segundo] = servicio.recibidos;
    expect(primero).toMatchObject({ id: s.id, carga: aviso, tema: "plan-42-manana", ttl: 86_400, urgencia: "normal" });
    expect(segundo).toMatchObject({ carga: aviso, tema: null, ttl: 60 });
    expect(primero!.jwt).toMatchObject({
      aud: servicio.origen,
      sub: `mailto:${site().contacto}`,
      clave: (await clavesVapid()).publica,
    });
    expect(primero!.jwt.exp - ahora).toBeGreaterThan(11 * 3600);
    expect(primero!.jwt.exp - ahora).toBeLessThanOrEqual(12 * 3600);
    // One signed JWT for the push service, not one per message (ECDSA signatures differ each time).
    expect(segundo!.jwt.token).toBe(primero!.jwt.token);
    expect(conectar).toHaveBeenCalledWith("127.0.0.1", expect.any(Number), "127.0.0.1", 4);
  });

  it("says which answers mean gone, try again later, or never", async () => {
    const s = servicio.nuevaSuscripcion();
    servicio.caducar(s.id);
    expect(await enviarPush(dispositivo(s), aviso, local())).toMatchObject({ resultado: "caducado", estado: 410 });

    const viva = dispositivo(servicio.nuevaSuscripcion());
    for (const [estado, resultado] of [
      [500, "reintentar"],
      [503, "reintentar"],
      [429, "reintentar"],
      [404, "caducado"],
      [400, "rechazado"],
      [401, "rechazado"],
      [403, "rechazado"],
      [413, "rechazado"],
      [301, "rechazado"],
    ] as const) {
      servicio.fallar(1, estado);
      expect(await enviarPush(viva, aviso, local()), String(estado)).toEqual({
        resultado,
        estado,
        mensaje: conDatos(mensajesDescarga.respuestaEnvio, {
          host: new URL(servicio.origen).host,
          status: String(estado),
        }),
      });
    }
    expect(await enviarPush(viva, aviso, local())).toMatchObject({ resultado: "entregado" });
    expect(servicio.recibidos).toHaveLength(1);
  });

  it("tries again later when the push service is down or too slow", async () => {
    const viva = dispositivo(servicio.nuevaSuscripcion());
    servicio.retraso = 400;
    const lenta = await enviarPush(viva, aviso, { ...local(), timeoutMs: 100 });
    expect(lenta).toEqual({
      resultado: "reintentar",
      mensaje: conDatos(mensajesDescarga.tiempo, { segundos: "0,1" }),
    });
    // The service still takes the message after the sender gave up: why a retry carries a Topic.
    await vi.waitFor(() => expect(servicio.enVuelo).toBe(0), { timeout: 2000 });
    expect(servicio.recibidos).toHaveLength(1);
    servicio.retraso = 0;

    const cerrado = http.createServer();
    await new Promise<void>((listo) => cerrado.listen(0, "127.0.0.1", listo));
    const { port } = cerrado.address() as AddressInfo;
    await new Promise((listo) => cerrado.close(listo));
    const sinServidor = await enviarPush({ ...viva, endpoint: `http://127.0.0.1:${port}/push/x` }, aviso, local());
    expect(sinServidor).toEqual({
      resultado: "reintentar",
      mensaje: conDatos(mensajesDescarga.sinConexion, { host: "127.0.0.1" }),
    });

    const resolver = resolverDe({});
    const sinDns = await enviarPush({ ...viva, endpoint: "https://push.planazo.test/x" }, aviso, {
      resolver,
      conectar,
    });
    expect(sinDns).toEqual({
      resultado: "reintentar",
      mensaje: conDatos(mensajesDescarga.servidorNoEncontrado, { host: "push.planazo.test" }),
    });
  });

  it("shortens a long body so the payload stays within 3 KB of valid JSON", async () => {
    const largo = { ...aviso, cuerpo: "Ñandú bailando en la verbena 💃 ".repeat(400).slice(0, 10_000) };
    const carga = cargaDe(largo);
    expect(Buffer.byteLength(carga)).toBeLessThanOrEqual(MAX_BYTES_AVISO);
    expect(Buffer.byteLength(carga)).toBeGreaterThan(MAX_BYTES_AVISO - 8);
    const leida = JSON.parse(carga) as AvisoPush;
    expect(leida).toMatchObject({ titulo: aviso.titulo, url: aviso.url, icono: aviso.icono });
    expect(leida.cuerpo).toMatch(/…$/);
    expect(largo.cuerpo.startsWith(leida.cuerpo.slice(0, -1))).toBe(true);
    expect(leida.cuerpo).not.toMatch(/[\uD800-\uDBFF]…$/);

    // A title too long on its own: the body goes, then the title is cut.
    const titulo = "Á".repeat(5000);
    const sinCuerpo = JSON.parse(cargaDe({ ...largo, titulo })) as AvisoPush;
    expect(sinCuerpo.cuerpo).toBe("");
    expect(sinCuerpo.titulo).toMatch(/^Á+…$/);
    expect(Buffer.byteLength(cargaDe({ ...largo, titulo }))).toBeLessThanOrEqual(MAX_BYTES_AVISO);
    expect(cargaDe(aviso)).toBe(JSON.stringify(aviso));

    const s = servicio.nuevaSuscripcion();
    expect(await enviarPush(dispositivo(s), largo, local())).toMatchObject({ resultado: "entregado" });
    expect(servicio.rechazos).toEqual([]);
    expect(servicio.recibidos[0]).toMatchObject({ carga: leida, bytes: Buffer.byteLength(carga) });
  });

  it("refuses an endpoint whose host now points at a non-global address, without connecting", async () => {
    const s = dispositivo(servicio.nuevaSuscripcion());
    for (const address of ["10.0.0.1", "169.254.169.254", "0.0.0.0", "::1", "fd00::1", "127.0.0.1"]) {
      const resolver = resolverDe({ "push.planazo.test": address });
      const resultado = await enviarPush({ ...s, endpoint: "https://push.planazo.test/push/x" }, aviso, {
        resolver,
        conectar,
        permitirLoopback: address === "127.0.0.1",
      });
      expect({ address, resultado }).toEqual({
        address,
        resultado: { resultado: "rechazado", mensaje: mensajesDescarga.redPrivada },
      });
      expect(resolver).toHaveBeenCalledWith("push.planazo.test");
    }
    // The loopback stand-in is http://127.0.0.1 only, and only when allowed.
    for (const [endpoint, permitirLoopback] of [
      [s.endpoint, false],
      [s.endpoint.replace("127.0.0.1", "localhost"), true],
      [s.endpoint.replace("127.0.0.1", "127.0.0.2"), true],
    ] as const) {
      const resultado = await enviarPush({ ...s, endpoint }, aviso, { conectar, permitirLoopback });
      expect({ endpoint, resultado: resultado.resultado }).toEqual({ endpoint, resultado: "rechazado" });
    }
    expect(conectar).not.toHaveBeenCalled();
    expect(servicio.recibidos).toEqual([]);
  });
});

describe("the push service stand-in", () => {
  it("refuses a JWT signed by another key, or for another audience, and a payload for another subscription", async () => {
    const s = servicio.nuevaSuscripcion();
    const { publica, privada } = await clavesVapid();
    const otra = webpush.generateVAPIDKeys();
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const firmaDe = (audiencia: string, pub: string, priv: string) =>
      webpush.getVapidHeaders(audiencia, "mailto:hola@planazo.es", pub, priv, "aes128gcm", exp).Authorization;
    // Signed with another private key, but naming ours as k.
    const ajena = firmaDe(servicio.origen, otra.publicKey, otra.privateKey).replace(/k=.*$/, `k=${publica}`);
    const otroPublico = firmaDe("https://fcm.googleapis.com", publica, privada);

    for (const Authorization of [ajena, otroPublico]) {
      const detalles = webpush.generateRequestDetails(s, cargaDe(aviso), {
        vapidDetails: null as unknown as undefined,
        headers: { Authorization },
        TTL: 60,
        contentEncoding: "aes128gcm",
      });
      const r = await enviar(s.endpoint, {
        metodo: "POST",
        cabeceras: Object.fromEntries(Object.entries(detalles.headers).map(([k, v]) => [k, String(v)])),
        cuerpo: detalles.body!,
        permitirLoopback: true,
        conectar,
      });
      expect(r.estado).toBe(403);
    }
    expect(servicio.rechazos.map((r) => r.motivo)).toEqual([
      "signature does not verify with k",
      `aud https://fcm.googleapis.com is not ${servicio.origen}`,
    ]);

    servicio.rechazos.length = 0;
    const otraSuscripcion = servicio.nuevaSuscripcion();
    const cruzada = { ...dispositivo(s), auth: otraSuscripcion.keys.auth };
    expect(await enviarPush(cruzada, aviso, local())).toMatchObject({ resultado: "rechazado", estado: 400 });
    const mezclada = { ...dispositivo(s), p256dh: otraSuscripcion.keys.p256dh };
    expect(await enviarPush(mezclada, aviso, local())).toMatchObject({ resultado: "rechazado", estado: 400 });
    expect(servicio.rechazos).toEqual([
      { id: s.id, estado: 400, motivo: expect.stringMatching(/^does not decrypt/) },
      { id: s.id, estado: 400, motivo: expect.stringMatching(/^does not decrypt/) },
    ]);
    expect(servicio.recibidos).toEqual([]);
  });
});

describe("enviar", () => {
  let eco: http.Server;
  let puerto: number;
  const vistas: { metodo?: string; host?: string; cuerpo: string }[] = [];

  beforeAll(async () => {
    eco = http.createServer((req, res) => {
      const trozos: Buffer[] = [];
      req.on("data", (t: Buffer) => trozos.push(t));
      req.on("end", () => {
        vistas.push({ metodo: req.method, host: req.headers.host, cuerpo: Buffer.concat(trozos).toString() });
        if (req.url === "/mudado") res.writeHead(302, { Location: "http://10.0.0.1/" }).end();
        else if (req.url === "/enorme") res.writeHead(400).end("x".repeat(200_000));
        else res.writeHead(202, { "X-Eco": "si" }).end(`recibido ${trozos.length ? "cuerpo" : "nada"}`);
      });
    });
    await new Promise<void>((listo) => eco.listen(0, "127.0.0.1", listo));
    puerto = (eco.address() as AddressInfo).port;
  });

  afterAll(async () => {
    eco.closeAllConnections();
    await new Promise((listo) => eco.close(listo));
  });

  it("posts to the address it checked, names the host, and reports any status without following it", async () => {
    const resolver = resolverDe({ "push.planazo.test": "127.0.0.1" });
    const opciones = {
      metodo: "POST" as const,
      cabeceras: { "Content-Type": "application/octet-stream", host: "otro.example" },
      cuerpo: Buffer.from("hola"),
      resolver,
      permitirLoopback: true,
      conectar,
    };
    const r = await enviar(`http://push.planazo.test:${puerto}/eco`, opciones);
    expect({ estado: r.estado, eco: r.cabeceras["x-eco"], cuerpo: r.cuerpo.toString() }).toEqual({
      estado: 202,
      eco: "si",
      cuerpo: "recibido cuerpo",
    });
    expect(conectar).toHaveBeenCalledExactlyOnceWith("push.planazo.test", puerto, "127.0.0.1", 4);
    expect(vistas.at(-1)).toEqual({ metodo: "POST", host: `push.planazo.test:${puerto}`, cuerpo: "hola" });

    const mudado = await enviar(`http://push.planazo.test:${puerto}/mudado`, opciones);
    expect({ estado: mudado.estado, location: mudado.cabeceras.location }).toEqual({
      estado: 302,
      location: "http://10.0.0.1/",
    });
    const enorme = await enviar(`http://push.planazo.test:${puerto}/enorme`, opciones);
    expect({ estado: enorme.estado, bytes: enorme.cuerpo.length }).toEqual({ estado: 400, bytes: 64 * 1024 });
    expect(conectar).toHaveBeenCalledTimes(3);
    expect(conectar.mock.calls.every(([, , address]) => address === "127.0.0.1")).toBe(true);
  });
});
