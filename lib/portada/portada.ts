import "server-only";
import { Memo } from "../cache";
import { readDb, withOneReadDb } from "../db";
import { nomenclatorMunicipios } from "../geo/municipios";
import { BUSQUEDA_MEMO_TTL_MS } from "../plans/constants";
import { PLAN_DESTACADO, PLAN_JOINS, PLAN_LISTED, PLAN_SELECT } from "../plans/queries";
import { municipiosConPlanes, pueblosConPlanesAlrededor, pueblosConPlanesCercaDe } from "../pueblos/planes";
import { versionBusqueda } from "../busqueda/buscar";
import { planesAlrededor } from "../busqueda/alrededor";
import { ventanaFechas } from "../busqueda/estado";
import { baseDelMomento } from "../busqueda/registro";
import type { MunicipioConRuta } from "../geo/slug";
import { serializePlan, type PlanApi, type PlanRow } from "../plans/plan";

/**
 * The home's first visit, before a place is chosen: featured plans and the towns with most
 * plans. Both run on every such visit, so the featured plans read an index of their own with a
 * LIMIT (migration 20261124000100_destacado_hasta), the towns come from the per-municipality
 * count that town pages share (lib/pueblos/planes.ts), and both are remembered by
 * versionBusqueda, as the search is: a repeated visit costs one tiny query, and a change (or an
 * ended featuring) is seen at once.
 */
export const DESTACADOS_PORTADA = 6;
export const PUEBLOS_PORTADA = 8;

export interface PuebloConPlanes {
  municipio: string;
  provincia: string;
  lat: number;
  lng: number;
  planes: number;
}

const destacados = new Memo<PlanApi[]>(4, BUSQUEDA_MEMO_TTL_MS);
const pueblos = new Memo<PuebloConPlanes[]>(4, BUSQUEDA_MEMO_TTL_MS);

/** Featured plans still listed, soonest first (those already on first), from the partial index. */
export function planesDestacados(n = DESTACADOS_PORTADA): Promise<PlanApi[]> {
  return withOneReadDb(() => destacadosEnUnServidor(n));
}

async function destacadosEnUnServidor(n: number): Promise<PlanApi[]> {
  const version = await versionBusqueda();
  return destacados.get(`${version}|${n}`, async () => {
    const rows = await (
      await readDb()
    ).$queryRaw<PlanRow[]>`
      SELECT ${PLAN_SELECT}
      FROM (SELECT p.id, p.fecha_inicio FROM plan p WHERE ${PLAN_DESTACADO} AND ${PLAN_LISTED}
            ORDER BY p.fecha_inicio, p.id LIMIT ${n}) d
      JOIN plan p ON p.id = d.id ${PLAN_JOINS}
      ORDER BY d.fecha_inicio, d.id`;
    return rows.map(serializePlan);
  });
}

/**
 * The municipalities with most listed plans, most first (then by name), with where their search
 * is centred: from the same per-municipality count as the town pages and the sitemap
 * (municipiosConPlanes) and the gazetteer in memory, remembered by search version.
 */
export async function pueblosConMasPlanes(n = PUEBLOS_PORTADA): Promise<PuebloConPlanes[]> {
  const [conPlanes, nomenclator, version] = await Promise.all([
    municipiosConPlanes(),
    nomenclatorMunicipios(),
    versionBusqueda(),
  ]);
  return pueblos.get(`${version}|${n}`, async () =>
    [...conPlanes]
      .flatMap(([ine, planes]) => {
        const m = nomenclator.porIne.get(ine);
        return m && m.lat !== null && m.lng !== null
          ? [{ municipio: m.nombre, provincia: m.provincia, lat: m.lat, lng: m.lng, planes }]
          : [];
      })
      .sort((a, b) => b.planes - a.planes || (a.municipio < b.municipio ? -1 : a.municipio > b.municipio ? 1 : 0))
      .slice(0, n),
  );
}

/**
 * The geographic centre of peninsular Spain (Cerro de los Ángeles, Getafe): "near" for a first
 * visit the home cannot place.
 */
export const CENTRO_ESPANA = { lat: 40.3456, lng: -3.7114 } as const;
/** How many towns the first visit's feed tries, in turn, before it settles for fewer plans. */
const PUEBLOS_DEL_FEED = 3;
/** The example place shows at least this many plans, so its first screen holds more than one card. */
export const MIN_PLANES_EJEMPLO = 5;
/** Around the example place: its plans and those of the villages next to it. */
export const RADIO_EJEMPLO_KM = 25;

export interface FeedPortada {
  /** "finde": this weekend's plans; "proximos": no weekend plans near, the coming ones. */
  cuando: "finde" | "proximos";
  /** The town the plans are around (its search is one tap away). */
  municipio: MunicipioConRuta;
  planes: PlanApi[];
  /** The date order's base instant of their search (for their day groups). */
  base: number;
}

/**
 * The first visit's feed, around an example place: the town nearest to the centre of Spain with
 * at least MIN_PLANES_EJEMPLO of this weekend's plans within RADIO_EJEMPLO_KM, by date (the web's
 * order), through the one search function and its memo; else, the same with the coming plans.
 * The towns tried are those with that many plans around them by the per-town count (a few, in
 * turn); when none has them, the one with most plans among them, else the nearest town with
 * plans. Distances are left out: they would be from that town, not from the visitor. Null when
 * no plan is listed at all.
 */
export async function feedPortada(ahora: number): Promise<FeedPortada | null> {
  const conPlanes = await pueblosConPlanesAlrededor(
    CENTRO_ESPANA,
    PUEBLOS_DEL_FEED,
    MIN_PLANES_EJEMPLO,
    RADIO_EJEMPLO_KM,
  );
  const pueblos = conPlanes.length > 0 ? conPlanes : await pueblosConPlanesCercaDe(CENTRO_ESPANA, 1);
  const finde = ventanaFechas("finDeSemana", 0, new Date(ahora))!;
  const buscar = async (m: MunicipioConRuta, ventana: { desde: Date; hasta: Date } | null) =>
    m.lat === null || m.lng === null
      ? []
      : (await planesAlrededor({ lng: m.lng, lat: m.lat, n: FEED_PORTADA, ventana, radio: RADIO_EJEMPLO_KM })).map(
          (p) => ({ ...p, distancia: undefined }),
        );
  let mejor: FeedPortada | null = null;
  for (const [cuando, ventana] of [
    ["finde", finde],
    ["proximos", null],
  ] as const) {
    for (const { municipio } of pueblos) {
      const planes = await buscar(municipio, ventana);
      const feed = { cuando, municipio, planes, base: baseDelMomento(ahora, ventana?.desde) };
      if (planes.length >= MIN_PLANES_EJEMPLO) return feed;
      if (planes.length > (mejor?.planes.length ?? 0)) mejor = feed;
    }
  }
  return mejor;
}

/** How many plans the first visit's feed shows. */
export const FEED_PORTADA = 8;
