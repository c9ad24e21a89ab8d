import { request, type IncomingHttpHeaders } from "node:http";
import sharp from "sharp";
import { png } from "./forms";
import { freshIp } from "./users";
import { appUrl } from "./worker";

/** What a request carries: JSON, raw bytes with their content type, or a multipart form. */
export type Cuerpo = { json: unknown } | { crudo: string | Buffer; tipo: string } | { form: FormData };

export interface Respuesta {
  status: number;
  /** The content type of the answer. */
  tipo: string | null;
  /** The parsed JSON answer, or null when the answer is not JSON. */
  body: unknown;
  texto: string;
  cabeceras: Headers;
}

/**
 * Any request to the running app, as a client of its own: never throws on an answer that is
 * not JSON (a 500 page or an empty 405 must show up as what it is).
 */
export async function peticion(
  metodo: string,
  ruta: string,
  {
    token,
    cookie,
    origin,
    cuerpo,
    cabeceras = {},
  }: { token?: string; cookie?: string; origin?: string; cuerpo?: Cuerpo; cabeceras?: Record<string, string> } = {},
): Promise<Respuesta> {
  const headers: Record<string, string> = { "X-Forwarded-For": freshIp(), ...cabeceras };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (cookie) headers.Cookie = cookie;
  if (origin) headers.Origin = origin;
  let body: BodyInit | undefined;
  if (cuerpo && "json" in cuerpo) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(cuerpo.json);
  } else if (cuerpo && "crudo" in cuerpo) {
    headers["Content-Type"] = cuerpo.tipo;
    body = typeof cuerpo.crudo === "string" ? cuerpo.crudo : new Uint8Array(cuerpo.crudo);
  } else if (cuerpo) {
    body = cuerpo.form;
  }
  const res = await fetch(`${appUrl()}${ruta}`, { method: metodo, headers, body, redirect: "manual" });
  const texto = await res.text();
  const tipo = res.headers.get("content-type");
  let parsed: unknown = null;
  if (tipo?.includes("json") && texto) {
    try {
      parsed = JSON.parse(texto);
    } catch {
      parsed = null;
    }
  }
  return { status: res.status, tipo, body: parsed, texto, cabeceras: res.headers };
}

export interface RespuestaCruda {
  status: number;
  cabeceras: IncomingHttpHeaders;
  /** The body (empty for a CONNECT, whose answer Node hands over with the socket). */
  texto: string;
}

/**
 * A request with any method, through node:http: fetch refuses to send the ones the fetch
 * standard forbids (TRACE, TRACK, CONNECT), which a server must still answer.
 */
export function metodoCrudo(metodo: string, url: string): Promise<RespuestaCruda> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: metodo, headers: { "X-Forwarded-For": freshIp() } });
    req.on("response", (res) => {
      let texto = "";
      res.setEncoding("utf8").on("data", (c: string) => (texto += c));
      res.on("end", () => resolve({ status: res.statusCode!, cabeceras: res.headers, texto }));
    });
    req.on("connect", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode!, cabeceras: res.headers, texto: "" });
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A decompression bomb: a real, tiny baseline JPEG whose frame header (SOF0) declares
 * `ancho` × `alto` pixels.
 */
export async function jpegBomba(ancho = 65_000, alto = 65_000): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#e11d48" } })
    .jpeg({ progressive: false })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error("no SOF0 marker in the JPEG");
  // FFC0, length (2), precision (1), height (2), width (2)
  jpeg.writeUInt16BE(alto, sof + 5);
  jpeg.writeUInt16BE(ancho, sof + 7);
  return jpeg;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A real, tiny PNG whose header (IHDR, with a valid CRC) declares `ancho` × `alto` pixels. */
export async function pngBomba(ancho = 100_000, alto = 100_000): Promise<Buffer> {
  const bytes = Buffer.from(await png(16, 16));
  // Signature (8), then IHDR: length (4), type (4), width (4), height (4), 5 more bytes, CRC (4).
  bytes.writeUInt32BE(ancho, 16);
  bytes.writeUInt32BE(alto, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}
