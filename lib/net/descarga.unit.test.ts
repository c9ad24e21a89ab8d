import zlib from "node:zlib";
import { beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { espiaDeConexiones, servidorLocal, type Conectar } from "@/test-support/servidor-local";
import { releerEnv } from "../env";
import { DescargaRechazada, descargar, direccionPermitida, mensajesDescarga, textoDe, type Resolver } from "./descarga";

// Every test connects only to the local server on 127.0.0.1; every other address is refused
// before a connection, which the `conectar` spy proves. The spy also stops, by throwing before
// the socket opens, any connection outside 127.0.0.0/8 that a broken fetcher would attempt.

/** A setting of this process changed, as the server would read it at start. */
function ajuste(nombre: string, valor: string): void {
  vi.stubEnv(nombre, valor);
  releerEnv();
}

const servidor = servidorLocal();
const { rutas, pedidas } = servidor;
let conectar: Mock<Conectar>;
beforeEach(() => {
  conectar = espiaDeConexiones();
});

/** Loopback allowed, with the guarding spy. */
const local = () => ({ permitirLoopback: true, conectar });

/** A resolver that knows a few names and nothing else (never the system's DNS). */
function resolverDe(nombres: Record<string, string[]>) {
  return vi.fn<Resolver>(async (host) => {
    const direcciones = nombres[host];
    if (!direcciones) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return direcciones.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }) as const);
  });
}

async function rechazo(promesa: Promise<unknown>): Promise<string> {
  const error = await promesa.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DescargaRechazada);
  return (error as Error).message;
}

