import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { diaEnMadrid, sumarDias, type Dia } from "@/lib/dates";

const FIXTURES = path.join(import.meta.dirname, "../lib/fuentes/fixtures/agendas");

const iso = (d: Dia) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/**
 * An agenda's fixture (lib/fuentes/fixtures/agendas/{nombre}.json: records copied from the
 * agenda's real answers) with its dates made relative to the test's day: "@+3" is the day three
 * days from today in Madrid ("@+3T00:00:00Z", "@-30 19:00:00" keep what follows), and "{base}"
 * the local server that stands in for the agenda's host.
 */
export function fixtureAgenda(nombre: string, base = "http://127.0.0.1:9", hoy: Dia = diaEnMadrid()): Registro[] {
  const texto = readFileSync(path.join(FIXTURES, `${nombre}.json`), "utf8")
    .replace(/@([+-]\d+)/g, (_, n: string) => iso(sumarDias(hoy, Number(n))))
    .replaceAll("{base}", base);
  return JSON.parse(texto) as Registro[];
}

export type Registro = Record<string, unknown>;

/** Which page of the records a request asks for, as each agenda pages, with the server's own cap. */
interface Forma {
  /** The request's path for this agenda. */
  ruta: RegExp;
  pagina(url: URL, registros: Registro[], cap: number): unknown;
}

const trozo = (registros: Registro[], desde: number, cuantos: number, cap: number) =>
  registros.slice(Math.max(0, desde), Math.max(0, desde) + Math.min(cuantos, cap));
const entero = (v: string | null, porDefecto: number) => (v !== null && /^\d+$/.test(v) ? Number(v) : porDefecto);

export const FORMAS: Record<string, Forma & { ejemplo: string }> = {
  "castilla-y-leon": {
    ruta: /\/records$/,
    ejemplo:
      "/api/explore/v2.1/catalog/datasets/eventos-de-la-agenda-cultural-categorizados-y-geolocalizados/records?limit=100&offset=0",
    pagina: (u, r, cap) => ({
      total_count: r.length,
      results: trozo(r, entero(u.searchParams.get("offset"), 0), entero(u.searchParams.get("limit"), 10), cap),
    }),
  },
  kulturklik: {
    ruta: /\/events\/upcoming$/,
    ejemplo: "/culture/events/v1.0/events/upcoming?_elements=20&_page=1",
    pagina: (u, r, cap) => {
      const tamano = Math.min(entero(u.searchParams.get("_elements"), 20), cap);
      const pagina = entero(u.searchParams.get("_page"), 1);
      return {
        totalItems: r.length,
        totalPages: Math.ceil(r.length / tamano),
        currentPage: pagina,
        items: trozo(r, (pagina - 1) * tamano, tamano, cap),
      };
    },
  },
  catalunya: {
    ruta: /\/resource\/rhpv-yr4f\.json$/,
    ejemplo: "/resource/rhpv-yr4f.json?$limit=1000&$offset=0",
    pagina: (u, r, cap) =>
      trozo(r, entero(u.searchParams.get("$offset"), 0), entero(u.searchParams.get("$limit"), 1000), cap),
  },
  "diputacio-barcelona": {
    ruta: /^\/api\/dataset\/actesbiblioteques_ca\//,
    ejemplo: "/api/dataset/actesbiblioteques_ca/format/json/pag-ini/1/pag-fi/100",
    pagina: (u, r, cap) => {
      const m = /\/pag-ini\/(\d+)\/pag-fi\/(\d+)/.exec(u.pathname);
      const [ini, fin] = m ? [Number(m[1]), Number(m[2])] : [1, 1000];
      return {
        nom: "Agenda d'activitats de biblioteques",
        tipus: "acte",
        entitats: r.length,
        elements: trozo(r, ini - 1, fin - ini + 1, cap),
      };
    },
  },
};

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
