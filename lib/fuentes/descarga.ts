// Placeholder with the fetcher's signature, so the rest compiles until the safe fetcher lands.
import { DescargaRechazada } from "./errores";

export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;
export interface OpcionesDescarga {
  resolver?: Resolver;
  maxBytes?: number;
  timeoutMs?: number;
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  permitirLoopback?: boolean;
  conectar?: (host: string, port: number, address: string, family: 4 | 6) => void;
}
export interface Respuesta {
  estado: 200 | 304;
  url: string;
  contentType: string | null;
  charset: string | null;
  cuerpo: Buffer;
  etag: string | null;
  lastModified: string | null;
}
export async function descargar(url: string, _opciones: OpcionesDescarga = {}): Promise<Respuesta> {
  throw new DescargaRechazada(`No se puede leer ${url} todavía.`);
}
