import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { normalizar } from "../busqueda/palabras";
import { relojMadrid } from "../dates";
import { type NomenclatorMunicipios, slug } from "../geo/slug";
import { type ActoLeido, leerPrograma } from "./leer";
import { municipioDelPrograma } from "./municipio";

/**
 * How well leerPrograma reads a corpus of programmes (NN-slug.txt with its expected reading
 * NN-slug.json, as fixtures/corpus/README.md describes them): read acts are matched to expected
 * ones in order, by day and hour, and the matched pairs' titles, places and nights compared.
 */

interface ActoEsperado {
  fecha: string;
  hora: string | null;
  fin: string | null;
  noche: string | null;
  aContinuacion: boolean;
  titulo: string;
  lugar: string | null;
}

interface Esperado {
  referencia: string;
  municipio?: string;
  titulo: string;
  actos: ActoEsperado[];
  ruido: string[];
}

/** The counts of one programme, or of a whole corpus. */
export interface Cuentas {
  esperados: number;
  leidos: number;
  /** Read acts matched to an expected one on day and hour. */
  emparejados: number;
  titulos: number;
  lugares: number;
  /** Expected acts after midnight, and those read on the right day with the right night. */
  noches: number;
  nochesBien: number;
  /** Expected noise lines that the reader listed as unread. */
  ruidoSinLeer: number;
  /** Programmes whose town was looked for (with the gazetteer), and those named right. */
  municipios: number;
  municipiosBien: number;
  ms: number;
}

const cuentasACero = (): Cuentas => ({
  esperados: 0,
  leidos: 0,
  emparejados: 0,
  titulos: 0,
  lugares: 0,
  noches: 0,
  nochesBien: 0,
  ruidoSinLeer: 0,
  municipios: 0,
  municipiosBien: 0,
  ms: 0,
});

export interface Puntuacion extends Cuentas {
  fichero: string;
  /** Expected acts without a read match, read acts without an expected one, and matched pairs that differ, for a look. */
  perdidos: string[];
  sobrantes: string[];
  distintos: string[];
}

export interface PuntuacionCorpus {
  ficheros: Puntuacion[];
  total: Cuentas;
}

/** Recall, precision and the shares of right titles, places and nights, from counts. */
export function porcentajes(c: Cuentas) {
  const p = (a: number, b: number) => (b === 0 ? 100 : (100 * a) / b);
  return {
    exhaustividad: p(c.emparejados, c.esperados),
    precision: p(c.emparejados, c.leidos),
    titulos: p(c.titulos, c.emparejados),
    lugares: p(c.lugares, c.emparejados),
    noches: p(c.nochesBien, c.noches),
    municipios: p(c.municipiosBien, c.municipios),
  };
}

const palabras = (t: string) => normalizar(t).split(" ").filter(Boolean);

/** Words a place is compared without: articles and prepositions, Spanish and Catalan. */
const VACIAS = new Set("el la los las l les els lo de del d a al en des desde hasta fins i y e por per".split(" "));

/** Every word of more than two letters of the expected title in the read one, which is at most twice as long. */
export function tituloBien(esperado: string, leido: string): boolean {
  const leidas = palabras(leido);
  const esperadas = palabras(esperado);
  return (
    esperadas.filter((p) => p.length > 2).every((p) => leidas.includes(p)) && leidas.length <= 2 * esperadas.length
  );
}

/** Both without a place, or the same words but articles and prepositions. */
export function lugarBien(esperado: string | null, leido: string | null): boolean {
  if (esperado === null || leido === null) return esperado === leido;
  const clave = (t: string) =>
    palabras(t)
      .filter((p) => !VACIAS.has(p))
      .join(" ");
  return clave(esperado) === clave(leido);
}

/** A read act's Madrid day and hour ("HH:MM"), as the expected reading writes them. */
function diaYHora(a: ActoLeido): { fecha: string; hora: string } {
  const r = relojMadrid(new Date(a.inicio).getTime());
  const dos = (n: number) => String(n).padStart(2, "0");
  return { fecha: `${r.year}-${dos(r.month)}-${dos(r.day)}`, hora: `${dos(r.hour)}:${dos(r.minute)}` };
}

const comunes = (a: string, b: string) => {
  const enB = new Set(palabras(b));
  return palabras(a).filter((p) => enB.has(p)).length;
};

