import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";

export type Manejador = (req: http.IncomingMessage, res: http.ServerResponse) => void;
export type Conectar = (host: string, port: number, address: string, family: 4 | 6) => void;

/**
 * An HTTP server on 127.0.0.1 for one test file, started before its tests and closed after: each
 * path of `rutas` answers as its handler says (others 404), and `pedidas` records every request;
 * both are emptied before each test. `puerto` and `base` are known once it has started.
 */
export function servidorLocal() {
  const local = {
    rutas: new Map<string, Manejador>(),
    pedidas: [] as { url: string; headers: http.IncomingHttpHeaders }[],
    puerto: 0,
    base: "",
  };
  let servidor: http.Server;
  beforeAll(async () => {
    servidor = http.createServer((req, res) => {
      local.pedidas.push({ url: req.url ?? "", headers: req.headers });
      const manejador = local.rutas.get(new URL(req.url ?? "/", "http://x").pathname);
      if (manejador) manejador(req, res);
      else res.writeHead(404).end("no");
    });
    await new Promise<void>((listo) => servidor.listen(0, "127.0.0.1", listo));
    local.puerto = (servidor.address() as AddressInfo).port;
    local.base = `http://127.0.0.1:${local.puerto}`;
  });
  afterAll(async () => {
    servidor.closeAllConnections();
    await new Promise((listo) => servidor.close(listo));
  });
  beforeEach(() => {
    local.rutas.clear();
    local.pedidas.length = 0;
  });
  return local;
}

/**
 * A spy for a fetcher's `conectar` hook: it records each connection and, by throwing before the
 * socket opens, stops any outside 127.0.0.0/8 that a broken fetcher would attempt.
 */
export const espiaDeConexiones = () =>
  vi.fn<Conectar>((_host, _port, address) => {
    if (!/^127\./.test(address)) throw new Error(`connection to ${address} outside 127.0.0.0/8`);
  });
