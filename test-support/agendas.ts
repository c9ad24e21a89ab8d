import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import type { Dia } from "@/lib/dates";
import type { Registro } from "@/lib/fuentes/adaptadores/comun";
import { FORMAS, muestraAgenda } from "@/lib/fuentes/agendas/muestras";

export { FORMAS };

/** An agenda's sample (lib/fuentes/agendas/muestras.ts) for a test, its images on the test's server. */
export const fixtureAgenda = (tipo: string, base = "http://127.0.0.1:9", hoy?: Dia): Registro[] =>
  muestraAgenda(tipo, base, hoy);

/** What a test changes of an agenda's answers between syncs. */
export interface AgendaLocal {
  registros: Registro[];
  /** The most records a page holds, whatever was asked (a server answering smaller pages). */
  cap: number;
  /** An answer in place of a page's records (a status and a body), or null for the page itself. */
  fallo: ((url: URL) => { status: number; tipo: string; cuerpo: string } | null) | null;
  peticiones: URL[];
}

/**
 * A stand-in for the regional agendas on 127.0.0.1: each agenda's records at its path, paged as
 * the agenda pages them (never applying a filter the sync asks for, as a real server may not),
 * and a PNG at any other path (the posters). `agendas[tipo]` is changed by the tests.
 */
export async function servirAgendas(
  registros: Record<string, Registro[]>,
  cap = 2,
): Promise<{ base: string; agendas: Record<string, AgendaLocal>; cerrar(): Promise<void> }> {
  const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#3a6" } })
    .png()
    .toBuffer();
  const agendas: Record<string, AgendaLocal> = {};
  for (const [tipo, r] of Object.entries(registros)) agendas[tipo] = { registros: r, cap, fallo: null, peticiones: [] };
  const servidor = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const tipo = Object.keys(agendas).find((t) => FORMAS[t].ruta.test(url.pathname));
    if (!tipo) return void res.writeHead(200, { "Content-Type": "image/png" }).end(png);
    const a = agendas[tipo];
    a.peticiones.push(url);
    const fallo = a.fallo?.(url);
    if (fallo) return void res.writeHead(fallo.status, { "Content-Type": fallo.tipo }).end(fallo.cuerpo);
    res
      .writeHead(200, { "Content-Type": "application/json; charset=utf-8" })
      .end(JSON.stringify(FORMAS[tipo].pagina(url, a.registros, a.cap)));
  });
  await new Promise<void>((ok) => servidor.listen(0, "127.0.0.1", ok));
  return {
    base: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`,
    agendas,
    cerrar: () => new Promise((ok) => servidor.close(() => ok())),
  };
}
