import { readFileSync } from "node:fs";
import path from "node:path";
import { diaEnMadrid, sumarDias, type Dia } from "../../dates";
import type { Registro } from "../adaptadores/comun";

/**
 * Small samples of each regional agenda (lib/fuentes/fixtures/agendas/{tipo}.json: records copied
 * from the agendas' real answers, dates written relative to the day) and how each agenda pages
 * them: what the demo serves from the app itself (app/demo/agendas) and the tests from
 * 127.0.0.1, so that both read an agenda as the real one answers.
 */

const MUESTRAS = path.join(process.cwd(), "lib/fuentes/fixtures/agendas");

const iso = (d: Dia) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/**
 * An agenda's sample with its dates made relative to `hoy`: "@+3" is the day three days later in
 * Madrid ("@+3T00:00:00Z", "@-30 19:00:00" keep what follows), and "{base}" the server that
 * stands in for the agenda's host.
 */
export function muestraAgenda(tipo: string, base: string, hoy: Dia = diaEnMadrid()): Registro[] {
  const texto = readFileSync(path.join(MUESTRAS, `${tipo}.json`), "utf8")
    .replace(/@([+-]\d+)/g, (_, n: string) => iso(sumarDias(hoy, Number(n))))
    .replaceAll("{base}", base);
  return JSON.parse(texto) as Registro[];
}

/** Which page of the records a request asks for, as each agenda pages, with the server's own cap. */
export interface Forma {
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
    ruta: /\/api\/dataset\/actesbiblioteques_ca\//,
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

/** The page of an agenda's sample that a request for `url` (a path of that agenda) asks for, with pages of at most `cap` records. */
export function paginaDeMuestra(
  url: URL,
  registros: Registro[],
  cap: number,
): { tipo: string; cuerpo: unknown } | null {
  const tipo = Object.keys(FORMAS).find((t) => FORMAS[t].ruta.test(url.pathname));
  return tipo ? { tipo, cuerpo: FORMAS[tipo].pagina(url, registros, cap) } : null;
}
