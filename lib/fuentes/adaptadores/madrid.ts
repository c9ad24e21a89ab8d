import type { Categoria } from "../../plans/constants";
import { htmlAMarkdown } from "../html";
import { FormatoNoValido } from "../errores";
import type { Adaptador, ItemFuente, Lugar, Regla } from "../tipos";
import {
  coordenadas,
  diceGratis,
  enMadridDia,
  expandirSerie,
  hora,
  objeto,
  type Registro,
  leerJson,
  numero,
  numeroDia,
  precioDe,
  textoPlano,
  texto,
  tituloCancelado,
  unaLinea,
  urlAbsoluta,
  type Serie,
} from "./comun";

/**
 * The City of Madrid's "Agenda de actividades y eventos" (datos.madrid.es, dataset 206974), in
 * its JSON form: `{"@context": …, "@graph": [ … ]}`, one record an activity. Its times are
 * Madrid wall-clock times ("2026-10-02 19:00:00.0"); "23:59" is the day's end, not a time
 * anyone gives; a record that repeats says so in `recurrence` (days "MO,TU", frequency,
 * interval) over dtstart…dtend, at `time`, minus `excluded-days` ("31/10/2026;4/1/2027;").
 */

/** The agenda's activity types (the last parts of `@type`) as the spec's categories. */
const CATEGORIAS_MADRID: Record<string, Categoria[]> = {
  Musica: ["Cultura"],
  DanzaBaile: ["Cultura"],
  TeatroPerformance: ["Cultura"],
  Exposiciones: ["Cultura"],
  CineActividadesAudiovisuales: ["Cultura"],
  CircoMagia: ["Cultura"],
  ConferenciasColoquios: ["Cultura"],
  ClubesLectura: ["Cultura"],
  RecitalesPresentacionesActosLiterarios: ["Cultura"],
  ProgramacionDestacadaAgendaCultura: ["Cultura"],
  ComemoracionesHomenajes: ["Cultura"],
  ActividadesCalleArteUrbano: ["Cultura"],
  "1ciudad21distritos": ["Cultura"],
  Festivales: ["Cultura"],
  CuentacuentosTiteresMarionetas: ["Infantil", "Cultura"],
  Campamentos: ["Infantil"],
  CursosTalleres: ["Taller"],
  ActividadesDeportivas: ["Deporte"],
  ExcursionesItinerariosVisitas: ["Turismo"],
  ItinerariosOtrasActividadesAmbientales: ["Turismo"],
  Fiestas: ["Fiestas de pueblo"],
  FiestasCarnavales: ["Fiestas de pueblo"],
  Gastronomia: ["Gastronomía"],
};

/** `audience` values that make an activity one for children. */
const PUBLICO_INFANTIL = /\b(niñ[oa]s|familias|infantil)\b/i;

const FRECUENCIAS: Record<string, Regla["frecuencia"]> = {
  DAILY: "DAILY",
  WEEKLY: "WEEKLY",
  MONTHLY: "MONTHLY",
  YEARLY: "YEARLY",
};
const DIAS: Record<string, number> = { SU: 0, MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6 };

/** "2026-10-02 19:00:00.0" (or "…T19:00:00") as its Madrid day number and "HH:mm". */
function fechaHora(valor: unknown): { dia: number; hora: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}))?/.exec(texto(valor) ?? "");
  if (!m) return null;
  const dia = numeroDia(Number(m[1]), Number(m[2]), Number(m[3]));
  return dia === null ? null : { dia, hora: m[4] ?? "00:00" };
}

/** "31/10/2026;4/1/2027;" as day numbers. */
function diasExcluidos(valor: unknown): Set<number> {
  const dias = new Set<number>();
  for (const parte of (texto(valor) ?? "").split(/[;,]/)) {
    const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(parte);
    const dia = m && numeroDia(Number(m[3]), Number(m[2]), Number(m[1]));
    if (dia !== null && dia !== undefined) dias.add(dia);
  }
  return dias;
}

function categorias(tipo: unknown, publico: unknown): Categoria[] {
  const partes = (texto(tipo) ?? "").split("/actividades/").pop()!.split("/").reverse();
  const salida = new Set<Categoria>(partes.map((p) => CATEGORIAS_MADRID[p]).find(Boolean) ?? []);
  if (PUBLICO_INFANTIL.test(texto(publico) ?? "")) salida.add("Infantil");
  return [...salida];
}

const capitalizar = (t: string) =>
  t.toLocaleLowerCase("es").replace(/(^|[\s-])(\p{L})/gu, (_, a: string, b: string) => a + b.toLocaleUpperCase("es"));

