import type http from "node:http";
import { FetchError } from "@fedify/vocab-runtime";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { espiaDeConexiones, servidorLocal, type Conectar } from "@/test-support/servidor-local";
import { releerEnv } from "../env";
import type { Resolver } from "../net/descarga";
import { cargadorDeDocumentos, MAX_BYTES_DOCUMENTO } from "./documentos";

// Every test connects only to the local server on 127.0.0.1; any other address must be refused
// before a connection, which the `conectar` spy proves (it throws for one outside 127.0.0.0/8).

const servidor = servidorLocal();
const { rutas, pedidas } = servidor;
let conectar: Mock<Conectar>;
beforeEach(() => {
  conectar = espiaDeConexiones();
});
afterEach(() => {
  vi.unstubAllEnvs();
  releerEnv();
});

const actor = { "@context": "https://www.w3.org/ns/activitystreams", id: "x", type: "Person", name: "Ana" };
const json =
  (cuerpo: unknown, tipo = "application/activity+json") =>
  (_req: http.IncomingMessage, res: http.ServerResponse) =>
    res.writeHead(200, { "content-type": `${tipo}; charset=utf-8` }).end(JSON.stringify(cuerpo));
const fallo = async (promesa: Promise<unknown>) => {
  const error = await promesa.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return (error as Error).message;
};

describe("the fediverse's document loader", () => {
  it("reads an ActivityPub document as JSON, asking for ActivityPub, after a redirect", async () => {
    rutas.set("/users/ana", json(actor));
    rutas.set("/@ana", (_req, res) => res.writeHead(301, { location: "/users/ana" }).end());
    const leido = await cargadorDeDocumentos({ permitirLoopback: true, conectar })(`${servidor.base}/@ana`);
    expect(leido).toEqual({ contextUrl: null, documentUrl: `${servidor.base}/users/ana`, document: actor });
    expect(pedidas[0].headers.accept).toMatch(/^application\/activity\+json/);
    expect(conectar).toHaveBeenCalled();
  });

  it("takes the JSON-LD contexts from Fedify's copies, never from the network", async () => {
    const leido = await cargadorDeDocumentos({ conectar })("https://www.w3.org/ns/activitystreams");
    expect(JSON.stringify(leido.document)).toContain("as:Person");
    expect(conectar).not.toHaveBeenCalled();
  });

  it("refuses loopback unless FEDERATION_ALLOW_LOOPBACK=1, and private addresses always, without connecting", async () => {
    rutas.set("/users/ana", json(actor));
    expect(await fallo(cargadorDeDocumentos({ conectar })(`${servidor.base}/users/ana`))).toMatch(
      /red privada o local/,
    );
    const resolver = vi.fn<Resolver>(async () => [{ address: "10.1.2.3", family: 4 }]);
    for (const url of ["https://instancia.example/users/ana", "http://192.168.1.10/users/ana", "http://[::1]/x"])
      expect(await fallo(cargadorDeDocumentos({ conectar, resolver, permitirLoopback: true })(url))).toMatch(
        /red privada o local/,
      );
    expect(conectar).not.toHaveBeenCalled();
    vi.stubEnv("FEDERATION_ALLOW_LOOPBACK", "1");
    releerEnv();
    expect((await cargadorDeDocumentos({ conectar })(`${servidor.base}/users/ana`)).document).toEqual(actor);
  });

  it("refuses a document over 1 MB, an answer that is not JSON and JSON that does not parse", async () => {
    const local = cargadorDeDocumentos({ permitirLoopback: true, conectar });
    rutas.set("/enorme", json({ relleno: "x".repeat(MAX_BYTES_DOCUMENTO) }));
    rutas.set("/html", (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<p>hola</p>"));
    rutas.set("/roto", (_req, res) => res.writeHead(200, { "content-type": "application/activity+json" }).end("{roto"));
    expect(await fallo(local(`${servidor.base}/enorme`))).toMatch(/ocupa más de 1 MB/);
    expect(await fallo(local(`${servidor.base}/html`))).toMatch(/no respondió JSON/);
    expect(await fallo(local(`${servidor.base}/roto`))).toMatch(/no se puede leer/);
  });
});
