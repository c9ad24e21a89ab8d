import proj4 from "proj4";
import { DIA_SEMANA_POR_NOMBRE } from "../../dates";
import type { Categoria } from "../../plans/constants";
import { htmlAMarkdown } from "../html";
import { FormatoNoValido } from "../errores";
import type { Adaptador, ItemFuente, Lugar, Regla } from "../tipos";
import {
  coordenadas,
  duracionEntre,
  enMadridDia,
  leerJson,
  segunRegla,
  hora,
  objeto,
  type Registro,
  numero,
  numeroDia,
  textoPlano,
  texto,
  tituloCancelado,
  unaLinea,
  urlAbsoluta,
  diaSemana,
} from "./comun";

/**
 * Zaragoza's cultural agenda (https://www.zaragoza.es/sede/servicio/cultura/evento/list.json,
 * documented at zaragoza.es/docs-api_sede): `{totalCount, start, rows, result: [ … ]}`. An
 * activity's dates are calendar days ("2026-10-02T00:00:00"); its times live in each subEvent,
 * one per venue, as `openingHours` [{dayOfWeek: "Viernes", startTime: "10:30", endTime}]. Without
 * `srsname=wgs84` in the query its coordinates are UTM zone 30N (ETRS89, EPSG:25830) metres.
 */

/** The agenda's category titles as the spec's categories. */
const CATEGORIAS_ZARAGOZA: Record<string, Categoria[]> = {
  musica: ["Cultura"],
  "teatro y artes escenicas": ["Cultura"],
  cine: ["Cultura"],
  "imagen y sonido": ["Cultura"],
  exposiciones: ["Cultura"],
  "artes plasticas": ["Cultura"],
  literatura: ["Cultura"],
  conferencias: ["Cultura"],
  "ferias y fiestas": ["Fiestas de pueblo"],
  deporte: ["Deporte"],
  "ocio y juegos": ["Infantil"],
  "actividades vacacionales": ["Infantil"],
  infantil: ["Infantil"],
  gastronomia: ["Gastronomía"],
  "cursos y talleres": ["Taller"],
  formacion: ["Taller"],
  "visitas turisticas": ["Turismo"],
  "medio ambiente y naturaleza": ["Aventura"],
};

const sinTildes = (t: string) =>
  t
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

const lista = (v: unknown): Registro[] => (Array.isArray(v) ? v.map(objeto) : []);

/**
 * ETRS89 / UTM zone 30N (EPSG:25830) as PROJ defines it, written out so that nothing is looked
 * up at run time; ETRS89 and WGS84 agree to well under a metre in Spain, hence the null shift.
 */
const ETRS89_UTM30N = "+proj=utm +zone=30 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs +type=crs";
const desdeUtm30 = proj4(ETRS89_UTM30N, "EPSG:4326");

/** Latitude and longitude (degrees) of a point in UTM zone 30N metres, Zaragoza's zone. */
export function utmAGeograficas(este: number, norte: number): { lat: number; lng: number } {
  const [lng, lat] = desdeUtm30.forward([este, norte]);
  return { lat, lng };
}

/** A GeoJSON point in either of the agenda's systems: [lng, lat] degrees, or UTM 30N metres. */
function punto(geometria: unknown): { lat: number; lng: number } | null {
  const c = objeto(geometria).coordinates;
  if (!Array.isArray(c) || c.length < 2) return null;
  const x = numero(c[0]);
  const y = numero(c[1]);
  if (x === null || y === null) return null;
  if (Math.abs(x) <= 180 && Math.abs(y) <= 90) return coordenadas(y, x);
  // Metres: a plausible UTM easting and a northing in the Iberian peninsula's band.
  if (x > 100_000 && x < 900_000 && y > 3_900_000 && y < 4_900_000) return utmAGeograficas(x, y);
  return null;
}