function lugar(r: Registro): Lugar {
  const area = objeto(objeto(r.address).area);
  const direccion = texto(area["street-address"]);
  // The agenda writes the town in capitals ("MADRID"); every record of it is in the city.
  const municipio = texto(area.locality) ? capitalizar(texto(area.locality)!) : "Madrid";
  const punto = coordenadas(objeto(r.location).latitude, objeto(r.location).longitude);
  return {
    texto: unaLinea(texto(r["event-location"]), direccion, municipio),
    direccion,
    municipio,
    provincia: "Madrid",
    lat: punto?.lat ?? null,
    lng: punto?.lng ?? null,
  };
}

function item(r: Registro, ctx: { url: string }): ItemFuente | null {
  const id = texto(r.id) ?? texto(r.uid) ?? texto(r["@id"]);
  const titulo = textoPlano(r.title);
  const desde = fechaHora(r.dtstart);
  if (!id || !titulo || !desde) return null;
  const hasta = fechaHora(r.dtend) ?? desde;

  const horaInicio = hora(r.time) ?? (desde.hora !== "00:00" ? desde.hora : null);
  const todoElDia = horaInicio === null;
  const inicio = enMadridDia(desde.dia, horaInicio ?? "00:00");
  const excluidos = diasExcluidos(r["excluded-days"]);

  const recurrencia = objeto(r.recurrence);
  const frecuencia = FRECUENCIAS[(texto(recurrencia.frequency) ?? "").toUpperCase()];
  const regla: Regla | null = frecuencia
    ? {
        frecuencia,
        intervalo: Math.max(1, numero(recurrencia.interval) ?? 1),
        dias: (texto(recurrencia.days) ?? "")
          .split(",")
          .map((d) => DIAS[d.trim().toUpperCase()])
          .filter((d) => d !== undefined),
        hasta: enMadridDia(hasta.dia, "23:59"),
        cuenta: null,
        simple: true,
      }
    : null;

  let fin: Date | null;
  if (regla) fin = todoElDia ? enMadridDia(desde.dia + 1) : null;
  else if (todoElDia) fin = enMadridDia(hasta.dia + 1);
  else if (hasta.dia === desde.dia && hasta.hora === "23:59") fin = null;
  else fin = enMadridDia(hasta.dia, hasta.hora);

  const serie: Serie | null = regla && {
    inicio,
    duracion: todoElDia ? 86_400_000 : null,
    regla,
    diasExcluidos: excluidos,
  };

  const precioTexto = texto(r.price);
  const precio = precioDe(precioTexto);
  const gratis =
    numero(r.free) === 1 || diceGratis(precioTexto) || precio === 0 ? true : precio !== null ? false : null;

  return {
    id,
    titulo,
    descripcion: htmlAMarkdown(texto(r.description)),
    cancelado: tituloCancelado(titulo),
    inicio,
    fin,
    todoElDia,
    regla,
    excluidas: [...excluidos].sort((a, b) => a - b).map((d) => enMadridDia(d, horaInicio ?? "00:00")),
    ocurrencias: serie ? (d, h, max) => expandirSerie(serie, d, h, max) : null,
    lugar: lugar(r),
    gratis,
    precio: gratis && precio === null ? 0 : precio,
    imagen: null,
    url: urlAbsoluta(r.link, ctx.url),
    organizador: texto(objeto(r.organization)["organization-name"]),
    categorias: categorias(r["@type"], r.audience),
  };
}

function registros(texto: string): Registro[] | null {
  const grafo = objeto(leerJson(texto))["@graph"];
  return Array.isArray(grafo) ? grafo.map(objeto) : null;
}

export const adaptadorMadrid: Adaptador = {
  tipo: "madrid",
  etiqueta: "Agenda de Madrid",
  tiposMime: ["application/json", "text/json", "application/ld+json"],
  reconoce(t) {
    const inicio = t.slice(0, 20_000);
    return /^\uFEFF?\s*\{/.test(inicio) && /"@graph"\s*:\s*\[/.test(inicio) && /"dtstart"\s*:/.test(inicio);
  },
  leer(t, ctx) {
    const lista = registros(t);
    if (!lista)
      throw new FormatoNoValido("La respuesta no es la agenda de datos abiertos de Madrid (JSON con @graph).");
    const items = lista.map((r) => item(r, ctx)).filter((i): i is ItemFuente => i !== null);
    if (lista.length && !items.length)
      throw new FormatoNoValido("La agenda de Madrid no trae actividades con título y fecha de inicio.");
    return items;
  },
};