/** One programme's reading against its expected one; its town too, given the gazetteer. */
export function puntuar(
  texto: string,
  esperado: Esperado,
  fichero = "",
  nomenclator?: NomenclatorMunicipios,
): Puntuacion {
  const t0 = performance.now();
  const leido = leerPrograma(texto, { referencia: esperado.referencia });
  const ms = performance.now() - t0;
  const libres = leido.actos.map((a) => ({ acto: a, ...diaYHora(a), usado: false }));
  const c: Puntuacion = {
    ...cuentasACero(),
    fichero,
    esperados: esperado.actos.length,
    leidos: leido.actos.length,
    ms,
    perdidos: [],
    sobrantes: [],
    distintos: [],
  };
  for (const e of esperado.actos) {
    if (e.noche) c.noches++;
    // Same day and hour (an expected act without an hour matches one read without its own);
    // among several, the one whose title shares most words with the expected one.
    const candidatos = libres.filter(
      (l) =>
        !l.usado && l.fecha === e.fecha && (e.hora === null ? l.acto.sinHora : !l.acto.sinHora && l.hora === e.hora),
    );
    const mejor = candidatos.reduce<(typeof libres)[number] | null>(
      (m, l) => (m === null || comunes(e.titulo, l.acto.titulo) > comunes(e.titulo, m.acto.titulo) ? l : m),
      null,
    );
    if (!mejor) {
      c.perdidos.push(`${e.fecha} ${e.hora ?? "--:--"} ${e.titulo}`);
      continue;
    }
    mejor.usado = true;
    c.emparejados++;
    const bien = {
      titulo: tituloBien(e.titulo, mejor.acto.titulo),
      lugar: lugarBien(e.lugar, mejor.acto.direccion),
      noche: !e.noche || mejor.acto.noche === e.noche,
    };
    if (bien.titulo) c.titulos++;
    if (bien.lugar) c.lugares++;
    if (e.noche && bien.noche) c.nochesBien++;
    if (!bien.titulo) c.distintos.push(`título «${e.titulo}» ≠ «${mejor.acto.titulo}»`);
    if (!bien.lugar) c.distintos.push(`lugar «${e.lugar}» ≠ «${mejor.acto.direccion}» (${e.titulo})`);
    if (!bien.noche) c.distintos.push(`noche ${e.noche} ≠ ${mejor.acto.noche} (${e.titulo})`);
  }
  for (const l of libres)
    if (!l.usado) c.sobrantes.push(`${l.fecha} ${l.acto.sinHora ? "--:--" : l.hora} ${l.acto.titulo}`);
  const sinLeer = new Set(leido.sinLeer.map((s) => s.texto.trim()));
  c.ruidoSinLeer = esperado.ruido.filter((r) => sinLeer.has(r.trim())).length;
  if (nomenclator && esperado.municipio) {
    c.municipios = 1;
    const leidoEn = municipioDelPrograma(texto, nomenclator)?.nombre ?? "";
    if (slug(leidoEn) === slug(esperado.municipio)) c.municipiosBien = 1;
    else c.distintos.push(`municipio «${esperado.municipio}» ≠ «${leidoEn}»`);
  }
  return c;
}

/** A corpus folder's programmes: each text with its expected reading and its name. */
export function programasDe(dir: string): { nombre: string; texto: string; esperado: Esperado }[] {
  const ficheros = readdirSync(dir);
  return ficheros
    .filter((f) => f.endsWith(".txt") && ficheros.includes(f.replace(/\.txt$/, ".json")))
    .sort()
    .map((f) => ({
      nombre: f.replace(/\.txt$/, ""),
      texto: readFileSync(path.join(dir, f), "utf8"),
      esperado: JSON.parse(readFileSync(path.join(dir, f.replace(/\.txt$/, ".json")), "utf8")) as Esperado,
    }));
}

function totales(ficheros: Puntuacion[]): PuntuacionCorpus {
  const total = cuentasACero();
  for (const f of ficheros) for (const k of Object.keys(total) as (keyof Cuentas)[]) total[k] += f[k];
  return { ficheros, total };
}

/** Every programme of a corpus folder, and the corpus's totals. */
export function puntuarCorpus(dir: string, nomenclator?: NomenclatorMunicipios): PuntuacionCorpus {
  return totales(programasDe(dir).map((p) => puntuar(p.texto, p.esperado, p.nombre, nomenclator)));
}

/**
 * The same, each programme's text first made into a file (`hacer`: a PDF, a poster) and read
 * back (`leer`: the file's text); reading the file counts in the programme's time.
 */
export async function puntuarCorpusComo(
  dir: string,
  hacer: (texto: string) => Buffer | Promise<Buffer>,
  leer: (archivo: Buffer) => Promise<string>,
  nomenclator?: NomenclatorMunicipios,
): Promise<PuntuacionCorpus> {
  const ficheros: Puntuacion[] = [];
  for (const p of programasDe(dir)) {
    const archivo = await hacer(p.texto);
    const t0 = performance.now();
    const texto = await leer(archivo);
    const ms = performance.now() - t0;
    const c = puntuar(texto, p.esperado, p.nombre, nomenclator);
    ficheros.push({ ...c, ms: c.ms + ms });
  }
  return totales(ficheros);
}
