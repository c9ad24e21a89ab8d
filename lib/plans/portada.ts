import "server-only";
import { Memo } from "../cache";
import { readDb, withOneReadDb } from "../db";
import { BUSQUEDA_MEMO_TTL_MS } from "./constants";
import { PLAN_DESTACADO, PLAN_JOINS, PLAN_LISTED, PLAN_SELECT } from "./queries";
import { versionBusqueda } from "./search";
import { serializePlan, type PlanApi, type PlanRow } from "./plan";

/**
 * The home's first visit, before a place is chosen: featured plans and the towns with most
 * plans. Both run on every such visit, so each reads an index of its own with a LIMIT
 * (migrations 20261123200000_primera_visita, 20261124000100_destacado_hasta) and is remembered
 * by versionBusqueda, as the search is: a repeated visit costs one tiny query, and a change (or
 * an ended featuring) is seen at once.
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

/** The municipalities with most listed plans, most first, with where their search is centred. */
export function pueblosConMasPlanes(n = PUEBLOS_PORTADA): Promise<PuebloConPlanes[]> {
  return withOneReadDb(() => pueblosEnUnServidor(n));
}

async function pueblosEnUnServidor(n: number): Promise<PuebloConPlanes[]> {
  const version = await versionBusqueda();
  return pueblos.get(`${version}|${n}`, async () => {
    const rows = await (
      await readDb()
    ).$queryRaw<(Omit<PuebloConPlanes, "planes"> & { planes: bigint })[]>`
      SELECT m.nombre AS municipio, m.provincia, m.lat, m.lng, t.planes
      FROM (SELECT p.municipio_ine AS ine, count(*) AS planes FROM plan p
            WHERE p.municipio_ine IS NOT NULL AND ${PLAN_LISTED}
            GROUP BY p.municipio_ine ORDER BY planes DESC, p.municipio_ine LIMIT ${n}) t
      JOIN municipio m ON m.ine = t.ine
      WHERE m.lat IS NOT NULL AND m.lng IS NOT NULL
      ORDER BY t.planes DESC, m.nombre`;
    return rows.map((r) => ({ ...r, planes: Number(r.planes) }));
  });
}