describe("direccionPermitida", () => {
  it.each([
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network"],
    ["10.0.0.5", "private 10/8"],
    ["10.255.255.255", "private 10/8"],
    ["100.64.0.1", "CGNAT"],
    ["100.127.255.254", "CGNAT"],
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.0.1", "link-local"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12"],
    ["192.0.0.8", "IETF assignments"],
    ["192.0.2.10", "TEST-NET-1"],
    ["192.88.99.1", "6to4 relay"],
    ["192.168.1.1", "private 192.168/16"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "TEST-NET-2"],
    ["203.0.113.9", "TEST-NET-3"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified"],
    ["::1", "IPv6 loopback"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    ["febf:ffff::1", "IPv6 link-local, end of the range"],
    ["fc00::1", "unique-local"],
    ["fd00::1", "unique-local"],
    ["ff02::1", "IPv6 multicast"],
    ["2001:db8::1", "IPv6 documentation"],
    ["100::1", "discard"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["::a00:1", "IPv4-compatible private"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["2002:a9fe:a9fe::1", "6to4 of metadata"],
    ["2002:c0a8:101::", "6to4 of 192.168.1.1"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of metadata"],
    ["64:ff9b::10.0.0.1", "NAT64 of private"],
    ["2001:0::1", "Teredo"],
    ["4000::1", "outside global unicast"],
    ["not an address", "not an address"],
    ["", "empty"],
  ])("refuses %s (%s)", (address) => {
    expect(direccionPermitida(address, false)).toBe(false);
  });

  it.each([
    ["8.8.8.8"],
    ["1.1.1.1"],
    ["93.184.216.34"],
    ["100.63.255.255"],
    ["100.128.0.0"],
    ["172.15.255.255"],
    ["172.32.0.0"],
    ["192.169.0.1"],
    ["11.0.0.1"],
    ["2a00:1450::1"],
    ["2a00:1450:4003:80e::200e"],
    ["2606:4700:4700::1111"],
    ["::ffff:8.8.8.8"],
    ["2002:808:808::1"],
    ["64:ff9b::808:808"],
  ])("allows the global address %s", (address) => {
    expect(direccionPermitida(address, false)).toBe(true);
  });

  it("with loopback allowed, lets 127.0.0.0/8 through and nothing else", () => {
    expect(direccionPermitida("127.0.0.1", true)).toBe(true);
    expect(direccionPermitida("127.8.9.10", true)).toBe(true);
    for (const address of [
      "::1",
      "0.0.0.0",
      "10.0.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "::ffff:127.0.0.1",
      "2002:7f00:1::",
      "64:ff9b::7f00:1",
      "fd00::1",
    ]) {
      expect(direccionPermitida(address, true), address).toBe(false);
    }
  });
});

describe("descargar: what may be read", () => {
  it.each([
    ["a name on a private network", ["10.0.0.5"]],
    ["the cloud metadata address", ["169.254.169.254"]],
    ["a unique-local IPv6", ["fd00::1"]],
    ["one global and one private address", ["93.184.216.34", "10.0.0.5"]],
    ["one private and one global address", ["192.168.1.20", "2a00:1450::1"]],
  ])("refuses a host that resolves to %s, without connecting", async (_caso, direcciones) => {
    const resolver = resolverDe({ "agenda.test": direcciones });
    const mensaje = await rechazo(descargar("https://agenda.test/eventos.ics", { resolver, conectar }));
    expect(mensaje).toBe(mensajesDescarga.redPrivada);
    expect(resolver).toHaveBeenCalledWith("agenda.test");
    expect(conectar).not.toHaveBeenCalled();
  });

  it.each([
    ["0.0.0.0", (p: number) => `http://0.0.0.0:${p}/`],
    ["::1", (p: number) => `http://[::1]:${p}/`],
    ["a decimal 127.0.0.1", (p: number) => `http://2130706433:${p}/`],
    ["a hex 127.0.0.1", (p: number) => `http://0x7f.1:${p}/`],
    ["a short 127.0.0.1", (p: number) => `http://127.1:${p}/`],
    ["an IPv4-mapped 127.0.0.1", (p: number) => `http://[::ffff:127.0.0.1]:${p}/`],
    ["169.254.169.254", () => "http://169.254.169.254/latest/meta-data"],
  ])("refuses the address literal %s before connecting, never asking the resolver", async (_caso, url) => {
    const resolver = resolverDe({});
    const mensaje = await rechazo(descargar(url(servidor.puerto), { resolver, conectar }));
    expect(mensaje).toBe(mensajesDescarga.redPrivada);
    expect(conectar).not.toHaveBeenCalled();
    expect(resolver).not.toHaveBeenCalled();
    expect(pedidas).toHaveLength(0);
  });

  it("with loopback allowed reads 127.0.0.1, but still refuses ::1 and 0.0.0.0", async () => {
    rutas.set("/hola", (_req, res) => res.writeHead(200, { "Content-Type": "text/plain" }).end("hola"));
    const r = await descargar(`${servidor.base}/hola`, local());
    expect(r.estado).toBe(200);
    expect(r.cuerpo.toString()).toBe("hola");
    expect(conectar).toHaveBeenCalledExactlyOnceWith("127.0.0.1", servidor.puerto, "127.0.0.1", 4);

    conectar.mockClear();
    for (const url of [`http://[::1]:${servidor.puerto}/hola`, `http://0.0.0.0:${servidor.puerto}/hola`]) {
      expect(await rechazo(descargar(url, local()))).toBe(mensajesDescarga.redPrivada);
    }
    expect(conectar).not.toHaveBeenCalled();
    expect(pedidas).toHaveLength(1);
  });

  it("allows loopback by default only when SOURCES_ALLOW_LOOPBACK=1", async () => {
    rutas.set("/hola", (_req, res) => res.end("hola"));
    try {
      ajuste("SOURCES_ALLOW_LOOPBACK", "");
      expect(await rechazo(descargar(`${servidor.base}/hola`, { conectar }))).toBe(mensajesDescarga.redPrivada);
      ajuste("SOURCES_ALLOW_LOOPBACK", "1");
      expect((await descargar(`${servidor.base}/hola`, { conectar })).cuerpo.toString()).toBe("hola");
    } finally {
      vi.unstubAllEnvs();
      releerEnv();
    }
  });

  it.each([
    ["file:///etc/passwd", mensajesDescarga.esquema],
    ["ftp://agenda.test/x.ics", mensajesDescarga.esquema],
    ["javascript:alert(1)", mensajesDescarga.esquema],
    ["webcal://agenda.test/x.ics", mensajesDescarga.esquema],
    ["agenda.test/x.ics", mensajesDescarga.direccionNoValida],
    ["http://", mensajesDescarga.direccionNoValida],
    ["http://usuario:clave@agenda.test/x.ics", mensajesDescarga.credenciales],
    ["http://usuario@agenda.test/x.ics", mensajesDescarga.credenciales],
  ])("refuses %s before resolving", async (url, esperado) => {
    const resolver = resolverDe({ "agenda.test": ["93.184.216.34"] });
    expect(await rechazo(descargar(url, { resolver, conectar }))).toBe(esperado);
    expect(resolver).not.toHaveBeenCalled();
    expect(conectar).not.toHaveBeenCalled();
  });

  it("names the server it could not find", async () => {
    const mensaje = await rechazo(descargar("https://no-existe.test/x", { resolver: resolverDe({}), conectar }));
    expect(mensaje).toBe("No se encontró el servidor no-existe.test.");
    expect(conectar).not.toHaveBeenCalled();
  });

  it("refuses credentials in the URL even for an allowed address, without connecting", async () => {
    const mensaje = await rechazo(descargar(`http://ana:secreto@127.0.0.1:${servidor.puerto}/`, local()));
    expect(mensaje).toBe(mensajesDescarga.credenciales);
    expect(conectar).not.toHaveBeenCalled();
    expect(pedidas).toHaveLength(0);
  });
});

describe("descargar: pinned to the checked address", () => {
  it("connects to the address it checked even if the name answers differently later (DNS rebinding)", async () => {
    rutas.set("/agenda", (req, res) => res.end(`host=${req.headers.host}`));
    const resolver = vi
      .fn<Resolver>()
      .mockResolvedValueOnce([{ address: "127.0.0.1", family: 4 }])
      .mockResolvedValue([{ address: "10.0.0.1", family: 4 }]);
    const r = await descargar(`http://agenda.test:${servidor.puerto}/agenda`, { ...local(), resolver, conectar });
    expect(r.cuerpo.toString()).toBe(`host=agenda.test:${servidor.puerto}`);
    expect(resolver).toHaveBeenCalledTimes(1);
    expect(conectar).toHaveBeenCalledExactlyOnceWith("agenda.test", servidor.puerto, "127.0.0.1", 4);
  });

  it("resolves and checks the host again at every redirect", async () => {
    rutas.set("/a", (_req, res) => res.writeHead(302, { Location: "/b" }).end());
    rutas.set("/b", (_req, res) => res.end("b"));
    const resolver = vi
      .fn<Resolver>()
      .mockResolvedValueOnce([{ address: "127.0.0.1", family: 4 }])
      .mockResolvedValue([{ address: "10.0.0.1", family: 4 }]);
    const mensaje = await rechazo(
      descargar(`http://agenda.test:${servidor.puerto}/a`, { ...local(), resolver, conectar, timeoutMs: 5000 }),
    );
    expect(mensaje).toBe(mensajesDescarga.redPrivada);
    expect(resolver).toHaveBeenCalledTimes(2);
    expect(conectar).toHaveBeenCalledExactlyOnceWith("agenda.test", servidor.puerto, "127.0.0.1", 4);
    expect(pedidas.map((p) => p.url)).toEqual(["/a"]);
  });
});

describe("descargar: redirects", () => {
  it("refuses a redirect to the cloud metadata address without connecting there", async () => {
    rutas.set("/fuente", (_req, res) =>
      res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data" }).end(),
    );
    const mensaje = await rechazo(descargar(`${servidor.base}/fuente`, local()));
    expect(mensaje).toBe(mensajesDescarga.redPrivada);
    expect(conectar).toHaveBeenCalledExactlyOnceWith("127.0.0.1", servidor.puerto, "127.0.0.1", 4);
  });

  it("refuses a redirect to a name that resolves to a private address", async () => {
    rutas.set("/fuente", (_req, res) => res.writeHead(301, { Location: "http://intranet.test/agenda" }).end());
    const resolver = resolverDe({ "intranet.test": ["10.1.2.3"] });
    const mensaje = await rechazo(descargar(`${servidor.base}/fuente`, { ...local(), resolver, conectar }));
    expect(mensaje).toBe(mensajesDescarga.redPrivada);
    expect(resolver).toHaveBeenCalledExactlyOnceWith("intranet.test");
    expect(conectar).toHaveBeenCalledTimes(1);
    expect(conectar.mock.calls[0]![2]).toBe("127.0.0.1");
  });

  it("follows 3 redirects of every kind, and returns the final URL", async () => {
    rutas.set("/r1", (_req, res) => res.writeHead(301, { Location: "/r2" }).end());
    rutas.set("/r2", (_req, res) => res.writeHead(303, { Location: `${servidor.base}/r3` }).end());
    rutas.set("/r3", (_req, res) => res.writeHead(308, { Location: "r4?x=1" }).end());
    rutas.set("/r4", (req, res) => res.end(`fin ${req.url}`));
    const r = await descargar(`${servidor.base}/r1`, local());
    expect(r.cuerpo.toString()).toBe("fin /r4?x=1");
    expect(r.url).toBe(`${servidor.base}/r4?x=1`);
    expect(conectar).toHaveBeenCalledTimes(4);
  });

  it("refuses a fourth redirect without following it", async () => {
    for (const n of [1, 2, 3, 4]) {
      rutas.set(`/s${n}`, (_req, res) => res.writeHead(n % 2 ? 302 : 307, { Location: `/s${n + 1}` }).end());
    }
    rutas.set("/s5", (_req, res) => res.end("demasiado lejos"));
    const mensaje = await rechazo(descargar(`${servidor.base}/s1`, local()));
    expect(mensaje).toBe(mensajesDescarga.demasiadasRedirecciones);
    expect(pedidas.map((p) => p.url)).toEqual(["/s1", "/s2", "/s3", "/s4"]);
  });

  it.each([
    ["file:///etc/passwd", mensajesDescarga.redireccionEsquema],
    ["gopher://127.0.0.1:70/", mensajesDescarga.redireccionEsquema],
    [`http://ana:secreto@127.0.0.1:${0}/`, mensajesDescarga.credenciales],
  ])("refuses a redirect to %s", async (destino, esperado) => {
    rutas.set("/fuente", (_req, res) => res.writeHead(302, { Location: destino }).end());
    expect(await rechazo(descargar(`${servidor.base}/fuente`, local()))).toBe(esperado);
    expect(conectar).toHaveBeenCalledTimes(1);
  });

  it("refuses a redirect that says nowhere", async () => {
    rutas.set("/fuente", (_req, res) => res.writeHead(302).end());
    expect(await rechazo(descargar(`${servidor.base}/fuente`, local()))).toBe(mensajesDescarga.redireccionSinDestino);
  });
});

describe("descargar: limits", () => {
  it("cuts a body without Content-Length once it passes maxBytes", async () => {
    let cortada: Promise<boolean> = Promise.resolve(false);
    rutas.set("/grande", (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/calendar" });
      cortada = new Promise((listo) => {
        let enviados = 0;
        const enviar = () => {
          if (res.destroyed) return listo(true);
          if (enviados++ === 200) {
            listo(false);
            return res.end();
          }
          res.write(Buffer.alloc(1000, "x"), () => setTimeout(enviar, 2));
        };
        res.on("close", () => listo(!res.writableFinished));
        enviar();
      });
    });
    const mensaje = await rechazo(descargar(`${servidor.base}/grande`, { ...local(), maxBytes: 5000 }));
    expect(mensaje).toBe("La fuente ocupa más de 4,88 KB.");
    expect(await cortada).toBe(true);
  });

  it("refuses at once a Content-Length over the cap, without waiting for the body", async () => {
    rutas.set("/anunciada", (_req, res) => {
      res.writeHead(200, { "Content-Length": String(50 * 1024 * 1024) });
      res.flushHeaders();
    });
    const inicio = Date.now();
    const mensaje = await rechazo(descargar(`${servidor.base}/anunciada`, { ...local(), maxBytes: 20 * 1024 * 1024 }));
    expect(mensaje).toBe("La fuente ocupa más de 20 MB.");
    expect(Date.now() - inicio).toBeLessThan(2000);
  });

  it("takes its default cap from SOURCES_MAX_BYTES", async () => {
    rutas.set("/mediana", (_req, res) => res.end(Buffer.alloc(3000, "x")));
    try {
      ajuste("SOURCES_MAX_BYTES", "2048");
      expect(await rechazo(descargar(`${servidor.base}/mediana`, local()))).toBe("La fuente ocupa más de 2 KB.");
    } finally {
      vi.unstubAllEnvs();
      releerEnv();
    }
    expect((await descargar(`${servidor.base}/mediana`, local())).cuerpo).toHaveLength(3000);
  });

  it("decompresses gzip, and caps the decompressed size", async () => {
    const texto = "BEGIN:VCALENDAR\r\n" + "X-RELLENO:".padEnd(70, "a") + "\r\nEND:VCALENDAR\r\n";
    rutas.set("/gzip", (req, res) => {
      expect(req.headers["accept-encoding"]).toMatch(/gzip/);
      res.writeHead(200, { "Content-Encoding": "gzip" }).end(zlib.gzipSync(texto));
    });
    rutas.set("/bomba", (_req, res) =>
      res.writeHead(200, { "Content-Encoding": "gzip" }).end(zlib.gzipSync(Buffer.alloc(2 * 1024 * 1024))),
    );
    expect((await descargar(`${servidor.base}/gzip`, local())).cuerpo.toString()).toBe(texto);
    const mensaje = await rechazo(descargar(`${servidor.base}/bomba`, { ...local(), maxBytes: 100_000 }));
    expect(mensaje).toMatch(/^La fuente ocupa más de 97,66 KB\.$/);
  });

  it("gives up on a server that never answers after timeoutMs", async () => {
    rutas.set("/lenta", () => {});
    const inicio = Date.now();
    const mensaje = await rechazo(descargar(`${servidor.base}/lenta`, { ...local(), timeoutMs: 300 }));
    expect(mensaje).toBe("La fuente tardó más de 0,3 segundos en responder.");
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(290);
    expect(Date.now() - inicio).toBeLessThan(3000);
  });

  it("counts the time of every redirect and of the resolver in one total", async () => {
    rutas.set("/a", (_req, res) => setTimeout(() => res.writeHead(302, { Location: "/b" }).end(), 200));
    rutas.set("/b", (_req, res) => setTimeout(() => res.end("b"), 200));
    expect(await rechazo(descargar(`${servidor.base}/a`, { ...local(), timeoutMs: 300 }))).toMatch(
      /tardó más de 0,3 segundos/,
    );

    const lento: Resolver = () => new Promise(() => {});
    expect(await rechazo(descargar("https://agenda.test/", { resolver: lento, timeoutMs: 200, conectar }))).toMatch(
      /tardó más de 0,2 segundos/,
    );
  });
});

describe("descargar: the request and the answer", () => {
  it("sends no cookie nor credentials, nor the fragment, and says who it is", async () => {
    rutas.set("/agenda", (_req, res) => res.end("ok"));
    await descargar(`${servidor.base}/agenda?mes=5#junio`, { ...local(), accept: "text/calendar" });
    const { url, headers } = pedidas[0]!;
    expect(url).toBe("/agenda?mes=5");
    expect(headers["user-agent"]).toMatch(/^Planazo\/1\.0 \(\+https?:\/\/.+\)$/);
    expect(headers.accept).toBe("text/calendar");
    expect(headers.host).toBe(`127.0.0.1:${servidor.puerto}`);
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers["proxy-authorization"]).toBeUndefined();
  });

  it("asks conditionally and answers 304 with an empty body", async () => {
    rutas.set("/feed.ics", (req, res) => {
      if (req.headers["if-none-match"] === '"v7"') return res.writeHead(304, { ETag: '"v7"' }).end();
      res
        .writeHead(200, {
          ETag: '"v7"',
          "Last-Modified": "Tue, 02 Jun 2026 10:00:00 GMT",
          "Content-Type": "text/calendar; charset=UTF-8",
        })
        .end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    });
    const primera = await descargar(`${servidor.base}/feed.ics`, local());
    expect(primera).toMatchObject({
      estado: 200,
      url: `${servidor.base}/feed.ics`,
      contentType: "text/calendar",
      charset: "utf-8",
      etag: '"v7"',
      lastModified: "Tue, 02 Jun 2026 10:00:00 GMT",
    });

    const segunda = await descargar(`${servidor.base}/feed.ics`, {
      ...local(),
      etag: primera.etag,
      lastModified: primera.lastModified,
    });
    expect(segunda.estado).toBe(304);
    expect(segunda.cuerpo).toHaveLength(0);
    expect(segunda.etag).toBe('"v7"');
    expect(segunda.lastModified).toBe("Tue, 02 Jun 2026 10:00:00 GMT");
    expect(pedidas[1]!.headers["if-none-match"]).toBe('"v7"');
    expect(pedidas[1]!.headers["if-modified-since"]).toBe("Tue, 02 Jun 2026 10:00:00 GMT");
    expect(pedidas[0]!.headers["if-none-match"]).toBeUndefined();
  });

  it.each([404, 500, 403, 410])("refuses a %i naming the status", async (status) => {
    rutas.set("/error", (_req, res) => res.writeHead(status).end("error"));
    expect(await rechazo(descargar(`${servidor.base}/error`, local()))).toBe(
      `La fuente respondió con el error ${status}.`,
    );
  });

  it("says when the server closes the connection mid-answer", async () => {
    rutas.set("/cortada", (_req, res) => {
      res.writeHead(200, { "Content-Length": "1000" });
      res.write("a medias", () => res.destroy());
    });
    expect(await rechazo(descargar(`${servidor.base}/cortada`, local()))).toBe(
      `El servidor 127.0.0.1 cortó la conexión antes de terminar de responder.`,
    );
  });
});

describe("textoDe", () => {
  it("reads a body in the charset its Content-Type names, and in UTF-8 otherwise", () => {
    const latin1 = Buffer.from("Fiesta de la castaña · 5 €", "latin1");
    expect(textoDe({ cuerpo: latin1, charset: "windows-1252" })).toContain("castaña");
    expect(textoDe({ cuerpo: latin1, charset: "iso-8859-1" })).toContain("castaña");
    expect(textoDe({ cuerpo: Buffer.from("Peña · ñ"), charset: null })).toBe("Peña · ñ");
    expect(textoDe({ cuerpo: Buffer.from("Peña"), charset: "no-existe" })).toBe("Peña");
  });
});