/** "2026-10-02T00:00:00" as the Madrid day number it names. */
function dia(valor: unknown): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(texto(valor) ?? "");
  return m ? numeroDia(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function lugar(sub: Registro, evento: Registro): Lugar {
  const sitio = objeto(sub.location);
  const nombre = texto(sitio.title) ?? texto(evento.location);
  const direccion = texto(sitio.streetAddress);
  const municipio = texto(sitio.addressLocality) ?? "Zaragoza";
  const p = punto(sitio.geometry) ?? punto(evento.geometry);
  return {
    texto: unaLinea(/por determinar/i.test(nombre ?? "") ? null : nombre, direccion, municipio),
    direccion,
    municipio,
    provincia: texto(sitio.addressRegion) ?? "Zaragoza",
    lat: p?.lat ?? null,
    lng: p?.lng ?? null,
  };
}

/** One timetable of a subEvent: the weekdays that share a start and an end. */
interface Horario {
  inicio: string | null;
  fin: string | null;
  dias: number[];
}

function horarios(sub: Registro): Horario[] {
  const grupos = new Map<string, Horario>();
  for (const h of lista(sub.openingHours)) {
    const inicio = hora(h.startTime);
    if (!inicio) continue;
    const fin = hora(h.endTime);
    const clave = `${inicio}-${fin ?? ""}`;
    const grupo = grupos.get(clave) ?? { inicio, fin, dias: [] };
    const d = DIA_SEMANA_POR_NOMBRE[sinTildes(texto(h.dayOfWeek) ?? "")];
    if (d !== undefined && !grupo.dias.includes(d)) grupo.dias.push(d);
    grupos.set(clave, grupo);
  }
  return grupos.size ? [...grupos.values()] : [{ inicio: null, fin: null, dias: [] }];
}

/** What an activity says of its price: free when every fare is 0 or called free; its lowest fare. */
function precio(evento: Registro): { gratis: boolean | null; precio: number | null } {
  const tarifas = lista(evento.price);
  if (!tarifas.length) return { gratis: null, precio: null };
  const importes = tarifas.map((t) => (/gratu/i.test(texto(t.fareGroup) ?? "") ? 0 : numero(t.hasCurrencyValue)));
  const conocidos = importes.filter((i): i is number => i !== null);
  if (!conocidos.length) return { gratis: null, precio: null };
  return { gratis: conocidos.every((i) => i === 0), precio: Math.min(...conocidos) };
}

/** The activity's poster, not the category's stock icon that the agenda puts when there is none. */
function imagen(evento: Registro, base: string): string | null {
  const url = urlAbsoluta(evento.image, base);
  if (!url) return null;
  const deCategoria = lista(evento.category).some((c) =>
    [c.image, c.imageAlt].some((i) => urlAbsoluta(i, base) === url),
  );
  return deCategoria || /\/actividades\/icon\//.test(url) ? null : url;
}

function categorias(evento: Registro): Categoria[] {
  const salida = new Set<Categoria>();
  for (const c of lista(evento.category))
    for (const k of CATEGORIAS_ZARAGOZA[sinTildes(texto(c.title) ?? "")] ?? []) salida.add(k);
  if (lista(evento.population).some((p) => /infancia|niñ|familia/i.test(texto(p.title) ?? ""))) salida.add("Infantil");
  return [...salida];
}

function items(evento: Registro, base: string): ItemFuente[] {
  const id = texto(evento.id);
  const titulo = textoPlano(evento.title);
  if (!id || !titulo) return [];
  const subs = lista(evento.subEvent);
  const partes = (subs.length ? subs : [evento]).flatMap((sub) => horarios(sub).map((h) => ({ sub, h })));
  const comunes = {
    titulo,
    descripcion: htmlAMarkdown(texto(evento.description)),
    cancelado: tituloCancelado(titulo),
    ...precio(evento),
    imagen: imagen(evento, base),
    url:
      urlAbsoluta(evento.alt, base) ?? `https://www.zaragoza.es/sede/servicio/cultura/evento/${encodeURIComponent(id)}`,
    organizador: texto(lista(evento.organizer)[0]?.title),
    categorias: categorias(evento),
  };

  const salida: ItemFuente[] = [];
  for (const { sub, h } of partes) {
    const desde = dia(sub.startDate) ?? dia(evento.startDate);
    if (desde === null) continue;
    const hasta = Math.max(desde, dia(sub.endDate) ?? dia(evento.endDate) ?? desde);
    const clave = partes.length === 1 ? id : [id, texto(sub.id), h.inicio?.replace(":", "")].filter(Boolean).join("-");
    const propio = { id: clave, ...comunes, lugar: lugar(sub, evento), excluidas: [] };

    if (!h.inicio) {
      salida.push({
        ...propio,
        inicio: enMadridDia(desde),
        fin: enMadridDia(hasta + 1),
        todoElDia: true,
        regla: null,
        ocurrencias: null,
      });
      continue;
    }
    const duracion = duracionEntre(h.inicio, h.fin);
    if (hasta === desde) {
      const inicio = enMadridDia(desde, h.inicio);
      salida.push({
        ...propio,
        inicio,
        fin: duracion === null ? null : new Date(inicio.getTime() + duracion),
        todoElDia: false,
        regla: null,
        ocurrencias: null,
      });
      continue;
    }
    // A timetable over several days: its weekdays from the first that has one.
    let primero = desde;
    while (h.dias.length && !h.dias.includes(diaSemana(primero)) && primero < hasta) primero++;
    const regla: Regla = {
      frecuencia: h.dias.length ? "WEEKLY" : "DAILY",
      intervalo: 1,
      dias: [...h.dias].sort((a, b) => a - b),
      hasta: enMadridDia(hasta, "23:59"),
      cuenta: null,
      simple: true,
    };
    salida.push({ ...propio, ...segunRegla(enMadridDia(primero, h.inicio), duracion, regla) });
  }
  return salida;
}

export const adaptadorZaragoza: Adaptador = {
  tipo: "zaragoza",
  etiqueta: "Agenda de Zaragoza",
  tiposMime: ["application/json", "text/json"],
  reconoce(t) {
    const inicio = t.slice(0, 20_000);
    return (
      /^\uFEFF?\s*\{/.test(inicio) &&
      /"result"\s*:\s*\[/.test(inicio) &&
      /"totalCount"\s*:/.test(inicio) &&
      /"subEvent"\s*:|zaragoza\.es\/(sede\/servicio\/cultura\/evento|api\/recurso\/cultura-ocio)/.test(inicio)
    );
  },
  leer(t, ctx) {
    const resultado = objeto(leerJson(t)).result;
    if (!Array.isArray(resultado))
      throw new FormatoNoValido("La respuesta no es la agenda cultural de Zaragoza (JSON con result).");
    const salida = resultado.flatMap((e) => items(objeto(e), ctx.url));
    if (resultado.length && !salida.length)
      throw new FormatoNoValido("La agenda de Zaragoza no trae actividades con título y fecha.");
    return salida;
  },
};
